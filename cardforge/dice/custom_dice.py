"""Custom dice as data, for the ``dice`` product every game with custom dice shares.

A :class:`CustomDie` has faces side 1 to side 6 (0-based indexes 0–5 in code); opposite
sides follow the pip convention of a standard d6, whose opposite faces add up to 7: side 1
faces side 6, side 2 faces side 5, side 3 faces side 4 (:data:`OPPOSITE`). A game pack
returns its dice from ``GameSpec.dice(game)``; what a face shows is plain data (an icon
name, a short mark, a caption per language) that the die-face template draws.

The printed net (:data:`CROSS_NET`) is a cross: a row of four sides (4, 2, 3, 5 from the
left) with side 1 above side 2 and side 6 below it, every face upright. Folded printed side
out, the row wraps around the die with each face's top towards side 1, and the pairs of
:data:`OPPOSITE` face each other. :data:`GLUE_TABS` puts one tab on one edge of each of
the seven seams the fold leaves open.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SIDES = 6
"""Faces of the dice the net and sticker products print."""

OPPOSITE: dict[int, int] = {0: 5, 1: 4, 2: 3, 3: 2, 4: 1, 5: 0}
"""0-based side index → the side opposite it on the folded die."""

DIE_EDGES_MM: tuple[float, ...] = (12.0, 14.0, 16.0, 19.0)
"""Edge lengths of blank d6 sold for stickers, in mm; 16 mm is the common one."""

DEFAULT_EDGE_MM = 16.0
"""Die edge (mm) the dice product uses unless told otherwise."""


@dataclass(frozen=True)
class Face:
    """One face: ``icon`` (an icon name, drawn large; None for none), ``mark`` (a short
    text such as a monogram), ``label`` (a caption per language, e.g. a character's name),
    ``kind`` (a word templates style by, e.g. ``symbol`` or ``character``) and ``icons``
    (several symbols on one face, e.g. two katanas, laid out like pips; use it instead of
    ``icon``). Raises ValueError when both ``icon`` and ``icons`` are given."""

    icon: str | None = None
    mark: str | None = None
    label: Mapping[str, str] = field(default_factory=dict)
    kind: str = "symbol"
    icons: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.icon and self.icons:
            raise ValueError(f"a face has icon {self.icon!r} and icons {self.icons!r}; give one")

    @property
    def symbols(self) -> tuple[str, ...]:
        """The icon names the face shows: ``icons``, else ``(icon,)``, else ``()``."""
        return tuple(self.icons) or ((self.icon,) if self.icon else ())

    def caption(self, lang: str, fallback: str | None = None) -> str:
        """``label`` in ``lang``, else ``fallback``, else ``""``."""
        return self.label.get(lang) or (self.label.get(fallback, "") if fallback else "")


@dataclass(frozen=True)
class CustomDie:
    """A die to print: ``id`` (file names), ``name`` per language, ``faces`` in side order,
    ``colour`` (its accent, ``#rrggbb``) and ``body`` (the background of plain faces).
    Raises ValueError when it has no faces."""

    id: str
    name: Mapping[str, str]
    faces: tuple[Face, ...]
    colour: str = "#444444"
    body: str = "#ffffff"

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.id!r} has no faces")

    def opposite(self, side: int) -> int:
        """The 0-based side facing ``side`` on a six-sided die. Raises ValueError for a die
        of another size and KeyError for a side outside 0–5."""
        if len(self.faces) != SIDES:
            raise ValueError(f"die {self.id!r} has {len(self.faces)} faces, not {SIDES}")
        return OPPOSITE[side]


@dataclass(frozen=True)
class NetCell:
    """Where a side goes on the net: 0-based ``side``, grid ``col`` (0 = left) and ``row``
    (0 = top), in die edges."""

    side: int
    col: int
    row: int


CROSS_NET: tuple[NetCell, ...] = (
    NetCell(0, 1, 0),
    NetCell(3, 0, 1), NetCell(1, 1, 1), NetCell(2, 2, 1), NetCell(4, 3, 1),
    NetCell(5, 1, 2),
)
"""The cross net (4 edges wide, 3 high): see the module documentation."""

NET_COLUMNS, NET_ROWS = 4, 3
"""Size of the net's grid, in die edges."""

EDGES = ("top", "right", "bottom", "left")
"""Names of a cell's edges, as the net lies on the page."""

GLUE_TABS: tuple[tuple[int, str], ...] = (
    (3, "top"), (3, "bottom"), (2, "top"), (2, "bottom"), (4, "top"), (4, "bottom"),
    (4, "right"),
)
"""(side, edge) of each glue tab on :data:`CROSS_NET`: one per open seam."""


PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
"""Symbols on a face → where each goes, as a standard d6 places its pips: (x, y) in pip
steps from the centre, x to the right and y down (−1, 0 or 1)."""


def pip_layout(count: int) -> tuple[tuple[int, int], ...]:
    """(x, y) of ``count`` symbols on a face (see :data:`PIP_LAYOUTS`). Raises ValueError
    for a count outside 1–6."""
    if count not in PIP_LAYOUTS:
        raise ValueError(f"a face can show 1 to 6 symbols, not {count}")
    return PIP_LAYOUTS[count]


def neighbour(cell: NetCell, edge: str) -> NetCell | None:
    """The cell of :data:`CROSS_NET` across ``edge`` of ``cell``, or None (an outer edge)."""
    dc, dr = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}[edge]
    return next((c for c in CROSS_NET if (c.col, c.row) == (cell.col + dc, cell.row + dr)), None)


def fold_edges() -> list[tuple[NetCell, str]]:
    """Each edge two cells of the net share, once: (cell, its ``right`` or ``bottom``)."""
    return [(cell, edge) for cell in CROSS_NET for edge in ("right", "bottom")
            if neighbour(cell, edge) is not None]


def outer_edges() -> list[tuple[NetCell, str]]:
    """Each edge of the net's outline: (cell, edge name), 14 for a cube net."""
    return [(cell, edge) for cell in CROSS_NET for edge in EDGES if neighbour(cell, edge) is None]
