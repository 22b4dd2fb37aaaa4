"""``cardforge stats``: the cost curves of game.yaml's ``balance:`` after the pack's table
(weights, intercept, R²), alone for a game without a table, in text, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.balance.cost_curve import judge_game
from cardforge.cli import main
from cardforge.model.game_packs import discover
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]

GAME_YAML = """\
id: curve
name: {en: Curve}
languages: [en]
players: {min: 2, max: 2}
card: {size: poker}
decks:
  monsters:
    name: {en: Monsters}
    fields:
      cost: {type: integer, min: 0, max: 30, required: true}
      attack: {type: integer, min: 0, max: 9}
"""


def run(*args: str):
    return CliRunner().invoke(main, ["stats", *args])


def curve_game(tmp_path: Path, balance: str = "") -> Path:
    """A workspace game (no pack, so no statistics table) with cost = 2·attack + 1."""
    folder = tmp_path / "cards" / "curve"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML + balance, encoding="utf-8")
    cards = "".join(f"  - {{id: m{a}, name: {{en: M{a}}}, cost: {2 * a + 1}, attack: {a}}}\n"
                    for a in range(5))
    (folder / "monsters.yaml").write_text("deck: monsters\ncards:\n" + cards, encoding="utf-8")
    return tmp_path


def test_writers_battle_prints_its_table_then_each_fit_with_weights_and_r2():
    result = run("writers-battle", "-w", str(REPO))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("factions (copies counted)") < out.index("cost curve of deck 'character'")
    game = load_game(REPO / "cards" / "writers-battle", discover()["writers-battle"]).game
    for fit in (r.fit for r in judge_game(game)):
        assert f"R² {fit.r2:.2f} over {fit.n} cards" in out
        assert any(line.split() == ["intercept", f"{fit.intercept:.2f}"] for line in out.splitlines())
        for name, weight in fit.weights.items():
            assert any(line.split() == [name, f"{weight:.2f}"] for line in out.splitlines()), name
    assert "cost curve of deck 'gimmick' (cost, where kind=equipment)" in out
    assert "witch-lise (lint-ignore: CF011)" in out  # priced by her ability, on purpose


def test_json_keeps_the_pack_table_and_adds_the_fits_and_verdicts():
    result = run("writers-battle", "-w", str(REPO), "--format", "json")
    data = json.loads(result.output)
    assert data["rows"] and [b["deck"] for b in data["balance"]] == ["character", "gimmick"]
    character = data["balance"][0]
    assert set(character["weights"]) == {"attack", "defence"} and 0 < character["r2"] <= 1
    lise = next(v for v in character["verdicts"] if v["card"] == "witch-lise")
    assert lise["out_of_line"] and lise["cost"] - lise["residual"] == lise["predicted"]


def test_csv_is_the_pack_table_then_one_long_table_of_terms():
    result = run("dice-tuners", "-w", str(REPO), "--format", "csv")
    pack, balance = result.output.strip().split("\n\n")
    assert "term" not in next(csv.reader(io.StringIO(pack)))  # the pack's own columns
    rows = list(csv.DictReader(io.StringIO(balance)))
    assert [r["term"] for r in rows] == ["intercept", "skill", "overdrive"]
    assert {r["deck"] for r in rows} == {"hero"} and all(r["cards"] == "24" for r in rows)


def test_a_game_without_a_table_prints_its_fits_alone(tmp_path):
    workspace = curve_game(tmp_path, "balance:\n  - {deck: monsters, cost: cost, power: [attack]}\n")
    text = run("curve", "-w", str(workspace))
    assert text.exit_code == 0, text.output
    assert text.output.startswith("Curve: cost curve of deck 'monsters' (cost)")
    terms = [line.split() for line in text.output.splitlines() if line.startswith(("intercept", "attack"))]
    assert terms == [["intercept", "1.00"], ["attack", "2.00"]]
    assert "R² 1.00 over 5 cards, 2 fitted numbers" in text.output
    data = json.loads(run("curve", "-w", str(workspace), "--format", "json").output)
    assert data["title"] == "Curve: cost curves"
    assert data["balance"][0]["weights"]["attack"] == pytest.approx(2)
    sorted_ = run("curve", "-w", str(workspace), "--sort", "cost")
    assert sorted_.exit_code == 2 and "no statistics table to sort" in sorted_.output
    assert "Traceback" not in sorted_.output


def test_a_game_with_neither_table_nor_balance_says_so(tmp_path):
    result = run("curve", "-w", str(curve_game(tmp_path)))
    assert result.exit_code == 2 and "the curve game has no statistics" in result.output
    assert "balance:" in result.output


def test_an_entry_that_cannot_be_fitted_is_a_note_not_a_crash(tmp_path):
    workspace = curve_game(tmp_path, "balance:\n  - {deck: nothing, cost: cost, power: [attack]}\n"
                                     "  - {deck: monsters, cost: cost, power: [attack, cost, \"x +\"]}\n")
    result = run("curve", "-w", str(workspace))
    assert result.exit_code == 0, result.output
    assert "cannot fit: balance entry 1 names deck 'nothing'" in result.output
    assert "cannot fit: power 'x +' is neither a dotted path nor an expression" in result.output
