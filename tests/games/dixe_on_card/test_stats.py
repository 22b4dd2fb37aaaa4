"""``cardforge stats dixe-on-card``: per-combination and per-card odds for every card."""

from __future__ import annotations

from fractions import Fraction

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.dixe_on_card import GAME
from tests.games.dixe_on_card.conftest import REPO


def test_table_has_each_combination_and_each_joker_mode(shipped):
    table = GAME.stats(shipped)
    keys = [c.key for c in table.columns]
    assert keys == ["card", "name", "set", "c1", "c2", "c3", "normal", "expert", "super-expert"]
    assert len(table.rows) == 12
    for row in table.rows:
        assert row["normal"] == row["c1"] * row["c2"] * row["c3"]
        # fewer jokers allowed can never help
        assert 0 < row["super-expert"] <= row["expert"] <= row["normal"] < 1
        assert all(isinstance(row[k], Fraction) for k in ("c1", "normal", "expert"))


def test_stats_command_prints_the_table():
    result = CliRunner().invoke(main, ["stats", "dixe-on-card", "-w", str(REPO), "--sort",
                                       "normal", "--desc"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[2].split()[:4] == ["card", "name", "set", "combo"]
    assert "arkan-sonney" in lines[4]  # the likeliest card in normal mode comes first
