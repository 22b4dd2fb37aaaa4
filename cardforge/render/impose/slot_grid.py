"""Units and the grid of card slots on a printer sheet (the card itself is a
:class:`cardforge.model.card_geometry.CardGeometry`).

Every length here is in millimetres unless its name ends in ``_pt``. Sheet
coordinates follow PDF: the origin is the sheet's bottom-left corner and y grows
upwards. Slots are numbered in reading order: left to right, then top to bottom,
so slot 0 is the top-left card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import PAPER

MIN_MARK_MM: float = 2.0
"""Shortest crop mark worth printing; a grid must leave room for at least this."""

Box = tuple[float, float, float, float]
"""A rectangle as (x0, y0, x1, y1) in mm, x0 < x1 and y0 < y1."""

_EPS = 1e-9


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards go on one sheet (``paper_width_mm`` × ``paper_height_mm``: portrait, or
    landscape when wider than tall). Made by :func:`layout_grid`.

    ``origins[i]`` is the trim rectangle's bottom-left corner (mm, from the sheet's
    bottom-left) of slot ``i`` in reading order. ``trim_box`` spans the trims of all
    slots; ``bleed_box`` is ``trim_box`` grown by the card's bleed. Crop marks of
    ``mark_length_mm`` start ``mark_offset_mm`` outside the bleed box.
    """

    paper: str
    paper_width_mm: float
    paper_height_mm: float
    card: CardGeometry
    columns: int
    rows: int
    gutter_mm: float
    mark_length_mm: float
    mark_offset_mm: float
    origins: tuple[tuple[float, float], ...]
    trim_box: Box
    bleed_box: Box

    @property
    def per_sheet(self) -> int:
        """Number of card slots on one sheet (columns × rows)."""
        return self.columns * self.rows

    def origin(self, row: int, col: int) -> tuple[float, float]:
        """Trim bottom-left (x, y) in mm of the slot at ``row`` (0 = top), ``col`` (0 = left)."""
        return self.origins[row * self.columns + col]

    def clip_box(self, row: int, col: int) -> Box:
        """The part of the card at (row, col) that is printed, in mm.

        Its trim rectangle, grown by the full bleed on the grid's outer edges and by
        at most half the gutter on inner edges, so art never overlaps a neighbour.
        With no gutter, inner edges are clipped exactly at the trim.
        """
        x, y = self.origin(row, col)
        bleed = self.card.bleed_mm
        inner = min(bleed, self.gutter_mm / 2)
        left = bleed if col == 0 else inner
        right = bleed if col == self.columns - 1 else inner
        top = bleed if row == 0 else inner
        bottom = bleed if row == self.rows - 1 else inner
        return (
            x - left,
            y - bottom,
            x + self.card.width_mm + right,
            y + self.card.height_mm + top,
        )

    def trim_lines_x(self) -> tuple[float, ...]:
        """x (mm) of every vertical cut: both side trims of every column, deduplicated."""
        xs = {round(self.origin(0, c)[0] + d, 6) for c in range(self.columns)
              for d in (0.0, self.card.width_mm)}
        return tuple(sorted(xs))

    def trim_lines_y(self) -> tuple[float, ...]:
        """y (mm) of every horizontal cut: top and bottom trims of every row, deduplicated."""
        ys = {round(self.origin(r, 0)[1] + d, 6) for r in range(self.rows)
              for d in (0.0, self.card.height_mm)}
        return tuple(sorted(ys))

    def back_index(self, index: int, duplex: str) -> int:
        """The slot on the back sheet that lies behind front slot ``index``.

        ``duplex`` is ``"long"`` (sheet flipped on its long edge: columns mirror) or
        ``"short"`` (flipped on its short edge: rows mirror). The grid is centred, so
        a mirrored slot sits exactly behind the front one. Raises ``ValueError`` for
        another duplex mode or an index outside ``0..per_sheet-1``.
        """
        if not 0 <= index < self.per_sheet:
            raise ValueError(f"slot {index} is not on a {self.columns}×{self.rows} sheet")
        row, col = divmod(index, self.columns)
        if duplex == "long":
            return row * self.columns + (self.columns - 1 - col)
        if duplex == "short":
            return (self.rows - 1 - row) * self.columns + col
        raise ValueError(f"duplex must be 'long' or 'short' for a back sheet, got {duplex!r}")


def _count(paper_mm: float, card_mm: float, gutter_mm: float, margin_mm: float) -> int:
    """How many cards of ``card_mm`` fit along ``paper_mm`` with two ``margin_mm`` edges."""
    return max(0, math.floor((paper_mm - 2 * margin_mm + gutter_mm + _EPS) / (card_mm + gutter_mm)))


def layout_grid(
    card: CardGeometry,
    paper: str,
    *,
    gutter_mm: float = 0.0,
    mark_length_mm: float = 5.0,
    mark_offset_mm: float = 1.0,
    landscape: bool = False,
    area: Box | None = None,
) -> SheetLayout:
    """Fit as many cards as possible on a ``paper`` sheet, the grid centred in ``area``.

    ``paper`` is a key of :data:`PAPER` (case-insensitive), portrait unless ``landscape``.
    ``area`` (mm, sheet coordinates; default the whole sheet) is the part of the sheet the
    grid, its bleed and its crop marks must stay inside (a fold-over sheet uses one half
    for fronts, the other for backs). Cards are ``gutter_mm`` apart; with 0 they butt at
    the trim lines. Around the grid there must be room for the outer bleed plus
    ``mark_offset_mm`` and at least :data:`MIN_MARK_MM` of crop mark (nothing when
    ``mark_length_mm`` is 0); the layout's ``mark_length_mm`` is the requested length
    shortened to the room that is left (poker on Letter: 3.7 mm instead of 5).

    Raises ``ValueError`` for an unknown paper, a negative gutter, mark length or
    offset, an area outside the sheet, a card :meth:`CardGeometry.check` rejects, or a card
    that does not fit even once.
    """
    card.check()
    key = paper.lower()
    if key not in PAPER:
        raise ValueError(f"unknown paper {paper!r}; known: {', '.join(sorted(PAPER))}")
    if gutter_mm < 0 or mark_length_mm < 0 or mark_offset_mm < 0:
        raise ValueError(
            f"gutter, mark length and mark offset must not be negative, got {gutter_mm},"
            f" {mark_length_mm}, {mark_offset_mm} mm"
        )
    paper_w, paper_h = PAPER[key][::-1] if landscape else PAPER[key]
    ax0, ay0, ax1, ay1 = area or (0.0, 0.0, paper_w, paper_h)
    if not (0 <= ax0 < ax1 <= paper_w + _EPS and 0 <= ay0 < ay1 <= paper_h + _EPS):
        raise ValueError(f"area {area} is not inside the {paper_w:g} × {paper_h:g} mm sheet")
    marks = mark_offset_mm + min(mark_length_mm, MIN_MARK_MM) if mark_length_mm > 0 else 0.0
    margin = card.bleed_mm + marks
    cols = _count(ax1 - ax0, card.width_mm, gutter_mm, margin)
    rows = _count(ay1 - ay0, card.height_mm, gutter_mm, margin)
    if cols < 1 or rows < 1:
        where = f"{key} paper ({paper_w:g} × {paper_h:g} mm)"
        if area is not None:
            where += f" in a {ax1 - ax0:g} × {ay1 - ay0:g} mm part of it"
        raise ValueError(
            f"a {card.width_mm:g} × {card.height_mm:g} mm card with {card.bleed_mm:g} mm bleed"
            f" does not fit on {where}: it needs {card.width_mm + 2 * margin:g} ×"
            f" {card.height_mm + 2 * margin:g} mm including room for crop marks"
        )
    grid_w = cols * card.width_mm + (cols - 1) * gutter_mm
    grid_h = rows * card.height_mm + (rows - 1) * gutter_mm
    x0 = ax0 + (ax1 - ax0 - grid_w) / 2
    y0 = ay0 + (ay1 - ay0 - grid_h) / 2
    room = min(x0 - ax0, y0 - ay0) - card.bleed_mm - mark_offset_mm
    length = max(0.0, min(mark_length_mm, room))
    origins = tuple(
        (x0 + c * (card.width_mm + gutter_mm), y0 + (rows - 1 - r) * (card.height_mm + gutter_mm))
        for r in range(rows)
        for c in range(cols)
    )
    b = card.bleed_mm
    return SheetLayout(
        paper=key,
        paper_width_mm=paper_w,
        paper_height_mm=paper_h,
        card=card,
        columns=cols,
        rows=rows,
        gutter_mm=gutter_mm,
        mark_length_mm=length,
        mark_offset_mm=mark_offset_mm,
        origins=origins,
        trim_box=(x0, y0, x0 + grid_w, y0 + grid_h),
        bleed_box=(x0 - b, y0 - b, x0 + grid_w + b, y0 + grid_h + b),
    )
