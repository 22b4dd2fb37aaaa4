"""Sheet geometry: units, card sizes, the centred grid, clips and duplex mirroring."""

from __future__ import annotations

import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import MM_TO_PT, PAPER, mm_to_pt, pt_to_mm
from cardforge.render.impose.slot_grid import layout_grid

POKER = CardGeometry.poker()


def test_units_round_trip_and_inch() -> None:
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert pt_to_mm(72.0) == pytest.approx(25.4)
    assert pt_to_mm(mm_to_pt(63.0)) == pytest.approx(63.0)
    assert MM_TO_PT == pytest.approx(2.834645669)


def test_paper_sizes_in_mm() -> None:
    assert PAPER["a4"] == (210, 297)
    assert PAPER["letter"] == (215.9, 279.4)


def test_poker_card_and_bleed_size() -> None:
    assert (POKER.width_mm, POKER.height_mm, POKER.bleed_mm, POKER.safe_mm) == (63, 88, 3, 4)
    assert (POKER.bleed_width, POKER.bleed_height) == (69, 94)


@pytest.mark.parametrize(
    "args",
    [(0, 88, 3, 4), (63, -1, 3, 4), (63, 88, -1, 4), (63, 88, 3, -1), (63, 88, 3, 40)],
)
def test_card_geometry_rejects_impossible_sizes(args: tuple[float, ...]) -> None:
    card = CardGeometry(*args)
    with pytest.raises(ValueError):
        card.check()
    with pytest.raises(ValueError):
        layout_grid(card, "a4")


@pytest.mark.parametrize("paper", ["a4", "letter", "A4"])
def test_poker_fits_three_by_three_with_bleed_and_marks(paper: str) -> None:
    layout = layout_grid(POKER, paper)
    pw, ph = PAPER[paper.lower()]
    assert (layout.columns, layout.rows, layout.per_sheet) == (3, 3, 9)
    assert (layout.paper_width_mm, layout.paper_height_mm) == (pw, ph)
    x0, y0, x1, y1 = layout.trim_box
    assert (x1 - x0, y1 - y0) == pytest.approx((189, 264))
    # centred on the sheet
    assert x0 == pytest.approx(pw - x1)
    assert y0 == pytest.approx(ph - y1)
    bx0, by0, bx1, by1 = layout.bleed_box
    assert (bx0, by0, bx1, by1) == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3))
    # the marks, offset from the bleed, still end on the paper
    reach = layout.mark_offset_mm + layout.mark_length_mm
    assert layout.mark_length_mm >= 2
    assert bx0 - reach >= -1e-9 and by0 - reach >= -1e-9
    assert bx1 + reach <= pw + 1e-9 and by1 + reach <= ph + 1e-9


def test_a4_numbers_and_letter_marks_shortened() -> None:
    a4 = layout_grid(POKER, "a4")
    assert a4.trim_box == pytest.approx((10.5, 16.5, 199.5, 280.5))
    assert a4.mark_length_mm == pytest.approx(5)
    letter = layout_grid(POKER, "letter")
    # (279.4 - 264) / 2 = 7.7 mm of margin: 3 bleed + 1 offset leaves 3.7 mm of mark
    assert letter.mark_length_mm == pytest.approx(3.7)


def test_slots_in_reading_order_and_butting() -> None:
    layout = layout_grid(POKER, "a4")
    assert layout.origins[0] == pytest.approx((10.5, 280.5 - 88))  # top-left
    assert layout.origins[8] == pytest.approx((10.5 + 2 * 63, 16.5))  # bottom-right
    for row in range(3):
        for col in range(2):
            left, right = layout.origin(row, col), layout.origin(row, col + 1)
            assert right[0] - left[0] == pytest.approx(63)
            assert right[1] == pytest.approx(left[1])
    assert layout.origin(0, 0)[1] - layout.origin(1, 0)[1] == pytest.approx(88)


def test_clip_keeps_bleed_only_on_outer_edges() -> None:
    layout = layout_grid(POKER, "a4")
    ox, oy = layout.origin(0, 0)
    assert layout.clip_box(0, 0) == pytest.approx((ox - 3, oy, ox + 63, oy + 88 + 3))
    mx, my = layout.origin(1, 1)
    assert layout.clip_box(1, 1) == pytest.approx((mx, my, mx + 63, my + 88))
    bx, by = layout.origin(2, 2)
    assert layout.clip_box(2, 2) == pytest.approx((bx, by - 3, bx + 63 + 3, by + 88))


def test_gutter_spaces_cards_and_shares_it_between_bleeds() -> None:
    layout = layout_grid(POKER, "a4", gutter_mm=4)
    assert (layout.columns, layout.rows) == (3, 3)
    assert layout.origin(0, 1)[0] - layout.origin(0, 0)[0] == pytest.approx(67)
    x, y = layout.origin(1, 1)
    assert layout.clip_box(1, 1) == pytest.approx((x - 2, y - 2, x + 65, y + 90))
    assert len(layout.trim_lines_x()) == 6 and len(layout.trim_lines_y()) == 6
    wide = layout_grid(POKER, "a4", gutter_mm=10)
    x, y = wide.origin(0, 0)
    assert wide.clip_box(0, 0)[2] == pytest.approx(x + 63 + 3)  # capped at the bleed
    assert wide.columns == 2


def test_trim_lines_without_gutter() -> None:
    layout = layout_grid(POKER, "a4")
    assert layout.trim_lines_x() == pytest.approx((10.5, 73.5, 136.5, 199.5))
    assert layout.trim_lines_y() == pytest.approx((16.5, 104.5, 192.5, 280.5))


def test_back_index_mirrors_columns_or_rows() -> None:
    layout = layout_grid(POKER, "a4")
    assert [layout.back_index(i, "long") for i in range(9)] == [2, 1, 0, 5, 4, 3, 8, 7, 6]
    assert [layout.back_index(i, "short") for i in range(9)] == [6, 7, 8, 3, 4, 5, 0, 1, 2]
    with pytest.raises(ValueError):
        layout.back_index(9, "long")
    with pytest.raises(ValueError, match="duplex"):
        layout.back_index(0, "none")


def test_card_too_big_names_the_sizes() -> None:
    with pytest.raises(ValueError, match=r"250 × 300 mm.*a4.*210 × 297 mm"):
        layout_grid(CardGeometry(250, 300, 3, 4), "a4")


def test_card_that_fills_letter_without_mark_room_is_rejected() -> None:
    # 200 mm + 2 × 3 bleed fits 215.9 mm, but leaves no room for offset + 2 mm marks
    with pytest.raises(ValueError, match="letter"):
        layout_grid(CardGeometry(208, 100, 3, 4), "letter")
    assert layout_grid(CardGeometry(208, 100, 3, 4), "letter", mark_length_mm=0).columns == 1


def test_unknown_paper_and_negative_gutter() -> None:
    with pytest.raises(ValueError, match="a3.*a4, letter"):
        layout_grid(POKER, "a3")
    with pytest.raises(ValueError, match="negative"):
        layout_grid(POKER, "a4", gutter_mm=-1)
