"""Exports by design: a 60-design, 300-card game with ``per-design: true`` gives 60 PNGs
and a quantities manifest summing to 300, and a Tabletop Simulator save with one pile per
design (valid JSON, each pile its design's copies)."""

from __future__ import annotations

import csv
import json

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from tests.commands.card_lists import write_kingdom_csv


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("designs")
    folder = root / "cards" / "market"
    folder.mkdir(parents=True)
    rows = [{"Name": f"Design {n + 1}", "Cost": n % 6 + 1, "Copies": 5, "Text": f"Gain {n % 3 + 1}."}
            for n in range(60)]
    write_kingdom_csv(folder / "designs.csv", rows)
    made = run("new", "market", "--cards", str(folder / "designs.csv"), "-w", str(root))
    assert made.exit_code == 0, made.output
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "per-design: true\n", encoding="utf-8")
    return root


def test_png_gives_one_file_per_design_and_a_manifest(workspace):
    result = run("build", "market", "--product", "png", "--dpi", "40", "--quiet", "-w", str(workspace))
    assert result.exit_code == 0, result.output
    folder = workspace / "out" / "market" / "market-png-en"
    fronts = sorted(p.name for p in folder.glob("design-*.png"))
    assert len(fronts) == 60 and "design-1.png" in fronts and "design-1-1.png" not in fronts
    with (folder / "quantities.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 60 and sum(int(r["quantity"]) for r in rows) == 300
    assert rows[0] == {"file": "design-1.png", "card id": "design-1", "name": "Design 1", "quantity": "5"}
    assert {r["file"] for r in rows} == set(fronts)


def test_tts_makes_one_pile_per_design(workspace):
    result = run("build", "market", "--product", "tts", "--dpi", "40", "--quiet", "-w", str(workspace))
    assert result.exit_code == 0, result.output
    save = workspace / "out" / "market" / "market-tts-en" / "market.json"
    saved = json.loads(save.read_text(encoding="utf-8"))
    piles = saved["ObjectStates"]
    assert len(piles) == 60
    assert all(p["Name"] == "DeckCustom" and len(p["ContainedObjects"]) == 5 for p in piles)
    assert {p["Nickname"] for p in piles} == {f"Design {n + 1}" for n in range(60)}
    assert len({(p["Transform"]["posX"], p["Transform"]["posZ"]) for p in piles}) == 60
