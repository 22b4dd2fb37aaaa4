"""The fold-over layout: fronts and backs side by side on one sheet, for single-sided printers.

A fold-over sheet is printed on one side and folded once along its fold line, the vertical
middle of the sheet, printed side out. Fronts fill the left half and backs the right half,
each half's grid centred in its half, so the two grids are mirror images across the fold
line: the back of the card in row r, column c of the fronts is in row r, column
``columns - 1 - c`` of the backs, and folding lays it exactly behind its front. Backs are
printed upright, as for long-edge duplex: turn a card over about its long side and its back
reads the right way up. Glue the halves together, then cut along the crop marks.

The sheet is portrait or landscape, whichever holds more cards (portrait on a tie): poker
cards fit 2 × 2 a side on landscape A4 (4 a sheet), 1 × 3 on portrait. Lengths are mm
unless a name ends in ``_pt``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pikepdf

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import PAPER, mm_to_pt
from cardforge.render.cache.face_book import finish_sheets, sheets_output
from cardforge.render.impose.duplex_sheets import Slot, check_slots, face_pages
from cardforge.render.impose.sheet_placement import FaceForms, add_sheet, crop_mark_ops
from cardforge.render.impose.slot_grid import SheetLayout, layout_grid

FOLD_LINE_WIDTH_PT = 0.5
"""Stroke width of the fold line, in pt (50 % grey, dashed)."""

FOLD_DASH_MM = (3.0, 2.0)
"""The fold line's dash pattern: 3 mm drawn, 2 mm gap."""


@dataclass(frozen=True)
class FoldLayout:
    """Where fronts and backs go on one fold-over sheet: ``fronts`` is the grid in the left
    half, ``backs`` its mirror image in the right half, ``fold_x_mm`` the fold line's x (the
    middle of the sheet). Slots are numbered in reading order on ``fronts``."""

    fronts: SheetLayout
    backs: SheetLayout
    fold_x_mm: float

    @property
    def per_sheet(self) -> int:
        """Cards on one sheet (each with its front and its back)."""
        return self.fronts.per_sheet

    def back_index(self, index: int) -> int:
        """The slot on ``backs`` that folding lays behind front slot ``index`` (same row,
        mirrored column). Raises ValueError for an index outside ``0..per_sheet-1``."""
        return self.backs.back_index(index, "long")


def layout_fold(card: CardGeometry, paper: str, *, gutter_mm: float = 0.0) -> FoldLayout:
    """The fold-over layout of ``card`` on ``paper``, portrait or landscape, whichever holds
    more cards (portrait on a tie); cards ``gutter_mm`` apart within a half.

    Raises ValueError for an unknown paper or negative gutter, or when the card does not fit
    half the sheet either way round.
    """
    best: FoldLayout | None = None
    failure: ValueError | None = None
    for landscape in (False, True):
        width, height = PAPER.get(paper.lower(), (0.0, 0.0))[::-1 if landscape else 1]
        try:
            fronts = layout_grid(card, paper, gutter_mm=gutter_mm, landscape=landscape,
                                 area=(0.0, 0.0, width / 2, height))
            backs = layout_grid(card, paper, gutter_mm=gutter_mm, landscape=landscape,
                                area=(width / 2, 0.0, width, height))
        except ValueError as exc:
            failure = failure or exc
            continue
        if best is None or fronts.per_sheet > best.per_sheet:
            best = FoldLayout(fronts, backs, width / 2)
    if best is None:
        raise ValueError(f"{failure}; a fold-over sheet gives the fronts half the sheet"
                         " (try the sheets layout)")
    return best


def fold_line_ops(layout: FoldLayout) -> bytes:
    """Content-stream operators for the fold line: dashed, grey, the sheet's full height."""
    x, top = mm_to_pt(layout.fold_x_mm), mm_to_pt(layout.fronts.paper_height_mm)
    on, off = (mm_to_pt(v) for v in FOLD_DASH_MM)
    return (b"q 0.5 G %.4f w [%.4f %.4f] 0 d %.4f 0 m %.4f %.4f l S Q\n"
            % (FOLD_LINE_WIDTH_PT, on, off, x, x, top))


def append_fold_over(
    out: pikepdf.Pdf,
    faces_pdf: pikepdf.Pdf | Sequence[pikepdf.Page],
    slots: Sequence[Slot],
    card: CardGeometry,
    paper: str,
    *,
    crop_marks: bool = True,
    gutter_mm: float = 0.0,
) -> None:
    """Append to ``out`` the sheets :func:`impose_fold_over` describes (fonts not yet shared)."""
    pages = face_pages(faces_pdf)
    check_slots(slots, len(pages))
    layout = layout_fold(card, paper, gutter_mm=gutter_mm)
    forms = FaceForms(pages, out, card)
    per = layout.per_sheet
    for sheet in range(math.ceil(len(slots) / per)):
        chunk = slots[sheet * per:(sheet + 1) * per]
        fronts = [(i, s.front) for i, s in enumerate(chunk) if s.front is not None]
        backs = [(layout.back_index(i), s.back) for i, s in enumerate(chunk) if s.back is not None]
        marks = (crop_mark_ops(layout.fronts, [i for i, _ in fronts])
                 + crop_mark_ops(layout.backs, [i for i, _ in backs])) if crop_marks else b""
        add_sheet(out, forms, [(layout.fronts, fronts), (layout.backs, backs)],
                  marks + fold_line_ops(layout))


def impose_fold_over(
    faces_pdf: pikepdf.Pdf | Sequence[pikepdf.Page],
    slots: Sequence[Slot],
    card: CardGeometry,
    paper: str,
    *,
    crop_marks: bool = True,
    gutter_mm: float = 0.0,
) -> pikepdf.Pdf:
    """Place one card per slot on fold-over ``paper`` sheets (:func:`layout_fold`) and return
    a new PDF: on each sheet the fronts of up to ``per_sheet`` slots in the left half, their
    backs (where a slot has one) mirrored in the right half, a dashed fold line between.

    Faces and slots are as for :func:`~cardforge.render.impose.duplex_sheets.impose_sheets`; each card is
    clipped as there, crop marks sit around the part of each half's grid that holds faces.
    Each sheet has MediaBox = paper (portrait or landscape), TrimBox and BleedBox spanning
    both halves' grids, in pt.

    Raises ValueError for an unknown paper, no slots, a slot naming a page the faces PDF
    lacks, a face whose size is not ``card``'s, or a card too big for half the sheet.
    """
    pages = face_pages(faces_pdf)
    out = sheets_output(pages)
    append_fold_over(out, pages, slots, card, paper, crop_marks=crop_marks, gutter_mm=gutter_mm)
    finish_sheets(out, pages)
    return out
