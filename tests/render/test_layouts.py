"""Card sizes and layouts, read back from the PDFs with pikepdf.

Every preset and a custom size, one deck each: the boxes of the face pages WeasyPrint lays
out, and where the sheets and fold-over layouts place them (fold-over: fronts in one half,
backs mirrored across the fold line). tests/render/test_fold_over.py checks fold-over card
by card, and gutters. Expected grids are worked out here by hand from the paper and card
sizes, not by the code under test.
"""

from __future__ import annotations

import math

import pikepdf
import pytest

from cardforge.model.paper_units import mm_to_pt, pt_to_mm
from cardforge.render.card_render import render_card_faces
from cardforge.render.card_sheets import card_sheets
from cardforge.workspace.game_loading import load_game
from tests.conftest import FIXTURES, GENERIC

TOL = 0.01  # mm
A4 = (210.0, 297.0)

SIZES = {  # deck of ok_every_size.yaml → (trim width, trim height, bleed) in mm
    "poker": (63, 88, 3), "bridge": (57, 89, 3), "euro": (59, 92, 3), "tarot": (70, 120, 3),
    "mini-euro": (44, 68, 3), "mini-us": (41, 63, 3), "square": (70, 70, 3),
    "custom": (75, 105, 2),
}
SHEET_GRID = {  # columns × rows on portrait A4, room kept for bleed + 1 mm + 2 mm of mark
    "poker": (3, 3), "bridge": (3, 3), "euro": (3, 3), "tarot": (2, 2), "mini-euro": (4, 4),
    "mini-us": (4, 4), "square": (2, 4), "custom": (2, 2),
}
FOLD_GRID = {  # (landscape?, columns, rows) of one half of A4: whichever way holds more
    "poker": (True, 2, 2), "bridge": (True, 2, 2), "euro": (True, 2, 2), "tarot": (False, 1, 2),
    "mini-euro": (False, 2, 4), "mini-us": (True, 3, 3), "square": (False, 1, 4),
    "custom": (False, 1, 2),
}
FRONT = ('<div style="position:absolute;top:0;left:0;right:0;bottom:0;background:#c8e0f0">'
         "</div><p>{{ card.id }}</p>")
BACK = '<div style="position:absolute;top:0;left:0;right:0;bottom:0;background:#333"></div>'


@pytest.fixture(scope="module")
def every_size(tmp_path_factory):
    """The ok_every_size game, one card per deck printed one more time than fills a sheet,
    its faces laid out: (game, faces, {face page: trim bottom-left in page coordinates})."""
    root = tmp_path_factory.mktemp("sizes")
    folder = root / "cards" / "generic"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text((FIXTURES / "card-sizes" / "ok_every_size.yaml").read_text())
    for deck, (cols, rows) in SHEET_GRID.items():
        (folder / f"{deck}.yaml").write_text(
            f"deck: {deck}\ncards:\n  - {{id: {deck}-card, name: {{en: {deck}}},"
            f" quantity: {cols * rows + 1}}}\n")
    templates = root / "templates" / "generic"
    templates.mkdir(parents=True)
    (templates / "front.html.j2").write_text(FRONT)
    (templates / "back.html.j2").write_text(BACK)
    loaded = load_game(folder, GENERIC)
    assert not loaded.problems, loaded.problems
    faces = render_card_faces(loaded.game, "en", root, jobs=1)
    trims = {}
    for page, file in enumerate(faces.files):
        with pikepdf.open(file) as pdf:
            trim = [float(v) for v in pdf.pages[0].obj.TrimBox]
            trims[page] = (trim[0], trim[1])
    return loaded.game, faces, trims


def size_pt(box) -> tuple[float, float]:
    x0, y0, x1, y1 = (float(v) for v in box)
    return abs(x1 - x0), abs(y1 - y0)


def placed(sheet: pikepdf.Page, trims: dict[int, tuple[float, float]]) -> list[tuple[int, float, float]]:
    """(face page, trim left, trim bottom) in mm of every face drawn on ``sheet``, in drawing
    order; ``trims[page]`` is that face's TrimBox bottom-left in its own coordinates (pt)."""
    found, tx, ty = [], 0.0, 0.0
    for operands, op in pikepdf.parse_content_stream(sheet):
        if str(op) == "cm":
            tx, ty = float(operands[4]), float(operands[5])
        elif str(op) == "Do":
            page = int(str(operands[0])[2:])  # /F<page>
            found.append((page, pt_to_mm(tx + trims[page][0]), pt_to_mm(ty + trims[page][1])))
    return found


def grid(left: float, bottom: float, cols: int, rows: int, w: float, h: float, gap: float = 0.0):
    """Trim bottom-left corners of a grid in reading order (row 0 at the top), in mm."""
    return [(left + c * (w + gap), bottom + (rows - 1 - r) * (h + gap))
            for r in range(rows) for c in range(cols)]


def same(actual: list[tuple], expected: list[tuple]) -> bool:
    """Equal lists of (page,) x, y tuples, lengths within :data:`TOL` mm."""
    return len(actual) == len(expected) and all(
        len(a) == len(e) and all(abs(x - y) <= TOL for x, y in zip(a, e, strict=True))
        for a, e in zip(actual, expected, strict=True))


# ---- every preset and a custom size -----------------------------------------------------------

@pytest.mark.parametrize("deck", list(SIZES))
def test_face_pages_are_the_decks_trim_plus_bleed(every_size, deck):
    game, faces, _ = every_size
    w, h, b = SIZES[deck]
    for page in (faces.front_page[f"{deck}-card"], faces.back_page[deck]):
        with pikepdf.open(faces.files[page]) as pdf:
            face = pdf.pages[0].obj
            media, trim, bleed = (size_pt(face[k]) for k in ("/MediaBox", "/TrimBox", "/BleedBox"))
            assert media == pytest.approx((mm_to_pt(w + 2 * b), mm_to_pt(h + 2 * b)), abs=0.01)
            assert trim == pytest.approx((mm_to_pt(w), mm_to_pt(h)), abs=0.01)
            assert bleed == pytest.approx(media, abs=0.01)
            assert float(face.TrimBox[0]) - float(face.MediaBox[0]) == pytest.approx(mm_to_pt(b), abs=0.01)


def test_backs_of_different_sizes_are_different_pages(every_size):
    _, faces, _ = every_size
    assert len({faces.back_page[d] for d in SIZES}) == len(SIZES)  # same HTML, eight sizes


@pytest.fixture(scope="module")
def duplex_sheets(every_size):
    game, faces, _ = every_size
    return card_sheets(game, faces, "a4", "long")


def test_each_size_gets_its_own_duplex_sheets_in_deck_order(every_size, duplex_sheets):
    _, faces, trims = every_size
    sheets = duplex_sheets.pages
    assert len(sheets) == 4 * len(SIZES)  # per size: a full sheet, a sheet of one, their backs
    for k, deck in enumerate(SIZES):
        w, h, b = SIZES[deck]
        cols, rows = SHEET_GRID[deck]
        left, bottom = (A4[0] - cols * w) / 2, (A4[1] - rows * h) / 2
        expected = grid(left, bottom, cols, rows, w, h)
        front, back = faces.front_page[f"{deck}-card"], faces.back_page[deck]
        full, full_back, one, one_back = sheets[4 * k:4 * k + 4]
        assert same(placed(full, trims), [(front, *p) for p in expected]), deck
        assert same(sorted(placed(full_back, trims)), sorted((back, *p) for p in expected)), deck
        assert same(placed(one, trims), [(front, *expected[0])]), deck  # top left
        assert same(placed(one_back, trims), [(back, *expected[cols - 1])]), deck  # top right
        trim_box = (left, bottom, left + cols * w, bottom + rows * h)
        bleed_box = (left - b, bottom - b, left + cols * w + b, bottom + rows * h + b)
        for sheet in (full, full_back, one, one_back):
            assert [pt_to_mm(float(v)) for v in sheet.obj.MediaBox] == pytest.approx([0, 0, *A4], abs=TOL)
            assert [pt_to_mm(float(v)) for v in sheet.obj.TrimBox] == pytest.approx(trim_box, abs=TOL)
            assert [pt_to_mm(float(v)) for v in sheet.obj.BleedBox] == pytest.approx(bleed_box, abs=TOL)


@pytest.fixture(scope="module")
def fold_sheets(every_size):
    game, faces, _ = every_size
    return card_sheets(game, faces, "a4", "long", layout="fold-over")


def test_fold_over_sheets_for_every_size(every_size, fold_sheets):
    _, faces, trims = every_size
    sheets = iter(fold_sheets.pages)
    for deck in SIZES:
        w, h, b = SIZES[deck]
        landscape, cols, rows = FOLD_GRID[deck]
        width, height = A4[::-1] if landscape else A4
        half = width / 2
        fronts = grid((half - cols * w) / 2, (height - rows * h) / 2, cols, rows, w, h)
        copies = SHEET_GRID[deck][0] * SHEET_GRID[deck][1] + 1
        front, back = faces.front_page[f"{deck}-card"], faces.back_page[deck]
        for sheet_no in range(math.ceil(copies / (cols * rows))):
            sheet = next(sheets)
            assert size_pt(sheet.obj.MediaBox) == pytest.approx((mm_to_pt(width), mm_to_pt(height)), abs=0.01)
            on_sheet = placed(sheet, trims)
            n = min(cols * rows, copies - sheet_no * cols * rows)
            assert same([p for p in on_sheet if p[0] == front], [(front, *p) for p in fronts[:n]]), deck
            behind = sorted((width - x - w, y) for x, y in fronts[:n])  # mirrored across the fold
            assert same(sorted(p[1:] for p in on_sheet if p[0] == back), behind), deck
            assert all(x + w <= half for page, x, _ in on_sheet if page == front)
    assert next(sheets, None) is None


def test_unknown_layout_is_refused(every_size):
    game, faces, _ = every_size
    with pytest.raises(ValueError, match="layout must be one of sheets, fold-over"):
        card_sheets(game, faces, "a4", "long", layout="zigzag")
