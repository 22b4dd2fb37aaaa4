"""Every printed page of every product of every game states its boxes: TrimBox inside
BleedBox inside MediaBox (read back with pikepdf). One build per game: every product it
makes, booklets imposed for saddle stitching too, both papers; fold-over sheets once."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.model.game_packs import discover

REPO = Path(__file__).resolve().parents[2]
TOL_PT = 0.01


def built(out: Path, *args: str) -> list[Path]:
    """Run ``cardforge build ARGS`` into ``out``; the PDFs it wrote."""
    result = CliRunner().invoke(main, ["build", *args, "--quiet", "--out", str(out), "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs
    return pdfs


def _rect(page: pikepdf.Page, name: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in page.obj[name])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (inner[0] >= outer[0] - TOL_PT and inner[1] >= outer[1] - TOL_PT
            and inner[2] <= outer[2] + TOL_PT and inner[3] <= outer[3] + TOL_PT)


def assert_boxes(pdfs: list[Path]) -> None:
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                where = f"{path.name} page {number}"
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj, f"{where}: no boxes"
                media, bleed, trim = (_rect(page, n) for n in ("/MediaBox", "/BleedBox", "/TrimBox"))
                assert trim[2] > trim[0] and trim[3] > trim[1], where
                assert _inside(trim, bleed) and _inside(bleed, media), (where, trim, bleed, media)


@pytest.mark.parametrize("game_id", sorted(discover()))
def test_every_page_of_every_product_states_trim_and_bleed(tmp_path, game_id):
    pdfs = built(tmp_path, game_id, "--imposition", "saddle", "--paper", "all")
    kinds = {p.name.removeprefix(game_id).split("-")[1] for p in pdfs}
    assert {"cards", "rules", "rulesheet"} <= kinds
    assert any("saddle" in p.name for p in pdfs)
    assert ("dice" in kinds) == ("dice" in discover()[game_id].products)
    assert_boxes(pdfs)


def test_every_fold_over_sheet_states_trim_and_bleed(tmp_path):
    assert_boxes(built(tmp_path, "dice-girls", "--product", "cards", "--layout", "fold-over",
                       "--paper", "all"))
