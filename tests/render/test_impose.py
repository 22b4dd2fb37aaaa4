"""Imposition: faces PDF → printer sheets. Every check reads the output back with pikepdf."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import mm_to_pt, pt_to_mm
from cardforge.render.impose.duplex_sheets import Slot, impose_sheets, write_pdf_atomically
from cardforge.render.impose.slot_grid import layout_grid

POKER = CardGeometry.poker()
TOL_MM = 0.01


def colour(i: int) -> tuple[float, float, float]:
    """A distinct fill colour for face ``i``: face 0 red, face 1 blue."""
    return {0: (1.0, 0.0, 0.0), 1: (0.0, 0.0, 1.0)}.get(i, (round(i / 100, 2), 0.6, 0.3))


def make_faces(n: int, card: CardGeometry = POKER, *, style: str = "weasyprint") -> pikepdf.Pdf:
    """``n`` face pages at trim + bleed, each filled edge to edge (bleed included).

    ``weasyprint`` puts the trim at (0, 0) and the MediaBox at negative coordinates;
    ``inset`` starts the MediaBox at (0, 0) and insets the TrimBox by the bleed;
    ``no-trimbox`` is ``inset`` without a TrimBox (the trim is implied by the bleed).
    """
    pdf = pikepdf.new()
    w, h, b = mm_to_pt(card.width_mm), mm_to_pt(card.height_mm), mm_to_pt(card.bleed_mm)
    for i in range(n):
        if style == "weasyprint":
            media, trim = [-b, -b, w + b, h + b], [0, 0, w, h]
        else:
            media, trim = [0, 0, w + 2 * b, h + 2 * b], [b, b, w + b, h + b]
        r, g, bl = colour(i)
        content = f"{r} {g} {bl} rg {media[0]} {media[1]} {w + 2 * b} {h + 2 * b} re f"
        page = pikepdf.Dictionary(
            Type=pikepdf.Name.Page,
            MediaBox=media,
            BleedBox=media,
            Resources=pikepdf.Dictionary(),
            Contents=pdf.make_stream(content.encode()),
        )
        if style != "no-trimbox":
            page.TrimBox = trim
        pdf.pages.append(pikepdf.Page(page))
    return pdf


@dataclass
class Placed:
    """One XObject drawn on a sheet: which face, its trim origin and its clip, in mm."""

    face: int
    x: float
    y: float
    clip: tuple[float, float, float, float]


def placements(
    sheet: pikepdf.Page, faces: pikepdf.Pdf, trim_offset_pt: float = 0.0
) -> list[Placed]:
    """Parse a sheet's content stream; identify each drawn form by its content bytes."""
    by_content = {bytes(p.Contents.read_bytes()): i for i, p in enumerate(faces.pages)}
    xobjects = sheet.Resources.XObject
    found: list[Placed] = []
    rect = clip = None
    e = f = 0.0
    for operands, op in pikepdf.parse_content_stream(sheet):
        name = str(op)
        if name == "re":
            rect = tuple(float(v) for v in operands)
        elif name == "W":
            x, y, w, h = rect
            clip = tuple(pt_to_mm(v) for v in (x, y, x + w, y + h))
        elif name == "cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            assert (a, b, c, d) == (1, 0, 0, 1)
        elif name == "Do":
            face = by_content[bytes(xobjects[operands[0]].read_bytes())]
            found.append(
                Placed(face, pt_to_mm(e + trim_offset_pt), pt_to_mm(f + trim_offset_pt), clip)
            )
    return found


def mark_segments(sheet: pikepdf.Page) -> list[tuple[float, float, float, float]]:
    """Every m/l line segment on a sheet (only crop marks are stroked paths), in mm."""
    segments, start = [], None
    for operands, op in pikepdf.parse_content_stream(sheet):
        if str(op) == "m":
            start = [pt_to_mm(float(v)) for v in operands]
        elif str(op) == "l":
            end = [pt_to_mm(float(v)) for v in operands]
            segments.append((*start, *end))
    return segments


def box(page: pikepdf.Page, key: str) -> list[float]:
    return [float(v) for v in page.obj[key]]


def form_count(pdf: pikepdf.Pdf) -> int:
    return sum(
        1 for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
    )


def reopen(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
    buffer = io.BytesIO()
    pdf.save(buffer)
    buffer.seek(0)
    return pikepdf.open(buffer)


@pytest.mark.parametrize("paper, size_pt", [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_sheet_boxes(paper: str, size_pt: tuple[float, float]) -> None:
    out = reopen(impose_sheets(make_faces(1), [Slot(0)] * 3, POKER, paper))
    layout = layout_grid(POKER, paper)
    for page in out.pages:
        assert box(page, "/MediaBox") == pytest.approx([0, 0, *size_pt], abs=0.01)
        assert box(page, "/TrimBox") == pytest.approx([mm_to_pt(v) for v in layout.trim_box],
                                                      abs=0.01)
        x0, y0, x1, y1 = (pt_to_mm(v) for v in box(page, "/BleedBox"))
        tx0, ty0, tx1, ty1 = layout.trim_box
        assert (x0, y0, x1, y1) == pytest.approx((tx0 - 3, ty0 - 3, tx1 + 3, ty1 + 3), abs=TOL_MM)
    if paper == "a4":  # an independent number: 189 × 264 mm grid centred on 210 × 297
        assert box(out.pages[0], "/TrimBox") == pytest.approx(
            [mm_to_pt(v) for v in (10.5, 16.5, 199.5, 280.5)], abs=0.01
        )


@pytest.mark.parametrize(
    "slots, duplex, pages",
    [
        ([Slot(i % 9, 9) for i in range(10)], "long", 4),
        ([Slot(i % 9) for i in range(10)], "long", 2),
        ([Slot(i % 9, 9) for i in range(10)], "none", 2),
        ([Slot(0, 1)] * 9, "short", 2),
        ([Slot(0, 1)] * 19, "long", 6),
    ],
)
def test_page_count(slots: list[Slot], duplex: str, pages: int) -> None:
    assert len(impose_sheets(make_faces(10), slots, POKER, "a4", duplex=duplex).pages) == pages


@pytest.mark.parametrize("style", ["weasyprint", "inset", "no-trimbox"])
def test_fronts_fill_slots_in_reading_order(style: str) -> None:
    faces = make_faces(10, style=style)
    offset = 0.0 if style == "weasyprint" else mm_to_pt(3)
    out = impose_sheets(faces, [Slot(i) for i in range(10)], POKER, "a4", duplex="none")
    layout = layout_grid(POKER, "a4")
    first = placements(out.pages[0], faces, offset)
    assert [p.face for p in first] == list(range(9))
    for p, (x, y) in zip(first, layout.origins, strict=True):
        assert (p.x, p.y) == pytest.approx((x, y), abs=TOL_MM)
    last = placements(out.pages[1], faces, offset)
    assert [(p.face, round(p.x, 2), round(p.y, 2)) for p in last] == [(9, 10.5, 192.5)]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front(duplex: str) -> None:
    faces = make_faces(20)
    slots = [Slot(i, 10 + i) for i in range(9)]
    out = impose_sheets(faces, slots, POKER, "a4", duplex=duplex)
    fronts = {p.face: p for p in placements(out.pages[0], faces)}
    backs = {p.face: p for p in placements(out.pages[1], faces)}
    assert len(fronts) == len(backs) == 9
    for slot in slots:
        front, back = fronts[slot.front], backs[slot.back]
        if duplex == "long":  # flipped about the vertical axis: x mirrors, y stays
            expected = (210 - front.x - 63, front.y)
        else:  # flipped about the horizontal axis: y mirrors, x stays
            expected = (front.x, 297 - front.y - 88)
        assert (back.x, back.y) == pytest.approx(expected, abs=TOL_MM)
    # slot 0 (top-left) is backed in the top-right (long) or bottom-left (short) slot
    corner = backs[10]
    assert (round(corner.x, 2), round(corner.y, 2)) == (
        (136.5, 192.5) if duplex == "long" else (10.5, 16.5)
    )


def test_missing_backs_and_empty_slots_stay_blank() -> None:
    faces = make_faces(3)
    slots = [Slot(0, 2), Slot(1, None), Slot(0, 2), Slot(1)]
    out = impose_sheets(faces, slots, POKER, "a4")
    assert len(placements(out.pages[0], faces)) == 4
    backs = placements(out.pages[1], faces)
    assert [(p.face, round(p.x, 2), round(p.y, 2)) for p in backs] == [
        (2, 136.5, 192.5),  # behind slot 0
        (2, 10.5, 192.5),  # behind slot 2; slots 1 and 3 have no back
    ]


@pytest.mark.parametrize(
    "slots, expected",
    [([Slot(0)] * 20, 1), ([Slot(0, 1)] * 20, 2), ([Slot(i % 5, 7) for i in range(40)], 6)],
)
def test_one_xobject_per_distinct_face(slots: list[Slot], expected: int) -> None:
    out = reopen(impose_sheets(make_faces(8), slots, POKER, "a4"))
    assert form_count(out) == expected
    used = {x.objgen for p in out.pages for x in p.Resources.XObject.values()}
    assert len(used) == expected  # every sheet points at the same shared forms


def test_clips_keep_outer_bleed_and_butt_inside() -> None:
    faces = make_faces(1)
    out = impose_sheets(faces, [Slot(0)] * 9, POKER, "a4")
    layout = layout_grid(POKER, "a4")
    placed = placements(out.pages[0], faces)
    for index, p in enumerate(placed):
        row, col = divmod(index, 3)
        x0, y0, x1, y1 = p.clip
        assert x0 == pytest.approx(p.x - (3 if col == 0 else 0), abs=TOL_MM)
        assert x1 == pytest.approx(p.x + 63 + (3 if col == 2 else 0), abs=TOL_MM)
        assert y0 == pytest.approx(p.y - (3 if row == 2 else 0), abs=TOL_MM)
        assert y1 == pytest.approx(p.y + 88 + (3 if row == 0 else 0), abs=TOL_MM)
    hull = (min(p.clip[0] for p in placed), min(p.clip[1] for p in placed),
            max(p.clip[2] for p in placed), max(p.clip[3] for p in placed))
    assert hull == pytest.approx(layout.bleed_box, abs=TOL_MM)


def test_crop_marks_on_every_trim_line_outside_the_bleed() -> None:
    out = impose_sheets(make_faces(1), [Slot(0, 0)] * 9, POKER, "letter")
    layout = layout_grid(POKER, "letter")
    bx0, by0, bx1, by1 = layout.bleed_box
    half_line = 0.25 / 2 / 72 * 25.4
    for sheet in out.pages:  # front and back
        segments = mark_segments(sheet)
        assert len(segments) == 2 * 4 + 2 * 4
        for x0, y0, x1, y1 in segments:
            outside = (
                min(y0, y1) >= by1 + half_line or max(y0, y1) <= by0 - half_line
                or max(x0, x1) <= bx0 - half_line or min(x0, x1) >= bx1 + half_line
            )
            assert outside, (x0, y0, x1, y1)
            assert min(x0, x1) >= -TOL_MM and max(x0, x1) <= 215.9 + TOL_MM
            assert min(y0, y1) >= -TOL_MM and max(y0, y1) <= 279.4 + TOL_MM
        verticals = sorted(round(x0, 2) for x0, _, x1, _ in segments if x0 == x1)
        assert verticals == sorted(round(x, 2) for x in layout.trim_lines_x() for _ in range(2))
        horizontals = sorted(round(y0, 2) for _, y0, _, y1 in segments if y0 == y1)
        assert horizontals == sorted(round(y, 2) for y in layout.trim_lines_y() for _ in range(2))
        widths = [float(o[0]) for o, op in pikepdf.parse_content_stream(sheet) if str(op) == "w"]
        assert widths == [0.25]


def test_no_crop_marks_when_off() -> None:
    out = impose_sheets(make_faces(1), [Slot(0)], POKER, "a4", crop_marks=False)
    assert mark_segments(out.pages[0]) == []


def test_gutter_moves_cards_apart() -> None:
    faces = make_faces(1)
    out = impose_sheets(faces, [Slot(0)] * 2, POKER, "a4", gutter_mm=4)
    a, b = placements(out.pages[0], faces)
    assert b.x - a.x == pytest.approx(67, abs=TOL_MM)
    assert a.clip[2] == pytest.approx(a.x + 63 + 2, abs=TOL_MM)  # half the gutter of bleed


def test_outer_bleed_is_printed_and_inner_edges_butt() -> None:
    """Render the sheet: red face 0 bleeds outward; blue face 1 starts at the shared trim."""
    pdfium = pytest.importorskip("pypdfium2")
    faces = make_faces(2)
    out = impose_sheets(faces, [Slot(0), Slot(1)], POKER, "a4")
    document = pdfium.PdfDocument(reopen_bytes(out))
    scale = 4  # 288 dpi
    image = document[0].render(scale=scale).to_pil().convert("RGB")

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(mm_to_pt(x_mm) * scale), round(mm_to_pt(297 - y_mm) * scale)))

    top = 280.5  # trim top of row 0
    assert pixel(10.5 - 1.5, top - 40) == (255, 0, 0)  # outer left bleed of slot 0
    assert pixel(40, top + 1.5) == (255, 0, 0)  # outer top bleed of slot 0
    assert pixel(73.5 - 0.5, top - 40) == (255, 0, 0)  # slot 0 just inside its right trim
    assert pixel(73.5 + 0.5, top - 40) == (0, 0, 255)  # slot 1 just past the shared trim
    assert pixel(10.5 - 3.5, top - 40) == (255, 255, 255)  # beyond the bleed: paper
    assert pixel(40, top - 88 - 1.5) == (255, 255, 255)  # empty slot below stays blank


def reopen_bytes(pdf: pikepdf.Pdf) -> bytes:
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


def test_weasyprint_face_contract() -> None:
    """The HTML side relies on this: MediaBox = BleedBox = trim + bleed, TrimBox = trim."""
    weasyprint = pytest.importorskip("weasyprint")
    html = (
        "<style>@page { size: 63mm 88mm; bleed: 3mm; margin: 0 }"
        " body { margin: 0 } section { height: 88mm; break-after: page }</style>"
        "<section>A</section><section>B</section>"
    )
    faces = pikepdf.open(io.BytesIO(weasyprint.HTML(string=html).write_pdf()))
    assert len(faces.pages) == 2
    w, h, b = mm_to_pt(63), mm_to_pt(88), mm_to_pt(3)
    for page in faces.pages:
        trim, media, bleed = box(page, "/TrimBox"), box(page, "/MediaBox"), box(page, "/BleedBox")
        assert trim[2] - trim[0] == pytest.approx(w, abs=0.01)
        assert trim[3] - trim[1] == pytest.approx(h, abs=0.01)
        assert media == pytest.approx(bleed, abs=0.01)
        assert media == pytest.approx(
            [trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b], abs=0.01
        )
    out = impose_sheets(faces, [Slot(0, 1)] * 9, POKER, "a4")
    assert len(out.pages) == 2 and form_count(reopen(out)) == 2


@pytest.mark.parametrize(
    "slots, message",
    [
        ([Slot(0), Slot(3)], r"slot 1 references front page 3.*3 pages"),
        ([Slot(0, 7)], r"slot 0 references back page 7"),
        ([Slot(-1)], r"front page -1"),
        ([], "no slots"),
    ],
)
def test_bad_slots_raise(slots: list[Slot], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        impose_sheets(make_faces(3), slots, POKER, "a4")


def test_bad_duplex_and_wrong_face_size_raise() -> None:
    with pytest.raises(ValueError, match="duplex"):
        impose_sheets(make_faces(1), [Slot(0)], POKER, "a4", duplex="both")
    tarot = make_faces(1, CardGeometry(70, 120, 3, 4))
    with pytest.raises(ValueError, match=r"face page 0 has a 70.00 × 120.00 mm TrimBox"):
        impose_sheets(tarot, [Slot(0)], POKER, "a4")
    bare = make_faces(2, CardGeometry(70, 120, 3, 4), style="no-trimbox")
    with pytest.raises(ValueError, match=r"76.00 × 126.00 mm MediaBox \(and no TrimBox\)"):
        impose_sheets(bare, [Slot(1)], POKER, "a4")
    rotated = make_faces(1)
    rotated.pages[0].obj.Rotate = 90
    with pytest.raises(ValueError, match="rotated"):
        impose_sheets(rotated, [Slot(0)], POKER, "a4")


def test_atomic_write_creates_folders_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "out" / "nested" / "sheets.pdf"
    write_pdf_atomically(impose_sheets(make_faces(1), [Slot(0)], POKER, "a4"), target)
    assert len(pikepdf.open(target).pages) == 1
    write_pdf_atomically(impose_sheets(make_faces(1), [Slot(0)] * 10, POKER, "a4"), target)
    assert len(pikepdf.open(target).pages) == 2
    assert [p.name for p in target.parent.iterdir()] == ["sheets.pdf"]


class Exploding:
    """Stands in for a pikepdf.Pdf whose save writes half a file and then fails (with the
    trailer and save options that save_reproducibly uses)."""

    def __init__(self) -> None:
        self.trailer = pikepdf.Dictionary(ID=pikepdf.Array([b"random", b"random"]))

    def save(self, handle: io.BufferedWriter, **options: object) -> None:
        assert options.get("deterministic_id") is True
        assert pikepdf.Name.ID not in self.trailer
        handle.write(b"%PDF-1.7\n% half a file")
        raise OSError("disk full")


def test_failed_write_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "sheets.pdf"
    with pytest.raises(OSError, match="disk full"):
        write_pdf_atomically(Exploding(), target)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "sheets.pdf"
    target.write_bytes(b"old")
    with pytest.raises(OSError):
        write_pdf_atomically(Exploding(), target)  # type: ignore[arg-type]
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]
