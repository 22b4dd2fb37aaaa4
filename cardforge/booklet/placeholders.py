"""Placeholders in rule text: ``{vp_goal}``, ``{dice.supply.white}``, ``{decks.skill.count}``.

A rulebook number is never typed in the Markdown: the text names it and the booklet fills
it in from game.yaml, so the booklet and the linter read the same fact. A name is a dotted
path looked up first in game.yaml's ``facts:``, then in the rest of game.yaml (``players.min``,
``decks.skill.count``), then among computed values: ``cards.<deck>`` (the deck's cards,
quantities summed) and ``cards.total``. A value that is a ``{lang: text}`` mapping is
taken in the booklet's language; one of the words saying how a goal is reached
(``at-least``, ``more-than``: :data:`cardforge.booklet.booklet_words.COMPARISONS`) is printed in
the booklet's language ("at least", "以上"), so the wording follows the fact. ``{{`` and
``}}`` stand for literal braces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardforge.booklet.booklet_words import COMPARISONS, word
from cardforge.model.game_model import Game
from cardforge.problem import Location

PLACEHOLDER_RE = re.compile(r"\{([a-z_][a-z0-9_-]*(?:\.[a-z0-9_-]+)*)\}")
"""A placeholder; group 1 is its dotted name."""


@dataclass(frozen=True)
class PlaceholderError(Exception):
    """A placeholder with no value: ``name`` as written, ``location`` where, ``hint`` why."""

    location: Location
    name: str
    hint: str

    def __str__(self) -> str:
        return f"{self.location}: unknown placeholder {{{self.name}}}"


def names(text: str) -> list[str]:
    """The placeholder names in ``text``, in order (repeats kept)."""
    return [m.group(1) for m in PLACEHOLDER_RE.finditer(_unescaped(text))]


def _unescaped(text: str) -> str:
    return text.replace("{{", "\x00").replace("}}", "\x01")


def values(game: Game) -> dict[str, Any]:
    """The namespace placeholders are looked up in: game.yaml, its facts on top, and
    ``cards`` (deck id → cards in it, and ``total``), computed from the card files."""
    cards = {deck.id: deck.size for deck in game.decks.values()}
    cards["total"] = sum(cards.values())
    return {**game.info, **game.facts, "cards": cards}


def lookup(namespace: Mapping[str, Any], name: str, lang: str) -> Any:
    """The value at dotted ``name``, or raise KeyError(the first missing part).
    A ``{lang: text}`` mapping gives its text in ``lang``; a list of numbers or words is
    joined with ``", "``; a word of :data:`~cardforge.booklet.booklet_words.COMPARISONS` is printed
    in ``lang``; any other mapping or list at the end is KeyError (a placeholder stands for
    one value)."""
    value: Any = namespace
    for part in name.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise KeyError(part)
    if isinstance(value, Mapping) and lang in value and isinstance(value[lang], str):
        return value[lang]
    if isinstance(value, list) and value and all(isinstance(v, (int, str)) for v in value):
        return ", ".join(str(v) for v in value)
    if isinstance(value, (Mapping, list)) or value is None:
        raise KeyError(name)
    if isinstance(value, str) and value in COMPARISONS:
        return word(value, lang)
    return value


def fill(text: str, namespace: Mapping[str, Any], lang: str, where: Location,
         source_lines: Sequence[str] | None = None) -> str:
    """``text`` with every placeholder replaced by its value (numbers as written in YAML).

    Raises PlaceholderError for a name with no single value, located at the placeholder
    when ``source_lines`` (the file's lines) are given, else at ``where``.
    """
    def one(match: re.Match[str]) -> str:
        try:
            value = lookup(namespace, match.group(1), lang)
        except KeyError:
            head = match.group(1).split(".")[0]
            known = ", ".join(sorted(k for k in namespace if isinstance(k, str)))
            hint = (f"{head!r} is in game.yaml but {match.group(1)!r} is not one value there"
                    if head in namespace else f"game.yaml has no {head!r}; known names: {known}")
            raise PlaceholderError(locate(match.group(0), where, source_lines), match.group(1),
                                   hint) from None
        if isinstance(value, bool):
            return "yes" if value else "no"
        return f"{value:g}" if isinstance(value, float) else str(value)

    filled = PLACEHOLDER_RE.sub(one, _unescaped(text))
    return filled.replace("\x00", "{").replace("\x01", "}")


def locate(needle: str, where: Location, lines: Sequence[str] | None) -> Location:
    """The first occurrence of ``needle`` on ``where``'s line or the 40 after it, in the
    file's ``lines`` (1-based line and column), else ``where``."""
    for offset, line in enumerate((lines or [])[where.line - 1:where.line + 40]):
        col = line.find(needle)
        if col >= 0:
            return Location(where.path, where.line + offset, col + 1)
    return where
