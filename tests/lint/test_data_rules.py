"""Lint rules written as data (game.yaml `lint:`): run on a copy of the built-in Dice Girls,
reported where the designer edits, silenced by lint-ignore, explained, and kept to their game."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.commands.build_game import GameJob, build_game
from cardforge.errors import DataError
from cardforge.lint.data_rules import data_rules, with_data_rules
from cardforge.lint.expect_text import card_dependencies, locate_in_value
from cardforge.lint.rule import all_rules
from cardforge.loading.yaml_source import loads
from cardforge.model.game_packs import discover
from cardforge.problem import Severity
from cardforge.products.product_options import BuildOptions
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import Config
from tests.lint.data_game import GAME, dice_girls, game_file, line_of, lint
from tests.workspace_games.conftest import make_workspace

PASSING = """
- code: GM101
  expect: >-
    size(name.en) > 0 && attribute in ['vocal', 'dance', 'visual']
    && (!has(card.effects) || size(effects) <= 2)
  message: an idol has a name, an attribute and at most two abilities
"""
ONE_FAILS = """
- code: GM102
  expect: "attribute != 'visual' || string(dice) != '3'"
  message: no visual idol rolls 3 dice
  hint: give her 1 or 2 dice
  severity: {severity}
  example: {{pass: "attribute: visual\\ndice: 2", fail: "attribute: visual\\ndice: 3"}}
"""


def test_a_rule_every_shipped_card_keeps_lints_clean(tmp_path):
    workspace = dice_girls(tmp_path, PASSING)
    assert lint(workspace) == []
    result = CliRunner().invoke(main, ["lint", "-w", str(workspace)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("severity", ["error", "warning"])
def test_a_card_breaking_a_rule_is_reported_at_the_first_field_it_reads(tmp_path, severity):
    workspace = dice_girls(tmp_path, PASSING + ONE_FAILS.format(severity=severity))
    [problem] = lint(workspace)
    idols = game_file(workspace, "idols.yaml")
    assert (problem.code, problem.path, problem.card) == ("GM102", idols, "ayakawa-honoka")
    assert problem.line == line_of(idols, "attribute:", after="id: ayakawa-honoka")
    assert problem.col == 16  # the value of `attribute:`
    assert (problem.message, problem.hint) == ("no visual idol rolls 3 dice", "give her 1 or 2 dice")
    assert problem.severity is Severity(severity)
    result = CliRunner().invoke(main, ["lint", "-w", str(workspace)])
    assert result.exit_code == (1 if severity == "error" else 0)


def test_deck_rules_see_the_cards_and_report_at_the_deck_in_game_yaml(tmp_path):
    workspace = dice_girls(tmp_path, """
        - code: GM103
          each: deck
          expect: |
            size(distinct(cards.map(c, c.attribute))) == 3
            && sum(cards.map(c, has(c.quantity) ? c.quantity : 1)) == deck.size
          message: three attributes, every copy counted
        - code: GM104
          each: deck
          deck: idol
          expect: "sum(cards.filter(c, type(c.dice) == int).map(c, c.dice)) <= facts.dice_per_player"
          message: more dice than a player has
        """)
    [problem] = lint(workspace)
    manifest = game_file(workspace)
    assert (problem.code, problem.path, problem.card) == ("GM104", manifest, None)
    assert (problem.line, problem.col) == (line_of(manifest, "  idol:"), 3)
    assert problem.message == "more dice than a player has"


def test_a_card_that_cannot_be_evaluated_is_cf012_at_the_card_and_lint_ignore_silences_it(tmp_path):
    workspace = dice_girls(tmp_path, """
        - code: GM105
          expect: "size(effects) >= 1"
          message: an idol has an ability
        """)
    [problem] = lint(workspace)
    idols = game_file(workspace, "idols.yaml")
    assert (problem.code, problem.card, problem.severity) == ("CF012", "tsukishiro-serena", Severity.ERROR)
    assert (problem.path, problem.line) == (idols, line_of(idols, "id: tsukishiro-serena"))
    assert "rule GM105" in problem.message and "'tsukishiro-serena'" in problem.message
    assert "has no 'effects'" in problem.message and "has(card.effects)" in problem.hint
    text = idols.read_text(encoding="utf-8")
    idols.write_text(text.replace("  - id: tsukishiro-serena\n",
                                  "  - id: tsukishiro-serena\n    lint-ignore: [GM105]\n"), encoding="utf-8")
    assert lint(workspace) == []


def test_lint_ignore_of_the_data_code_silences_a_failing_card(tmp_path):
    workspace = dice_girls(tmp_path, ONE_FAILS.format(severity="error"))
    idols = game_file(workspace, "idols.yaml")
    text = idols.read_text(encoding="utf-8")
    idols.write_text(text.replace("  - id: ayakawa-honoka\n",
                                  "  - id: ayakawa-honoka\n    lint-ignore: [GM102]\n"), encoding="utf-8")
    assert lint(workspace) == []


def test_a_rule_that_does_not_compile_or_takes_a_core_code_is_skipped(tmp_path):
    workspace = dice_girls(tmp_path, """
        - code: GM106
          expect: "dice <= 3 &&& attribute"
          message: broken
        - code: CF005
          expect: "false"
          message: never true
        """)
    problems = lint(workspace)
    assert sorted(p.code for p in problems) == ["CF012", "CF012"]  # neither rule ran


def test_a_value_that_is_not_true_or_false_is_cf012_at_expect(tmp_path):
    workspace = dice_girls(tmp_path, """
        - code: GM107
          expect: "attribute"
          message: not a condition
        """)
    [problem] = lint(workspace)
    manifest = game_file(workspace)
    assert (problem.code, problem.path) == ("CF012", manifest)
    assert problem.line == line_of(manifest, 'expect: "attribute"')
    assert "gives a text, not true or false" in problem.message


def test_the_build_refuses_a_game_whose_data_rules_fail(tmp_path):
    workspace = dice_girls(tmp_path, ONE_FAILS.format(severity="error"))
    spec = discover()[GAME]
    job = GameJob(spec, workspace / "cards" / GAME, "en", ("cards",), exact=True)
    out = tmp_path / "out"
    with pytest.raises(DataError) as raised:
        build_game(job, Config(root=workspace), BuildOptions(root=workspace, out=out), lambda _: None, [])
    assert [p.code for p in raised.value.problems] == ["GM102"]
    assert not out.exists()  # the lint (run beside the build) held every output back


def test_one_games_data_rules_never_run_on_another_game(tmp_path):
    workspace = dice_girls(tmp_path, ONE_FAILS.format(severity="error"))
    spec = discover()[GAME]
    first = load_game(workspace / "cards" / GAME, spec).game
    second = load_game(workspace / "cards" / GAME, spec).game
    rule = data_rules(first)["GM102"]
    card = next(c for c in second.cards() if c.id == "ayakawa-honoka")
    assert list(rule.check(card, second)) == []  # made for `first`: another loaded game is not its own
    assert [p.code for p in rule.check(next(c for c in first.cards() if c.id == card.id), first)] == ["GM102"]
    table = with_data_rules(all_rules(discover().values()), first)
    assert table["GM102"].pack == GAME and table["CF005"].pack == "core"


def test_explain_prints_a_data_rule_and_lists_it(tmp_path):
    workspace = dice_girls(tmp_path, ONE_FAILS.format(severity="warning"))
    result = CliRunner().invoke(main, ["explain", "gm102", "-w", str(workspace)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("GM102 gm102 (game dice-girls, game.yaml lint:; scope: card; "
                                    "default: warning)\n\nno visual idol rolls 3 dice\n")
    assert "attribute != 'visual' || string(dice) != '3'" in result.output
    assert "Hint: give her 1 or 2 dice" in result.output
    assert "Passing:\n\n    attribute: visual\n    dice: 2" in result.output
    assert "Failing:\n\n    attribute: visual\n    dice: 3" in result.output
    listed = CliRunner().invoke(main, ["explain", "--list", "-w", str(workspace)])
    assert "GM102  warning  gm102" in listed.output and "CF005" in listed.output
    unknown = CliRunner().invoke(main, ["explain", "GM10", "-w", str(workspace)])
    assert unknown.exit_code == 2 and "did you mean GM102" in unknown.output


def test_explain_skips_a_broken_game_yaml_and_still_finds_the_others(tmp_path):
    workspace = dice_girls(tmp_path, ONE_FAILS.format(severity="warning"))
    broken = workspace / "cards" / "aaa-broken"
    broken.mkdir()
    (broken / "game.yaml").write_text("lint: [\n  - code: GM1", encoding="utf-8")
    (workspace / "cards" / "not-a-game").mkdir()
    result = CliRunner().invoke(main, ["explain", "GM102", "-w", str(workspace)])
    assert result.exit_code == 0 and "no visual idol" in result.output
    assert CliRunner().invoke(main, ["explain", "CF005", "-w", str(workspace)]).exit_code == 0


def test_what_a_per_card_expression_reads_of_the_card():
    assert card_dependencies("!has(card.text) || size(effects) <= 2", ["effects"]) == {
        "effects": False, "text": True}
    assert card_dependencies("has(card.text) && card.text.en != ''", []) == {"text": False}
    assert card_dependencies("size(card) > 3", []) is None
    assert card_dependencies("card['dice'] == 1", []) is None


def test_a_rule_reading_the_whole_card_still_sees_every_card(tmp_path):
    workspace = dice_girls(tmp_path, """
        - code: GM108
          expect: "size(card) <= 5"
          message: at most five fields
        """)
    assert lint(workspace) == []


@pytest.mark.parametrize(("written", "offset", "where"), [
    ('expect: "a &&& b"', 4, (1, 14)),
    ("expect: 'it''s &&& b'", 5, (1, 16)),
    ("expect: |\n  a +\n    b $ 2\n", 8, (3, 7)),
    ("expect: >-\n  a &&\n  b $ 2\n", 7, (3, 5)),
])
def test_a_character_of_expect_is_located_however_the_scalar_is_written(tmp_path, written, offset, where):
    doc = loads(written, tmp_path / "game.yaml")
    text = doc.data["expect"]
    assert text[offset] in "&$"
    location = locate_in_value(doc, ("expect",), text, offset)
    assert (location.line, location.col) == where


def test_a_workspace_games_rules_read_its_declared_fields(tmp_path):
    folder = make_workspace(tmp_path, "ok_monsters.yaml", "ok_wares.yaml")
    with (folder / "game.yaml").open("a", encoding="utf-8") as manifest:
        manifest.write("lint:\n"
                       "  - {code: GM201, deck: monsters, expect: 'attack <= cost', message: too strong}\n"
                       "  - {code: GM202, deck: wares, expect: '!has(card.gold) || gold < 1000 || cursd',"
                       " message: too rich, severity: warning}\n")
    problems = lint(tmp_path)
    assert [(p.code, p.severity) for p in problems] == [("CF012", Severity.WARNING)]
    assert problems[0].message == "rule GM202 reads 'cursd', which it will not get"
    assert problems[0].hint == "did you mean 'cursed'?"  # declared in fields:, whatever the cards say
