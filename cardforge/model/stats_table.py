"""A statistics table a game pack returns for ``cardforge stats``: columns and rows of values.

Packs build the data; the command formats it (table, csv, json) and sorts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Column:
    """A column: ``key`` in each row, a ``label`` to print, and ``kind``: text, int,
    probability (an exact Fraction, printed as a percentage) or number (an exact Fraction
    or a float such as an expected value or a standard deviation, printed with
    :func:`number_text`)."""

    key: str
    label: str
    kind: str = "text"


@dataclass
class Table:
    """A titled table; probability cells are exact Fractions, ``notes`` are printed beneath it."""

    title: str
    columns: list[Column]
    rows: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def column(self, key: str) -> Column:
        """The column with ``key`` or ``label`` (case-insensitive). Raises KeyError listing keys."""
        for column in self.columns:
            if key.lower() in (column.key.lower(), column.label.lower()):
                return column
        raise KeyError(f"no column {key!r}; columns: {', '.join(c.key for c in self.columns)}")

    def sorted_by(self, key: str, descending: bool = False) -> Table:
        """A copy with rows sorted by column ``key`` (missing values last)."""
        column = self.column(key)

        def order(row: dict[str, Any]) -> tuple[bool, Any]:
            value = row.get(column.key)
            if value is None:
                return (not descending, 0)
            return (descending, value if column.kind != "text" else str(value).lower())

        rows = sorted(self.rows, key=order, reverse=descending)
        return Table(self.title, self.columns, rows, self.notes)


def probability_text(value: Fraction) -> str:
    """A probability as a short percentage: ``100%``, ``>99.9%``, ``41.7%``, ``<0.1%``, ``0%``."""
    if value == 1:
        return "100%"
    if value == 0:
        return "0%"
    percent = float(value) * 100
    if percent > 99.9:
        return ">99.9%"
    if percent < 0.1:
        return "<0.1%"
    return f"{percent:.1f}%"


def number_text(value: Fraction | float | int, places: int = 2) -> str:
    """A number rounded to ``places`` decimals (``12.25``, ``6.00``, ``-0.50``); integers as is."""
    if isinstance(value, int):
        return str(value)
    return f"{float(value):.{places}f}"
