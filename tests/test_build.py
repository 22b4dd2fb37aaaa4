"""`cardforge build comic-creator`: sheet PDFs read back with pikepdf."""

from __future__ import annotations

import math
from pathlib import Path

import pikepdf
import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.model.paper_units import mm_to_pt

REPO = Path(__file__).resolve().parents[1]
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TRIM, BLEED, PER_SHEET = (63.0, 88.0), 3.0, 9
DECKS = yaml.safe_load((REPO / "cards" / "comic-creator" / "game.yaml").read_text())["decks"]
CARDS = sum(deck["count"] for deck in DECKS.values())  # Experience, Skill, Assist and the play aids


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(main, ["build", "comic-creator", "--lang", "en", "--quiet",
                                       "--out", str(out), "-w", str(REPO)])
    return out, result


def _box(page: pikepdf.Page, name: str) -> list[float]:
    return [round(float(v), 2) for v in page.obj[name]]


def test_build_prints_the_paths_it_wrote(built):
    out, result = built
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    written = [Path(line) for line in lines]
    folder = out / "comic-creator"
    assert written == [*(folder / f"comic-creator-cards-en-{p}.pdf" for p in ("a4", "letter")),
                       folder / "comic-creator-rules-en.pdf", folder / "comic-creator-rulesheet-en.pdf"]
    assert sorted(p.name for p in (out / "comic-creator").iterdir()) == sorted(w.name for w in written)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_sizes_boxes_and_page_count(built, paper):
    out, _ = built
    width, height = PAPER_MM[paper]
    with pikepdf.open(out / "comic-creator" / f"comic-creator-cards-en-{paper}.pdf") as pdf:
        sheets = math.ceil(CARDS / PER_SHEET)
        assert len(pdf.pages) == 2 * sheets  # each front sheet followed by its back sheet
        grid_w, grid_h = 3 * TRIM[0], 3 * TRIM[1]
        x0, y0 = (width - grid_w) / 2, (height - grid_h) / 2
        trim = [round(mm_to_pt(v), 2) for v in (x0, y0, x0 + grid_w, y0 + grid_h)]
        bleed = [round(mm_to_pt(v), 2) for v in
                 (x0 - BLEED, y0 - BLEED, x0 + grid_w + BLEED, y0 + grid_h + BLEED)]
        for page in pdf.pages:
            assert _box(page, "/MediaBox") == [0, 0, round(mm_to_pt(width), 2), round(mm_to_pt(height), 2)]
            assert _box(page, "/TrimBox") == trim
            assert _box(page, "/BleedBox") == bleed


def test_every_copy_is_placed_and_backs_share_one_form(built):
    out, _ = built
    with pikepdf.open(out / "comic-creator" / "comic-creator-cards-en-a4.pdf") as pdf:
        fronts = pdf.pages[0::2]
        backs = pdf.pages[1::2]
        placed = sum(_placements(page) for page in fronts)
        assert placed == CARDS
        assert sum(_placements(page) for page in backs) == CARDS
        back_forms = {xobj.objgen for page in backs for xobj in page.Resources.XObject.values()}
        assert len(back_forms) == len(DECKS)  # one back per deck


def _placements(page: pikepdf.Page) -> int:
    return sum(1 for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Do")


def test_a_card_with_errors_is_not_built_and_nothing_is_written(tmp_path):
    game = tmp_path / "cards" / "comic-creator"
    game.mkdir(parents=True)
    for name in ("game.yaml", "experience.yaml", "skill.yaml", "assist.yaml"):
        (game / name).write_text((REPO / "cards/comic-creator" / name).read_text(encoding="utf-8"))
    skill = game / "skill.yaml"
    skill.write_text(skill.read_text(encoding="utf-8").replace('cost: "X=X"', 'cost: "X=X run4"', 1))
    result = CliRunner().invoke(main, ["build", "-w", str(tmp_path), "--quiet"])
    assert result.exit_code == 1
    assert "skill.yaml:" in result.output and "CC101" in result.output
    assert not (tmp_path / "out").exists()
