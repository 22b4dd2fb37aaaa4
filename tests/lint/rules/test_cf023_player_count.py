"""CF023 player count: the conditions game.yaml's `player_counts:` writes must hold at every
count from players.min to players.max. Dice Tuners' draft (Roll & Draft Phase) rolls one die
more than the players; a planted five-player box has no draft roll for five and is an error
at `max: 5`. The shipped games are clean."""

from __future__ import annotations

import pytest

from cardforge.problem import Severity
from tests.lint.planting import GAMES, col_of, copy_game, found, line_of, lint, plant


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_hold_at_every_count(tmp_path, game):
    assert found(lint(copy_game(tmp_path, game)), "CF023") == []


def test_a_five_player_dice_tuners_is_an_error_at_players_max(tmp_path):
    folder = copy_game(tmp_path, "dice-tuners")
    manifest = folder / "game.yaml"
    plant(manifest, "players: {min: 2, max: 4}", "players: {min: 2, max: 5}")
    plant(folder / "strategy.yaml", "    quantity: 4\n    value: 0", "    quantity: 5\n    value: 0")
    plant(manifest, "    count: 46\n", "    count: 47\n")
    line = line_of(manifest, "players: {min: 2, max: 5}")
    problems = [p for p in lint(folder) if p.code == "CF023"]
    assert [(p.severity, p.path.name, p.line, p.col) for p in problems] == [
        (Severity.ERROR, "game.yaml", line, col_of(manifest, line, "5}"))]
    assert problems[0].message.startswith("at 5 players: the draft has no roll")
    assert "draft_extra_dice" in problems[0].hint


def test_the_rulebooks_literal_draft_fails_at_four(tmp_path):
    """Roll & Draft Phase read literally: one extra die at three and four players leaves no
    die aside at four; the condition names the count."""
    folder = copy_game(tmp_path, "dice-tuners")
    plant(folder / "game.yaml", "{players: 4, extra: 2}", "{players: 4, extra: 1}")
    problems = [p for p in lint(folder) if p.code == "CF023"]
    assert len(problems) == 1 and problems[0].message.startswith("at 4 players:")


def test_a_condition_failing_only_at_the_minimum_is_reported_at_players_min(tmp_path):
    folder = copy_game(tmp_path, "dice-tuners")
    manifest = folder / "game.yaml"
    plant(manifest, "- {players: 2, extra: 0}", "- {players: 2, extra: 1}")
    line = line_of(manifest, "players: {min: 2, max: 4}")
    problems = [p for p in lint(folder) if p.code == "CF023"]
    assert [(p.line, p.col) for p in problems] == [(line, col_of(manifest, line, "2,"))]
    assert "at 2 players" in problems[0].message


def test_a_condition_reading_an_unknown_name_is_reported_at_it(tmp_path):
    folder = copy_game(tmp_path, "dice-tuners")
    manifest = folder / "game.yaml"
    plant(manifest, "facts.draft_extra_dice.exists(r, r.players == players",
          "facts.draft_extra_dice.exists(r, r.players == player")
    problems = [p for p in lint(folder) if p.code == "CF023"]
    assert len(problems) == 1 and "'player'" in problems[0].message
    assert problems[0].line == line_of(manifest, "r.players == player")


def test_the_workspace_game_gets_the_check_too(tmp_path):
    from tests.lint.planting import new_game
    folder = new_game(tmp_path)
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text + "\nplayer_counts:\n  - expect: \"players <= 3\"\n"
                        "    message: \"only three seats\"\n", encoding="utf-8")
    problems = [p for p in lint(folder) if p.code == "CF023"]
    assert len(problems) == 1 and "only three seats" in problems[0].message
