"""The command line: help, explain, games, stats and clear errors (never a traceback)."""

import csv
import io
import json
import shutil
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main

REPO = Path(__file__).resolve().parents[1]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_help_explains_every_command():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("build", "explain", "games", "lint", "stats"):
        assert command in result.output


def test_explain_prints_the_rule_docstring_with_examples():
    result = run("explain", "CC103")
    assert result.exit_code == 0
    assert result.output.startswith("CC103 vp-outlier (game pack comic-creator")
    assert "Passing" in result.output and "Failing" in result.output


def test_explain_unknown_code_suggests_and_exits_2():
    result = run("explain", "CC10")
    assert result.exit_code == 2
    assert "no rule has the code 'CC10'" in result.output and "did you mean" in result.output
    assert "Traceback" not in result.output


def test_games_lists_the_built_in_packs():
    result = run("games")
    assert "comic-creator" in result.output and "CC101–CC106" in result.output


def test_stats_csv_and_json_carry_exact_odds():
    as_csv = run("stats", "comic-creator", "-w", str(REPO), "--format", "csv")
    assert as_csv.exit_code == 0, as_csv.output
    rows = {row["card"]: row for row in csv.DictReader(io.StringIO(as_csv.output))}
    # a pair from 2 white + 3 green: 1 - 6*5*4*3*2/6^5 = 1 - 720/7776
    assert rows["first-one-shot"]["opening"] == f"{1 - 720 / 7776:.6f}"
    as_json = json.loads(run("stats", "comic-creator", "-w", str(REPO), "--format", "json").output)
    first = next(r for r in as_json["rows"] if r["card"] == "first-one-shot")
    assert Fraction(first["opening"]["exact"]) == 1 - Fraction(720, 7776)


def test_stats_sorts_by_a_pool_and_rejects_unknown_columns():
    result = run("stats", "comic-creator", "-w", str(REPO), "--format", "csv", "--sort", "late", "--desc")
    values = [float(row["late"]) for row in csv.DictReader(io.StringIO(result.output))]
    assert values == sorted(values, reverse=True)
    bad = run("stats", "comic-creator", "-w", str(REPO), "--sort", "nope")
    assert bad.exit_code == 2 and "no column 'nope'" in bad.output


def test_build_unknown_game_is_a_clear_error():
    result = run("build", "no-such-game", "-w", str(REPO), "--quiet")
    assert result.exit_code == 2
    assert "no game 'no-such-game'" in result.output
    assert "Traceback" not in result.output


def test_build_listing_folds_png_folders_into_one_line(tmp_path):
    from cardforge.commands.build_command import listing

    paths = [tmp_path / "g-cards-a4.pdf", *(tmp_path / "png" / f"d-side{i}.png" for i in range(1, 7)),
             tmp_path / "g-nets-a4.pdf"]
    assert listing(paths, tmp_path) == ["g-cards-a4.pdf", "png/ (6 PNG files)", "g-nets-a4.pdf"]


def test_asking_for_rules_in_a_language_with_no_catalog_is_an_error(tmp_path):
    workspace = tmp_path / "ws"
    shutil.copytree(REPO / "cards" / "comic-creator", workspace / "cards" / "comic-creator",
                    ignore=shutil.ignore_patterns("locale"))
    result = run("build", "comic-creator", "--product", "rules", "--lang", "en", "--quiet",
                 "-w", str(workspace), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "no en rules yet" in result.output and "locale/en/LC_MESSAGES" in result.output
    assert not any(tmp_path.rglob("*.pdf"))
