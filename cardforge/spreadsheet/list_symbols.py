"""Symbols written in a card list's text, read as icon tokens: ``$2`` → ``:coin{2}:``.

A designer's list writes its symbols as text (``Gain $2.``, ``Worth 3 VP``, ``Pay {R}``,
``⚔``); the list stays as it is, and game.yaml says how to read them (``decks: <id>:
sheet: symbols:``, written by ``cardforge new --cards``)::

    symbols: {"$#": coin, "# VP": vp, "{#}": mana, "⚔": swords}

Each key is a symbol as written, ``#`` standing for its value (one to three digits,
capital letters, ``+``, ``-``, ``×`` or ``?``: what :data:`cardforge.render.templating.icons.VALUE_RE`
can draw); each value is an icon's name. A symbol with ``#`` becomes the icon carrying the
value (``:coin{2}:``), one without it the icon (``:swords:``); an emoji's variation
selector (U+FE0F) after it goes with it. A value written next to a letter or digit is not
a symbol (``12 VPs`` is left alone). Only the deck's ``text`` and ``localized`` fields are
read this way, so ids, enums and keywords keep their values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardforge.loading.document import Document

VALUE = "#"
"""What stands for a symbol's value in a written symbol."""
_VALUE_RE = r"([0-9A-Z+×?-]{1,3})"
TEXT_TYPES = ("text", "localized")
"""The field types whose text is read for symbols."""


def _source(written: str, group: str = "value") -> str:
    head, _, tail = written.partition(VALUE)
    body = re.escape(head) + (f"(?P<{group}>{_VALUE_RE})" + re.escape(tail) if VALUE in written else "")
    before = r"(?<![0-9A-Za-z])" if not head or head[0].isalnum() else ""
    last = (tail or (VALUE if VALUE in written else head))[-1:]
    after = r"(?![0-9A-Za-z])" if last.isalnum() or last == VALUE else ""
    return before + body + after + ("\ufe0f?" if VALUE not in written else "")


def symbol_pattern(written: str) -> re.Pattern[str]:
    """The pattern finding symbol ``written`` (see the module) in a text, its value (if
    ``#`` is in it) as the group ``value``."""
    return re.compile(_source(written))


_TOKEN = r"(?P<token>:[a-z][a-z0-9-]*(?:\{[^{}:\n]{0,20}\})?:)"
"""An icon token already written: left as it is (its value is not a symbol)."""


class Symbols:
    """A deck's symbols (written → icon name) ready to replace in texts, all in one pass
    (a token made of one symbol is never read again for another: ``3 VP`` becomes
    ``:vp{3}:``, whose ``{3}`` is not a ``{#}`` symbol)."""

    def __init__(self, symbols: Mapping[str, str]) -> None:
        # longest first, so that of two symbols starting at one place the longer is read
        ordered = sorted(symbols.items(), key=lambda item: -len(item[0]))
        self.icons = {f"s{n}": (icon, VALUE in written) for n, (written, icon) in enumerate(ordered)}
        self.pattern = re.compile("|".join([_TOKEN, *(f"(?P<s{n}>{_source(written, f'v{n}')})"
                                                      for n, (written, _) in enumerate(ordered))]))

    def replace(self, text: str) -> str:
        """``text`` with every symbol written as its icon token."""
        return self.pattern.sub(self._token, text)

    def _token(self, match: re.Match[str]) -> str:
        group = match.lastgroup or "token"
        if group == "token" or group not in self.icons:
            return match.group(0)
        icon, valued = self.icons[group]
        return f":{icon}{{{match.group('v' + group[1:])}}}:" if valued else f":{icon}:"


def with_icons(doc: Document, symbols: Mapping[str, str], fields: Mapping[str, Any]) -> None:
    """Replace the symbols of ``symbols`` in the text fields of card file ``doc``'s cards
    (``fields``: the deck's ``fields:`` from game.yaml; a field whose ``type`` is in
    :data:`TEXT_TYPES`). ``doc.data`` gets new card objects; positions are unchanged."""
    data = doc.data
    names = {name for name, spec in fields.items()
             if isinstance(spec, dict) and spec.get("type") in TEXT_TYPES}
    if not symbols or not names or not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return
    read = Symbols(symbols)
    cards = []
    for card in data["cards"]:
        if isinstance(card, dict):
            card = {key: _replaced(value, read) if key in names else value for key, value in card.items()}
        cards.append(card)
    doc.data = {**data, "cards": cards}


def _replaced(value: Any, read: Symbols) -> Any:
    if isinstance(value, str):
        return read.replace(value)
    if isinstance(value, dict):
        return {key: read.replace(text) if isinstance(text, str) else text for key, text in value.items()}
    return value
