"""Saddle-stitch imposition: page order for 8 and 12 pages, padding, sheets read back."""

from __future__ import annotations

import pikepdf
import pytest

from cardforge.model.paper_units import PAPER, mm_to_pt
from cardforge.render.booklet_render import impose_saddle, saddle_order


def one_based(sides):
    return [tuple(None if p is None else p + 1 for p in side) for side in sides]


def test_eight_pages():
    # sheet 1: front 8|1, back 2|7; sheet 2: front 6|3, back 4|5
    assert one_based(saddle_order(8)) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_twelve_pages():
    assert one_based(saddle_order(12)) == [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]


@pytest.mark.parametrize("count", [1, 5, 6, 7, 9, 10, 11])
def test_padded_to_a_multiple_of_four_with_blanks_at_the_end(count):
    sides = saddle_order(count)
    padded = -(-count // 4) * 4
    assert len(sides) == padded // 2
    pages = sorted(p for side in sides for p in side if p is not None)
    assert pages == list(range(count))  # every page once
    blanks = sum(p is None for side in sides for p in side)
    assert blanks == padded - count
    # Folded, the halves of a side face each other: their 0-based numbers add up to N−1.
    for left, right in sides:
        real = [p for p in (left, right) if p is not None]
        if len(real) == 2:
            assert left + right == padded - 1


def test_no_pages_is_an_error():
    with pytest.raises(ValueError):
        saddle_order(0)


def _booklet(count: int) -> pikepdf.Pdf:
    pdf = pikepdf.Pdf.new()
    a5 = [0, 0, round(mm_to_pt(148), 3), round(mm_to_pt(210), 3)]
    for _ in range(count):
        pdf.add_blank_page(page_size=(a5[2], a5[3]))
    return pdf


def _placed(page: pikepdf.Page) -> list[tuple[int, float]]:
    """(booklet page index, x of its placement in pt) for each form drawn, left to right."""
    placed = []
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "cm":
            x = float(operands[4])
        elif str(op) == "Do":
            placed.append((int(str(operands[0])[2:]), x))
    return sorted(placed, key=lambda p: p[1])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("count", [8, 12, 10])
def test_sheets_are_landscape_and_carry_the_pages_in_order(count, paper):
    out = impose_saddle(_booklet(count), paper)
    sides = saddle_order(count)
    assert len(out.pages) == len(sides)
    height, width = PAPER[paper]
    for page, (left, right) in zip(out.pages, sides, strict=True):
        box = [float(v) for v in page.mediabox]
        assert (round(box[2], 1), round(box[3], 1)) == (round(mm_to_pt(width), 1), round(mm_to_pt(height), 1))
        placed = _placed(page)
        assert [i for i, _ in placed] == [p for p in (left, right) if p is not None]
        half = mm_to_pt(width) / 2
        for index, x in placed:  # the left page starts in the left half, the right one in the right
            assert (x < half) == (index == left)


def test_unknown_paper():
    with pytest.raises(ValueError, match="unknown paper"):
        impose_saddle(_booklet(4), "a3")
