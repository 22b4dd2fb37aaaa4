"""The fold-over layout and gutters, read back from the PDFs with pikepdf.

Fold-over: each back behind its own front across a dashed fold line, crop marks that never
cross it, sheet boxes spanning both halves. Gutters: in both layouts every card moves by its
share of the gutter, and a wide gutter fits fewer cards. Faces are synthetic (one colour
each, tests/render/test_impose.py), so each front and back is told apart.
"""

from __future__ import annotations

import pikepdf
import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import mm_to_pt, pt_to_mm
from cardforge.render.impose.duplex_sheets import Slot, impose_sheets
from cardforge.render.impose.fold_over import impose_fold_over, layout_fold
from tests.render.test_impose import make_faces
from tests.render.test_layouts import TOL, placed, same, size_pt

POKER = CardGeometry.poker()


def strokes(sheet: pikepdf.Page) -> list[tuple[bool, tuple[float, float, float, float]]]:
    """Every stroked m/l segment as (dashed?, (x0, y0, x1, y1) in mm)."""
    found, dashed, start = [], False, (0.0, 0.0)
    for operands, op in pikepdf.parse_content_stream(sheet):
        if str(op) == "d":
            dashed = len(operands[0]) > 0
        elif str(op) == "m":
            start = tuple(pt_to_mm(float(v)) for v in operands)
        elif str(op) == "l":
            found.append((dashed, (*start, *(pt_to_mm(float(v)) for v in operands))))
    return found


@pytest.mark.parametrize("paper, size", [("a4", (297.0, 210.0)), ("letter", (279.4, 215.9))])
def test_fold_over_puts_each_back_behind_its_own_front(paper, size):
    faces = make_faces(10)  # pages 0-4 fronts, 5-9 their own backs
    out = impose_fold_over(faces, [Slot(i, 5 + i) for i in range(5)], POKER, paper)
    width, height = size  # poker: landscape, 2 × 2 a half
    assert len(out.pages) == 2
    trims = dict.fromkeys(range(10), (0.0, 0.0))
    where = {page: (x, y) for sheet in out.pages for page, x, y in placed(sheet, trims)}
    for front in range(5):
        x, y = where[front]
        assert x + 63 <= width / 2 - 3 and same([where[5 + front]], [(width - x - 63, y)])
    assert where[0][1] > where[2][1]  # reading order: the third card starts the second row
    for sheet in out.pages:
        assert size_pt(sheet.obj.MediaBox) == pytest.approx((mm_to_pt(width), mm_to_pt(height)), abs=0.01)
        lines = strokes(sheet)
        fold = [seg for dashed, seg in lines if dashed]
        assert same(fold, [(width / 2, 0, width / 2, height)])
        marks = [seg for dashed, seg in lines if not dashed]
        half = width / 2  # a mark may reach the fold line, never cross it
        assert marks and all(max(s[0], s[2]) <= half + TOL or min(s[0], s[2]) >= half - TOL
                             for s in marks)


def test_fold_over_sheet_boxes_span_both_halves():
    layout = layout_fold(POKER, "a4")
    out = impose_fold_over(make_faces(2), [Slot(0, 1)], POKER, "a4")
    left = (297 / 2 - 2 * 63) / 2
    trim = [left, (210 - 2 * 88) / 2, 297 - left, (210 + 2 * 88) / 2]
    assert [pt_to_mm(float(v)) for v in out.pages[0].obj.TrimBox] == pytest.approx(trim, abs=TOL)
    bleed = [trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3]
    assert [pt_to_mm(float(v)) for v in out.pages[0].obj.BleedBox] == pytest.approx(bleed, abs=TOL)
    assert layout.fold_x_mm == pytest.approx(297 / 2) and layout.per_sheet == 4


def test_a_card_too_big_for_half_a_sheet_says_so():
    with pytest.raises(ValueError, match="fold-over sheet gives the fronts half the sheet"):
        layout_fold(CardGeometry(150, 150, 3, 4), "a4")


# ---- gutters ---------------------------------------------------------------------------------

def _positions(layout: str, gutter: float, cards: int) -> list[tuple[float, float]]:
    """Trim corners (mm) of the cards on the first sheet of ``cards`` poker cards."""
    impose = impose_fold_over if layout == "fold-over" else impose_sheets
    out = impose(make_faces(1), [Slot(0)] * cards, POKER, "a4", gutter_mm=gutter)
    return [(x, y) for _, x, y in placed(out.pages[0], {0: (0.0, 0.0)})]


@pytest.mark.parametrize("layout, cols, rows", [("sheets", 3, 3), ("fold-over", 2, 2)])
@pytest.mark.parametrize("gutter", [2.0, 4.0])  # 4.5 mm is the most that keeps 3 poker columns on A4
def test_a_gutter_moves_every_card_by_its_share(layout, cols, rows, gutter):
    butted, spaced = _positions(layout, 0.0, cols * rows), _positions(layout, gutter, cols * rows)
    assert len(butted) == len(spaced) == cols * rows
    for slot, ((x0, y0), (x1, y1)) in enumerate(zip(butted, spaced, strict=True)):
        row, col = divmod(slot, cols)
        assert x1 - x0 == pytest.approx((col - (cols - 1) / 2) * gutter, abs=TOL)
        assert y1 - y0 == pytest.approx(((rows - 1) / 2 - row) * gutter, abs=TOL)
    assert spaced[1][0] - spaced[0][0] == pytest.approx(63 + gutter, abs=TOL)


def test_a_wide_gutter_fits_fewer_cards():
    assert len(_positions("sheets", 12.0, 9)) == 4  # 3 × 63 + 2 × 12 + room for marks > 210
    assert len(_positions("fold-over", 12.0, 4)) == 2  # 2 × 63 + 12 + room > 148.5
