"""Dotted paths into card and game data (``ability.cost``, ``facts.hand.start``), read one way.

game.yaml's declarations name fields by dotted path: ``balance:`` (CF011), ``card_costs:``,
``instant_win:``, ``game_enders:`` and ``relations:``, and their ``where:`` filters. This is
the one reader of those paths and filters, so every rule finds a field, and picks cards,
alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class _Missing:
    """What :func:`value_at` returns for a path that leads nowhere."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def path_keys(path: str) -> tuple[str | int, ...]:
    """``facts.hand.start`` → ``("facts", "hand", "start")``; a part of digits is a list index."""
    return tuple(int(part) if part.isdigit() else part for part in path.split("."))


def value_at(data: Any, keys: Sequence[str | int]) -> Any:
    """The value at ``keys`` inside nested mappings and lists (an int key indexes a list),
    or :data:`MISSING`."""
    for key in keys:
        if isinstance(data, Mapping) and key in data:
            data = data[key]
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return MISSING
    return data


def has_values(data: Any, where: Mapping[tuple[str | int, ...], Any]) -> bool:
    """Whether ``data`` (a card's fields) has every value of ``where`` (path keys → value):
    the value itself, or a list holding it. True for an empty ``where``."""
    for keys, wanted in where.items():
        value = value_at(data, keys)
        if not (value == wanted or (isinstance(value, list) and wanted in value)):
            return False
    return True
