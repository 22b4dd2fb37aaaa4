"""Drawing on one sheet: card faces placed as form XObjects, clipped, and their crop marks.

The faces PDF holds one page per distinct card face, each page the card's trim plus bleed
on every side (WeasyPrint: MediaBox = BleedBox = trim + bleed, TrimBox = trim). Each face
page used becomes ONE form XObject in the output (:class:`FaceForms`) and every copy of
that card draws it by reference, so 1,000 copies of a back cost one XObject. Both layouts
(duplex sheets in :mod:`cardforge.render.impose.duplex_sheets`, fold-over sheets in
:mod:`cardforge.render.impose.fold_over`) draw their sheets with :func:`add_sheet`. Lengths are mm
unless a name ends in ``_pt``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import MM_TO_PT, mm_to_pt
from cardforge.render.cache.face_pages import face_form
from cardforge.render.impose.slot_grid import Box, SheetLayout

MARK_WIDTH_PT = 0.25
"""Stroke width of crop marks, in pt."""

_SIZE_TOLERANCE_PT = 0.5

Placement = tuple[int, int]
"""(slot index on a :class:`SheetLayout`, 0-based face page index)."""


@dataclass(frozen=True)
class FaceForm:
    """A face page copied into the output as a form XObject; ``trim_x_pt``, ``trim_y_pt``:
    the trim's bottom-left in the form's own coordinates (pt)."""

    form: pikepdf.Object
    trim_x_pt: float
    trim_y_pt: float


def _box(raw: pikepdf.Array) -> Box:
    """A PDF rectangle as normalised floats (x0, y0, x1, y1), in pt."""
    x0, y0, x1, y1 = (float(v) for v in raw)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def trim_origin(page: pikepdf.Page, index: int, card: CardGeometry) -> tuple[float, float]:
    """Bottom-left (pt) of face page ``index``'s trim in its page coordinates.

    Raises ValueError when the page is rotated or scaled, or its TrimBox (else MediaBox,
    as trim + bleed or as trim) is not ``card``'s size within 0.5 pt.
    """
    if int(page.obj.get("/Rotate", 0)) % 360 or float(page.obj.get("/UserUnit", 1)) != 1:
        raise ValueError(f"face page {index} is rotated or scaled (/Rotate, /UserUnit)")
    w, h, b = (mm_to_pt(v) for v in (card.width_mm, card.height_mm, card.bleed_mm))

    def sized(box: Box, width: float, height: float) -> bool:
        return (abs(box[2] - box[0] - width) <= _SIZE_TOLERANCE_PT
                and abs(box[3] - box[1] - height) <= _SIZE_TOLERANCE_PT)

    if "/TrimBox" in page.obj:
        found, what = _box(page.obj.TrimBox), "TrimBox"
        if sized(found, w, h):
            return found[0], found[1]
    else:
        found, what = _box(page.mediabox), "MediaBox (and no TrimBox)"
        if sized(found, w + 2 * b, h + 2 * b):
            return found[0] + b, found[1] + b
        if sized(found, w, h):
            return found[0], found[1]
    size = f"{(found[2] - found[0]) / MM_TO_PT:.2f} × {(found[3] - found[1]) / MM_TO_PT:.2f} mm"
    raise ValueError(
        f"face page {index} has a {size} {what}; expected a {card.width_mm:g} ×"
        f" {card.height_mm:g} mm trim (with {card.bleed_mm:g} mm bleed)"
    )


class FaceForms:
    """The form XObjects of face ``pages`` in ``out``, each made on first use and checked to
    be ``card``'s size (ValueError otherwise)."""

    def __init__(self, pages: Sequence[pikepdf.Page], out: pikepdf.Pdf, card: CardGeometry) -> None:
        self.pages, self.out, self.card = pages, out, card
        self._forms: dict[int, FaceForm] = {}

    def __getitem__(self, index: int) -> FaceForm:
        if index not in self._forms:
            page = self.pages[index]
            tx, ty = trim_origin(page, index, self.card)
            self._forms[index] = FaceForm(face_form(self.out, page), tx, ty)
        return self._forms[index]


def crop_mark_ops(layout: SheetLayout, slots: Collection[int] | None = None) -> bytes:
    """Content-stream operators for the crop marks of one grid (one stroked path), around
    the slots ``slots`` hold a face in (indexes in reading order; default every slot).

    Marks are ``layout.mark_length_mm`` long and start ``layout.mark_offset_mm`` outside the
    bleed box of the part of the grid those slots span: above it on both trim lines of each
    filled slot of its top row, below it for its bottom row, left of it on both trim lines
    of each filled slot of its left column, right of it for its right column. Every cut of a
    filled slot is marked, and no mark stands by an empty slot. Empty (``b""``) when no
    slot holds a face or marks have no room."""
    length, offset = layout.mark_length_mm, layout.mark_offset_mm
    filled = {divmod(i, layout.columns) for i in (range(layout.per_sheet) if slots is None else slots)}
    if length <= 0 or not filled:
        return b""
    top, bottom = min(r for r, _ in filled), max(r for r, _ in filled)
    left, right = min(c for _, c in filled), max(c for _, c in filled)
    card = layout.card

    def xs(row: int) -> list[float]:
        return sorted({round(layout.origin(row, c)[0] + d, 6) for r, c in filled if r == row
                       for d in (0.0, card.width_mm)})

    def ys(col: int) -> list[float]:
        return sorted({round(layout.origin(r, col)[1] + d, 6) for r, c in filled if c == col
                       for d in (0.0, card.height_mm)})

    bx0, by0 = layout.origin(bottom, left)
    bx0, by0, bx1, by1 = grown((bx0, by0, layout.origin(top, right)[0] + card.width_mm,
                                layout.origin(top, right)[1] + card.height_mm), card.bleed_mm)
    parts = [b"q 0 G %.4f w 0 J [] 0 d" % MARK_WIDTH_PT]
    segment = b"%.4f %.4f m %.4f %.4f l"
    for row, y_from, y_to in ((top, by1 + offset, by1 + offset + length),
                              (bottom, by0 - offset, by0 - offset - length)):
        parts += [segment % tuple(map(mm_to_pt, (x, y_from, x, y_to))) for x in xs(row)]
    for col, x_from, x_to in ((left, bx0 - offset, bx0 - offset - length),
                              (right, bx1 + offset, bx1 + offset + length)):
        parts += [segment % tuple(map(mm_to_pt, (x_from, y, x_to, y))) for y in ys(col)]
    parts.append(b"S Q\n")
    return b"\n".join(parts)


def pt_box(box: Box) -> Array:
    """A box in mm as a PDF rectangle in pt (4 decimals)."""
    return Array([round(mm_to_pt(v), 4) for v in box])


def union(*boxes: Box) -> Box:
    """The smallest box holding every one of ``boxes`` (mm)."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def grown(box: Box, by_mm: float) -> Box:
    """``box`` (mm) grown by ``by_mm`` on every side."""
    return box[0] - by_mm, box[1] - by_mm, box[2] + by_mm, box[3] + by_mm


def add_sheet(out: pikepdf.Pdf, forms: FaceForms,
              grids: Sequence[tuple[SheetLayout, Sequence[Placement]]], extra: bytes) -> None:
    """Append one sheet to ``out`` with the faces of ``grids`` (each a layout and its
    placements) and ``extra`` content (crop marks, fold line) drawn over them.

    Each face is clipped by :meth:`SheetLayout.clip_box`. The sheet's MediaBox is the first
    layout's paper; TrimBox and BleedBox span every grid's trim and bleed boxes (pt).
    """
    first = grids[0][0]
    ops: list[bytes] = []
    xobjects = Dictionary()
    for layout, placements in grids:
        for slot_index, page_index in placements:
            face = forms[page_index]
            row, col = divmod(slot_index, layout.columns)
            x0, y0, x1, y1 = layout.clip_box(row, col)
            ox, oy = layout.origin(row, col)
            name = f"/F{page_index}"
            xobjects[name] = face.form
            ops.append(
                b"q %.4f %.4f %.4f %.4f re W n 1 0 0 1 %.4f %.4f cm %s Do Q"
                % (mm_to_pt(x0), mm_to_pt(y0), mm_to_pt(x1 - x0), mm_to_pt(y1 - y0),
                   mm_to_pt(ox) - face.trim_x_pt, mm_to_pt(oy) - face.trim_y_pt, name.encode())
            )
    ops.append(extra)
    page = Dictionary(
        Type=Name.Page,
        MediaBox=pt_box((0, 0, first.paper_width_mm, first.paper_height_mm)),
        TrimBox=pt_box(union(*(layout.trim_box for layout, _ in grids))),
        BleedBox=pt_box(union(*(layout.bleed_box for layout, _ in grids))),
        Resources=Dictionary(XObject=xobjects),
        Contents=out.make_stream(b"\n".join(ops)),
    )
    out.pages.append(pikepdf.Page(page))
