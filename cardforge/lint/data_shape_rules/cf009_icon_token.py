"""Unknown icon token: card text names an icon that does not exist.

Card text may show icons inline with ``:name:`` tokens — core icons ``:die-1:`` …
``:die-6:``, ``:white:``, ``:green:``, ``:red:``, ``:yellow:``, ``:vp:``, plus each game
pack's own (``templates/<game>/icons/<name>.svg``, which a workspace may add to). A token
that matches no icon would print as plain text, so it is reported at its exact line and
column, with the closest icon name, in every localized text of the card: ``text``,
``flavor`` and any field a game pack adds (a hero's ``skill``, an ability's ``effect``…),
however deeply nested — every mapping whose keys are all language codes. The card's
``name`` is a title, not text with icons, and is not searched. A token may carry a value
drawn on the icon, ``:coin{2}:`` (docs/card-text.md): the value must be 1 to 3 digits,
letters, ``+``, ``-``, ``×`` or ``?``, else it is reported too.

Passing::

    - id: speed-lines
      name: {en: Speed Lines}
      text: {en: "Turn a :die-1: into a :die-6:."}

Failing (``:die-7:`` is no icon)::

    - id: speed-lines
      name: {en: Speed Lines}
      text: {en: "Turn a :die-1: into a :die-7:."}
"""

from __future__ import annotations

import difflib
import weakref
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from cardforge.boundary.resources import template_search_path
from cardforge.i18n.localized_mappings import localized_mappings, under
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem
from cardforge.render.templating.icons import IconSet, find_tokens

CODE = "CF009"
NAME = "icon-token"
SCOPE = "card"
SEVERITY = "error"
NOT_TEXT = ("name",)
"""Top-level localized fields that are titles, not icon-bearing text."""


@cache
def _icons(workspace: Path, game_id: str, pack_icons: Path | None,
           pack_templates: Path | None) -> IconSet:
    return IconSet.for_game(template_search_path(workspace, game_id, pack_templates), pack_icons)


_BY_GAME: weakref.WeakKeyDictionary[Game, IconSet] = weakref.WeakKeyDictionary()
"""Each game's icons: card rules ask once per card, and hashing the folders to find them
in :func:`_icons`'s cache took most of this rule's time."""


def icons_for(game: Game) -> IconSet:
    """The icons a game's text may use (core, pack, workspace overrides)."""
    icons = _BY_GAME.get(game)
    if icons is None:
        icons = _BY_GAME[game] = _icons(game.root.parent.parent, game.id, game.spec.icons_dir,
                                        game.spec.templates_dir)
    return icons


def localized_texts(data: Any) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """Every ``(pointer, lang, text)`` of a localized mapping inside ``data``, depth first in
    document order (:func:`cardforge.i18n.translatable_units.localized_mappings`); ``pointer`` leads from
    ``data`` to the mapping. Top-level NOT_TEXT fields are skipped."""
    return _texts(localized_mappings(data), 0)


def _card_texts(card: Card) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """:func:`localized_texts` of the card's data, from its file's one walk
    (:func:`cardforge.i18n.localized_mappings.under`)."""
    return _texts(under(card.doc, card.pointer, card.data), len(card.pointer))


def _texts(found: Iterable[tuple[tuple[str | int, ...], dict[str, str]]],
           start: int) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """The texts of ``found``, their pointers without their first ``start`` keys."""
    for pointer, mapping in found:
        pointer = pointer[start:]
        if pointer and pointer[0] in NOT_TEXT:
            continue
        for lang, text in mapping.items():
            yield pointer, lang, text


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each unknown ``:name:`` token in the card's localized texts."""
    icons = icons_for(game)
    for pointer, lang, text in _card_texts(card):
        field = ".".join(str(part) for part in pointer)
        for token in find_tokens(text):
            if icons.known(token.name):
                if not token.value_ok:
                    where = card.doc.locate_text(text, token.offset, token.text,
                                                 *card.pointer, *pointer, lang)
                    yield Problem(where, CODE, f"icon value {token.value!r} in {token.text} in {field} "
                                  f"({lang}) cannot be drawn on the icon", card=card.id,
                                  hint="a value is 1 to 3 digits, letters, +, -, × or ?: :coin{2}:")
                continue
            close = difflib.get_close_matches(token.name, icons.names(), n=1)
            where = card.doc.locate_text(text, token.offset, token.text, *card.pointer, *pointer, lang)
            yield Problem(where, CODE, f"unknown icon :{token.name}: in {field} ({lang})",
                          card=card.id,
                          hint=f"did you mean :{close[0]}:?" if close
                          else "see `cardforge explain CF009` for the icons")
