"""Impose card faces onto printer sheets with pikepdf: the sheets layout (duplex backs).

Faces fill a grid of card slots (:func:`~cardforge.render.impose.slot_grid.layout_grid`) on each
sheet in reading order, with crop marks; each front sheet is followed by its back sheet,
each back behind its front for long- or short-edge duplex. Faces are drawn by
:mod:`cardforge.render.impose.sheet_placement`; the fold-over layout is
:mod:`cardforge.render.impose.fold_over`.
Lengths are mm unless a name ends in ``_pt``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import pikepdf
from pikepdf import Name

from cardforge.boundary.atomic import write_atomically
from cardforge.model.card_geometry import CardGeometry
from cardforge.render.cache.face_book import finish_sheets, sheets_output
from cardforge.render.impose.sheet_placement import FaceForms, add_sheet, crop_mark_ops
from cardforge.render.impose.slot_grid import SheetLayout, layout_grid

DUPLEX_MODES = ("long", "short", "none")
"""``long``: flip on the long edge; ``short``: on the short edge; ``none``: no backs."""


@dataclass(frozen=True)
class Slot:
    """One physical card: 0-based page indexes of its front and (optional) back face; a
    ``front`` of None keeps the slot empty (nothing printed, no crop marks for it)."""

    front: int | None
    back: int | None = None


def face_pages(faces_pdf: pikepdf.Pdf | Sequence[pikepdf.Page]) -> Sequence[pikepdf.Page]:
    """The pages of a faces PDF, or ``faces_pdf`` itself when it already is a page sequence."""
    return faces_pdf.pages if isinstance(faces_pdf, pikepdf.Pdf) else faces_pdf


def check_slots(slots: Sequence[Slot], page_count: int) -> None:
    """Raise ValueError when there are no slots, or naming the first slot whose page index
    does not exist among ``page_count`` face pages."""
    if not slots:
        raise ValueError("no slots to impose")
    for k, slot in enumerate(slots):
        for side, idx in (("front", slot.front), ("back", slot.back)):
            if idx is not None and not 0 <= idx < page_count:
                raise ValueError(
                    f"slot {k} references {side} page {idx}, but the faces PDF has"
                    f" {page_count} pages (indexes 0..{page_count - 1})"
                )


def append_sheets(
    out: pikepdf.Pdf,
    faces_pdf: pikepdf.Pdf | Sequence[pikepdf.Page],
    slots: Sequence[Slot],
    card: CardGeometry,
    paper: str,
    *,
    duplex: str = "long",
    crop_marks: bool = True,
    gutter_mm: float = 0.0,
) -> None:
    """Append to ``out`` the sheets :func:`impose_sheets` describes (fonts not yet shared)."""
    if duplex not in DUPLEX_MODES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_MODES)}; got {duplex!r}")
    pages = face_pages(faces_pdf)
    check_slots(slots, len(pages))
    layout = layout_grid(card, paper, gutter_mm=gutter_mm)
    with_backs = duplex != "none" and any(s.back is not None for s in slots)
    forms = FaceForms(pages, out, card)
    per = layout.per_sheet
    for sheet in range(math.ceil(len(slots) / per)):
        chunk = slots[sheet * per:(sheet + 1) * per]
        fronts = [(i, s.front) for i, s in enumerate(chunk) if s.front is not None]
        add_sheet(out, forms, [(layout, fronts)], _marks(layout, fronts, crop_marks))
        if with_backs:
            backs = [(layout.back_index(i, duplex), s.back) for i, s in enumerate(chunk)
                     if s.back is not None]
            add_sheet(out, forms, [(layout, backs)], _marks(layout, backs, crop_marks))


def _marks(layout: SheetLayout, placements: Sequence[tuple[int, int]], crop_marks: bool) -> bytes:
    """The crop marks around the slots of ``placements`` ((slot, page) pairs), if wanted."""
    return crop_mark_ops(layout, [slot for slot, _ in placements]) if crop_marks else b""


def impose_sheets(
    faces_pdf: pikepdf.Pdf | Sequence[pikepdf.Page],
    slots: Sequence[Slot],
    card: CardGeometry,
    paper: str,
    *,
    duplex: str = "long",
    crop_marks: bool = True,
    gutter_mm: float = 0.0,
) -> pikepdf.Pdf:
    """Place one card per slot onto ``paper`` sheets and return a new PDF.

    ``faces_pdf`` (a PDF, or a sequence of pages such as
    :class:`~cardforge.render.cache.face_pages.FacePages`) has one face per page at trim + bleed
    of ``card`` (a TrimBox marks the trim; without one the MediaBox must be trim + bleed or
    trim). ``slots`` holds one :class:`Slot` per physical card, filled into the grid of
    :func:`~cardforge.render.impose.slot_grid.layout_grid` in reading order (an empty slot,
    ``front`` None, keeps its place blank). If ``duplex``
    is ``"long"`` or ``"short"`` and any slot has a back, every front sheet is
    followed by a back sheet (blank where a slot has no back or the sheet is not
    full) with each back behind its front: columns mirrored for long-edge
    flipping, rows for short-edge. ``"none"`` ignores backs.

    Cards are ``gutter_mm`` apart (0: they butt at the trim lines). Each card is clipped to
    its trim, keeping the bleed on the grid's outer edges (and up to half the gutter
    inside). Crop marks, 0.25 pt black, sit on the trim lines of the part of the grid that
    holds faces, outside its bleed box, on fronts and backs; none for a slot left empty.
    Each sheet has MediaBox = paper, TrimBox = grid trim and BleedBox = grid trim + bleed,
    in pt.

    Raises ``ValueError`` for an unknown duplex mode or paper, no slots, a slot
    naming a page the faces PDF lacks, a face whose size is not ``card``'s, or a
    card too big for the paper.
    """
    pages = face_pages(faces_pdf)
    out = sheets_output(pages)
    append_sheets(out, pages, slots, card, paper, duplex=duplex, crop_marks=crop_marks,
                  gutter_mm=gutter_mm)
    finish_sheets(out, pages)
    return out


def write_pdf_atomically(pdf: pikepdf.Pdf, path: Path) -> None:
    """Save ``pdf`` to ``path`` so that ``path`` is either complete or untouched.

    Writes to a temporary file in the same folder (creating parent folders), syncs
    it, then renames it over ``path`` with :func:`os.replace`. If saving fails the
    temporary file is removed and the exception propagates; an existing ``path``
    keeps its old content. A new file gets mode 0644; a replaced one keeps its mode. Saved
    with :func:`save_reproducibly`.
    """
    write_atomically(Path(path), lambda handle: save_reproducibly(pdf, handle))


def save_reproducibly(pdf: pikepdf.Pdf, handle: BinaryIO, **options: Any) -> None:
    """Save ``pdf`` to ``handle`` (``options`` as :meth:`pikepdf.Pdf.save`'s) with both
    elements of its trailer's ``/ID`` derived from its content (qpdf's deterministic ID; an
    ``/ID`` it had, random when pikepdf made it, is dropped first: qpdf would keep its first
    element), so the same pages give the same bytes."""
    if Name.ID in pdf.trailer:
        del pdf.trailer[Name.ID]
    pdf.save(handle, deterministic_id=True, **options)
