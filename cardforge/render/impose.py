"""Impose card faces onto printer sheets with pikepdf.

The faces PDF holds one page per distinct card face, each page the card's trim
plus bleed on every side (WeasyPrint: MediaBox = BleedBox = trim + bleed,
TrimBox = trim). Each face page used becomes ONE form XObject in the output and
every copy of that card draws it by reference, so 1,000 copies of a back cost one
XObject. Lengths are mm unless a name ends in ``_pt``.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardforge.render.face_book import FaceBook
from cardforge.render.face_pages import face_form, share_equal_fonts
from cardforge.render.geometry import MM_TO_PT, CardGeometry, SheetLayout, layout_grid, mm_to_pt

DUPLEX_MODES = ("long", "short", "none")
"""``long``: flip on the long edge; ``short``: on the short edge; ``none``: no backs."""

MARK_WIDTH_PT = 0.25
"""Stroke width of crop marks, in pt."""

_SIZE_TOLERANCE_PT = 0.5


@dataclass(frozen=True)
class Slot:
    """One physical card: 0-based page indexes of its front and (optional) back face."""

    front: int
    back: int | None = None


@dataclass(frozen=True)
class _Face:
    """A face page copied into the output as a form XObject."""

    form: pikepdf.Object
    trim_x_pt: float  # trim bottom-left in the form's own coordinates
    trim_y_pt: float


def _box(raw: pikepdf.Array) -> tuple[float, float, float, float]:
    """A PDF rectangle as normalised floats (x0, y0, x1, y1), in pt."""
    x0, y0, x1, y1 = (float(v) for v in raw)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _trim_origin(page: pikepdf.Page, index: int, card: CardGeometry) -> tuple[float, float]:
    """Bottom-left of the face's trim in its page coordinates (pt); checks the size."""
    if int(page.obj.get("/Rotate", 0)) % 360 or float(page.obj.get("/UserUnit", 1)) != 1:
        raise ValueError(f"face page {index} is rotated or scaled (/Rotate, /UserUnit)")
    w, h, b = (mm_to_pt(v) for v in (card.width_mm, card.height_mm, card.bleed_mm))

    def sized(box: tuple[float, float, float, float], width: float, height: float) -> bool:
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


def _make_face(pages: Sequence[pikepdf.Page], out: pikepdf.Pdf, index: int,
               card: CardGeometry) -> _Face:
    """Copy face page ``index`` into ``out`` as a form XObject that keeps its bleed."""
    page = pages[index]
    tx, ty = _trim_origin(page, index, card)
    return _Face(face_form(out, page), tx, ty)


def _check_slots(slots: Sequence[Slot], page_count: int) -> None:
    """Raise ValueError naming the first slot whose page index does not exist."""
    for k, slot in enumerate(slots):
        for side, idx in (("front", slot.front), ("back", slot.back)):
            if idx is not None and not 0 <= idx < page_count:
                raise ValueError(
                    f"slot {k} references {side} page {idx}, but the faces PDF has"
                    f" {page_count} pages (indexes 0..{page_count - 1})"
                )


def _marks(layout: SheetLayout) -> bytes:
    """Content-stream operators for the crop marks of one sheet (one stroked path)."""
    length, offset = layout.mark_length_mm, layout.mark_offset_mm
    if length <= 0:
        return b""
    bx0, by0, bx1, by1 = layout.bleed_box
    parts = [b"q 0 G %.4f w 0 J [] 0 d" % MARK_WIDTH_PT]
    segment = b"%.4f %.4f m %.4f %.4f l"
    for x in layout.trim_lines_x():
        for y_from, y_to in ((by1 + offset, by1 + offset + length),
                             (by0 - offset, by0 - offset - length)):
            parts.append(segment % tuple(map(mm_to_pt, (x, y_from, x, y_to))))
    for y in layout.trim_lines_y():
        for x_from, x_to in ((bx0 - offset, bx0 - offset - length),
                             (bx1 + offset, bx1 + offset + length)):
            parts.append(segment % tuple(map(mm_to_pt, (x_from, y, x_to, y))))
    parts.append(b"S Q\n")
    return b"\n".join(parts)


def _pt_box(box: tuple[float, float, float, float]) -> Array:
    return Array([round(mm_to_pt(v), 4) for v in box])


def _add_sheet(
    out: pikepdf.Pdf,
    layout: SheetLayout,
    placements: list[tuple[int, _Face, int]],
    marks: bytes,
) -> None:
    """Append one sheet; ``placements`` are (slot index on the sheet, face, face page)."""
    ops: list[bytes] = []
    xobjects = Dictionary()
    for slot_index, face, page_index in placements:
        row, col = divmod(slot_index, layout.columns)
        x0, y0, x1, y1 = layout.clip_box(row, col)
        ox, oy = layout.origin(row, col)
        name = f"/F{page_index}"
        xobjects[name] = face.form
        ops.append(
            b"q %.4f %.4f %.4f %.4f re W n 1 0 0 1 %.4f %.4f cm %s Do Q"
            % (
                mm_to_pt(x0), mm_to_pt(y0), mm_to_pt(x1 - x0), mm_to_pt(y1 - y0),
                mm_to_pt(ox) - face.trim_x_pt, mm_to_pt(oy) - face.trim_y_pt,
                name.encode(),
            )
        )
    ops.append(marks)
    page = Dictionary(
        Type=Name.Page,
        MediaBox=_pt_box((0, 0, layout.paper_width_mm, layout.paper_height_mm)),
        TrimBox=_pt_box(layout.trim_box),
        BleedBox=_pt_box(layout.bleed_box),
        Resources=Dictionary(XObject=xobjects),
        Contents=out.make_stream(b"\n".join(ops)),
    )
    out.pages.append(pikepdf.Page(page))


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
    :class:`~cardforge.render.face_pages.FacePages` or
    :class:`~cardforge.render.face_book.FaceBook`, whose PDF the sheets are then added to)
    has one face per page at trim + bleed
    of ``card`` (a TrimBox
    marks the trim; without one the MediaBox must be trim + bleed or trim).
    ``slots`` holds one :class:`Slot` per physical card, filled into the grid of
    :func:`~cardforge.render.geometry.layout_grid` in reading order. If ``duplex``
    is ``"long"`` or ``"short"`` and any slot has a back, every front sheet is
    followed by a back sheet (blank where a slot has no back or the sheet is not
    full) with each back behind its front: columns mirrored for long-edge
    flipping, rows for short-edge. ``"none"`` ignores backs.

    Each card is clipped to its trim, keeping the bleed on the grid's outer edges
    (and up to half the gutter inside). Crop marks, 0.25 pt black, sit outside the
    grid's bleed box on every trim line, on fronts and backs. Each sheet has
    MediaBox = paper, TrimBox = grid trim and BleedBox = grid trim + bleed, in pt.

    Raises ``ValueError`` for an unknown duplex mode or paper, no slots, a slot
    naming a page the faces PDF lacks, a face whose size is not ``card``'s, or a
    card too big for the paper.
    """
    if duplex not in DUPLEX_MODES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_MODES)}; got {duplex!r}")
    if not slots:
        raise ValueError("no slots to impose")
    pages = faces_pdf.pages if isinstance(faces_pdf, pikepdf.Pdf) else faces_pdf
    page_count = len(pages)
    _check_slots(slots, page_count)
    layout = layout_grid(card, paper, gutter_mm=gutter_mm)
    marks = _marks(layout) if crop_marks else b""
    with_backs = duplex != "none" and any(s.back is not None for s in slots)

    book = faces_pdf if isinstance(faces_pdf, FaceBook) else None
    out = book.output() if book is not None else pikepdf.new()  # a book's forms are used in place
    faces: dict[int, _Face] = {}

    def face(index: int) -> _Face:
        if index not in faces:
            faces[index] = _make_face(pages, out, index, card)
        return faces[index]

    per = layout.per_sheet
    for sheet in range(math.ceil(len(slots) / per)):
        chunk = slots[sheet * per:(sheet + 1) * per]
        fronts = [(i, face(s.front), s.front) for i, s in enumerate(chunk)]
        _add_sheet(out, layout, fronts, marks)
        if with_backs:
            backs = [
                (layout.back_index(i, duplex), face(s.back), s.back)
                for i, s in enumerate(chunk)
                if s.back is not None
            ]
            _add_sheet(out, layout, backs, marks)
    if book is None:  # a book's fonts are shared already
        share_equal_fonts(out)
    return out


def write_pdf_atomically(pdf: pikepdf.Pdf, path: Path) -> None:
    """Save ``pdf`` to ``path`` so that ``path`` is either complete or untouched.

    Writes to a temporary file in the same folder (creating parent folders), syncs
    it, then renames it over ``path`` with :func:`os.replace`. If saving fails the
    temporary file is removed and the exception propagates; an existing ``path``
    keeps its old content. A new file gets mode 0644; a replaced one keeps its mode.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            pdf.save(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
