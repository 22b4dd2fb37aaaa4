"""``cardforge new --cards``: the symbols a card list writes in its text, offered as icons.

A list writes its symbols as text: ``Gain $2.``, ``Worth 3 VP``, ``Pay {R}``, ``⚔``. Each
symbol of :data:`CANDIDATES` that the texts of at least :data:`MIN_CARDS` designs use (the
deck's text and localized fields, as inferred) becomes a ``symbols:`` entry of the deck's
``sheet:`` (read by :mod:`cardforge.spreadsheet.list_symbols`: the list itself is not
changed), shown in the table printed, and its icon, one of the SVGs shipped in
``scaffold/files/symbols/``, is copied into ``templates/<id>/icons/`` for the designer to
redraw. A symbol used by one design only, or an emoji with no icon here, stays text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.spreadsheet.list_symbols import TEXT_TYPES, Symbols, symbol_pattern

ICONS = Path(__file__).resolve().parent / "files" / "symbols"
"""The shipped icons a symbol can become, ``<name>.svg``."""
MIN_CARDS = 2
"""Designs whose text must use a symbol for it to be offered as an icon."""
CANDIDATES: tuple[tuple[str, str], ...] = (
    ("$#", "coin"), ("# VP", "vp"), ("#VP", "vp"), ("{#}", "mana"),
    ("🪙", "coin"), ("💰", "coin"), ("🏆", "vp"), ("❤", "heart"), ("♥", "heart"), ("⚔", "swords"),
    ("🗡", "swords"), ("🛡", "shield"), ("⚡", "energy"), ("★", "star"), ("⭐", "star"), ("💀", "skull"),
    ("☠", "skull"),
)
"""Symbols as written (``#``: the value) and the shipped icon each becomes."""


@dataclass(frozen=True)
class FoundSymbol:
    """A symbol ``written`` in ``cards`` designs' text, read as icon ``icon``; ``example``,
    one place it is written and its token (``$2`` → ``:coin{2}:``)."""

    written: str
    icon: str
    cards: int
    example: str


def _texts(card: dict[str, Any], names: set[str]) -> list[str]:
    found = []
    for name in names:
        value = card.get(name)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            found.extend(text for text in value.values() if isinstance(text, str))
    return found


def find_symbols(cards: list[dict[str, Any]], fields: dict[str, str]) -> list[FoundSymbol]:
    """The symbols of :data:`CANDIDATES` used by at least :data:`MIN_CARDS` of ``cards``
    in their fields typed text or localized (``fields``: field name → type), in
    :data:`CANDIDATES` order."""
    names = {name for name, kind in fields.items() if kind in TEXT_TYPES}
    texts = [_texts(card, names) for card in cards]
    found = []
    for written, icon in CANDIDATES:
        pattern = symbol_pattern(written)
        using = [next(filter(None, map(pattern.search, card_texts)), None) for card_texts in texts]
        hits = [m for m in using if m is not None]
        if len(hits) >= MIN_CARDS:
            token = Symbols({written: icon}).replace(hits[0].group(0))
            found.append(FoundSymbol(written, icon, len(hits), f"{hits[0].group(0)} → {token}"))
    return found


def icon_svg(icon: str) -> bytes:
    """The shipped SVG of ``icon`` (a name :data:`CANDIDATES` gives). Raises OSError if the
    installation lacks it."""
    return (ICONS / f"{icon}.svg").read_bytes()

