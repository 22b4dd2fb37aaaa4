"""CF020 unread-fact: a fact of game.yaml that no rule, placeholder, template or pack code
reads is a warning at its key. Fixtures: tests/fixtures/unread-facts/ (ok_: each fact read
another way; fail_: a left-over fact, a nested one no relation reads any more, and one
whose wording the rules type by hand). The shipped games and the new workspace game pass;
Comic Creator's `vp_goal_reached`, once its rules and instant win stop naming it, is
reported at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.problem import Problem, Severity
from tests.conftest import lint_root
from tests.lint.planting import GAMES, REPO, col_of, copy_game, line_of, lint, new_game, plant

FIXTURES = REPO / "tests" / "fixtures" / "unread-facts"
WARNING = Severity.WARNING


def fixture(tmp_path: Path, name: str) -> Path:
    """A copy of the fixture workspace ``name``; returns its game folder."""
    shutil.copytree(FIXTURES / name, tmp_path / "ws")
    return tmp_path / "ws" / "cards" / "generic"


def cf020(problems: list[Problem]) -> list[tuple[Severity, str, int, int, str]]:
    return [(p.severity, p.path.name, p.line, p.col, p.message.split(":")[0])
            for p in problems if p.code == "CF020"]


def test_ok_every_fact_read_by_a_placeholder_a_relation_a_template_or_the_booklet(tmp_path):
    assert cf020(lint_root(fixture(tmp_path, "ok_every_fact_read"))) == []


def test_ok_needs_its_template_the_only_reader_of_kinds(tmp_path):
    folder = fixture(tmp_path, "ok_every_fact_read")
    shutil.rmtree(folder.parents[1] / "templates")
    manifest = folder / "game.yaml"
    line = line_of(manifest, "kinds:")
    assert cf020(lint_root(folder)) == [(WARNING, "game.yaml", line, 3, "nothing reads facts.kinds")]


def test_fail_dead_nested_and_hand_typed_facts_are_warned_at_their_keys(tmp_path):
    folder = fixture(tmp_path, "fail_dead_and_hand_typed_facts")
    manifest = folder / "game.yaml"
    problems = [p for p in lint_root(folder) if p.code == "CF020"]
    start = line_of(manifest, "start: {coins")
    assert cf020(problems) == [
        (WARNING, "game.yaml", line_of(manifest, "points_reached:"), 3, "nothing reads facts.points_reached"),
        (WARNING, "game.yaml", start, col_of(manifest, start, "cards:"), "nothing reads facts.start.cards"),
        (WARNING, "game.yaml", line_of(manifest, "bonus:"), 3, "nothing reads facts.bonus")]
    assert all(p.hint and "{placeholder}" in p.hint for p in problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_game_reads_every_fact(game):
    assert cf020(lint(REPO / "cards" / game)) == []


def test_the_new_workspace_game_reads_every_fact(tmp_path):
    assert cf020(lint(new_game(tmp_path))) == []


def test_comic_creators_goal_wording_typed_by_hand_leaves_its_fact_unread(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    manifest = folder / "game.yaml"
    plant(manifest, "    reached: facts.vp_goal_reached\n", "")
    rules = folder / "rules" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("{vp_goal_reached}", "以上"), encoding="utf-8")
    line = line_of(manifest, "vp_goal_reached:")
    assert cf020(lint(folder)) == [(WARNING, "game.yaml", line, 3, "nothing reads facts.vp_goal_reached")]


def test_a_quoted_name_in_the_pack_code_reads_a_fact(tmp_path):
    """DiXe on Card's `save_timings` is read only by its pack's Python code."""
    folder = copy_game(tmp_path, "dixe-on-card")
    assert "save_timings" in (folder / "game.yaml").read_text(encoding="utf-8")
    assert cf020(lint(folder)) == []
    assert "{save_timings" not in (folder / "rules" / "rules.md").read_text(encoding="utf-8")


def test_explain_shows_the_documentation():
    result = CliRunner().invoke(main, ["explain", "CF020"])
    assert result.exit_code == 0, result.output
    assert "unread-fact" in result.output and "vp_goal_reached: at-least" in result.output
