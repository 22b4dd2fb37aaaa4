"""Boards on paper (cardforge.render.board_render): whole when they fit either way round, else
tiles that overlap; read back with pikepdf."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest

from cardforge.model.paper_units import PAPER, mm_to_pt
from cardforge.render.board_render import MARGIN_MM, MAX_TILES, OVERLAP_MM, tile_board, tile_grid


def _page(width: float, height: float) -> bytes:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(mm_to_pt(width), mm_to_pt(height)))
    buffer = BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


def _box(page: pikepdf.Page, name: str) -> list[float]:
    return [round(float(v), 1) for v in page.obj[name]]


def test_a_board_that_fits_is_one_sheet_with_its_trim_centred():
    with tile_board(_page(150, 100), 150, 100, "a4") as pdf:
        [page] = pdf.pages
        width, height = PAPER["a4"]
        assert _box(page, "/MediaBox") == [0, 0, round(mm_to_pt(width), 1), round(mm_to_pt(height), 1)]
        x0, y0 = (width - 150) / 2, (height - 100) / 2
        assert _box(page, "/TrimBox") == [round(mm_to_pt(v), 1) for v in (x0, y0, x0 + 150, y0 + 100)]


def test_a_wide_board_that_fits_sideways_is_one_landscape_sheet():
    grid = tile_grid(250, 180, "letter")
    assert grid.fits and (grid.paper_w, grid.paper_h) == (PAPER["letter"][1], PAPER["letter"][0])


def test_a_larger_board_is_tiled_with_overlaps_that_cover_it():
    grid = tile_grid(350, 475, "a4")
    assert not grid.fits
    assert (grid.step_w, grid.step_h) == (210 - 2 * MARGIN_MM - OVERLAP_MM, 297 - 2 * MARGIN_MM - OVERLAP_MM)
    assert grid.columns * grid.step_w + OVERLAP_MM >= 350 > (grid.columns - 1) * grid.step_w + OVERLAP_MM
    assert grid.rows * grid.step_h + OVERLAP_MM >= 475 > (grid.rows - 1) * grid.step_h + OVERLAP_MM
    with tile_board(_page(350, 475), 350, 475, "a4") as pdf:
        assert len(pdf.pages) == grid.columns * grid.rows


def test_a_board_needing_too_many_sheets_is_refused():
    with pytest.raises(ValueError, match=f"more than {MAX_TILES}"):
        tile_grid(2000, 2000, "a4")
