"""CF017 instant win: a card a player can pay for whose value alone reaches the goal.

Of the five built-in games only Comic Creator scores a card value towards a goal (VP on
Experience cards, 15 VP win). Dice Girls has no goal (the highest total after five idols
wins), Dice Tuners neither (the most VP after the last round: VP come from duels, not from
a card's value), DiXe on Card counts flipped cards, each worth one, and the writers'
battle's ending points come from what players do (a character at the back row, a
foreshadow opened, pages converted), not from a card's field; so they declare no
`instant_win:` and the family does not apply to them. The mistakes are planted into a copy
of Comic Creator and into the workspace game `cardforge new` writes."""

from __future__ import annotations

import pytest

from cardforge.problem import Severity
from tests.lint.planting import REPO, col_of, copy_game, found, line_of, lint, new_game, plant


@pytest.fixture
def comic_creator(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    return folder, folder / "experience.yaml"


def test_a_payable_card_worth_the_goal_is_an_instant_win(comic_creator):
    folder, cards = comic_creator
    plant(cards, '    vp: 2\n    cost: "RUN3"', '    vp: 15\n    cost: "RUN3"')   # short-serial
    line = line_of(cards, "vp: 15", after="short-serial")
    problems = lint(folder)
    assert found(problems, "CF017") == [
        ("error", "experience.yaml", line, col_of(cards, line, "15"), "short-serial")]
    problem = next(p for p in problems if p.code == "CF017")
    assert problem.message == ("vp 15 alone reaches the goal (facts.vp_goal 15, at-least), and a "
                               "player can pay for it: taking it wins the game")
    assert problem.hint.startswith("lower vp below 15")


def test_the_goal_and_how_it_is_reached_are_read_from_the_facts(comic_creator):
    folder, cards = comic_creator
    plant(cards, '    vp: 2\n    cost: "RUN3"', '    vp: 12\n    cost: "RUN3"')
    assert found(lint(folder), "CF017") == []
    plant(folder / "game.yaml", "  vp_goal: 15\n", "  vp_goal: 12\n")
    line = line_of(cards, "vp: 12")
    assert [(f[2], f[4]) for f in found(lint(folder), "CF017")] == [(line, "short-serial")]
    plant(folder / "game.yaml", "vp_goal_reached: at-least", "vp_goal_reached: more-than")
    assert found(lint(folder), "CF017") == []   # 12 is not more than 12


def test_a_card_nobody_can_pay_for_is_left_to_the_cost_rules(comic_creator):
    folder, cards = comic_creator
    plant(cards, '    vp: 2\n    cost: "RUN3"', '    vp: 15\n    cost: "RUN3 KIND40"')  # 43 dice
    problems = lint(folder)
    assert found(problems, "CF017") == []
    assert any(p.code == "CC102" for p in problems)


def test_the_game_ending_card_is_left_out():
    """anime-series-announced is worth 15 VP, and wins by its own rule (CF018)."""
    assert found(lint(REPO / "cards" / "comic-creator"), "CF017") == []


def test_a_workspace_game_gets_it_from_its_declaration(tmp_path):
    folder = new_game(tmp_path)
    manifest, cards = folder / "game.yaml", folder / "treasures.yaml"
    assert found(lint(folder), "CF017") == []
    plant(manifest, "points_to_win: 8 ", "points_to_win: 4 ")
    line = line_of(cards, "value: 4")
    assert found(lint(folder), "CF017") == [
        ("error", "treasures.yaml", line, col_of(cards, line, "4"), "cursed-crown")]


def test_a_declaration_that_cannot_work(comic_creator):
    folder, _ = comic_creator
    manifest = folder / "game.yaml"
    plant(manifest, "    goal: facts.vp_goal\n", "    goal: facts.vp_gaol\n")
    plant(manifest, "    reached: facts.vp_goal_reached\n", "    reached: at-most\n")
    problems = [p for p in lint(folder) if p.code == "CF017"]
    goal, reached = line_of(manifest, "vp_gaol"), line_of(manifest, "reached: at-most")
    assert [(p.severity, p.line, p.col) for p in problems] == [
        (Severity.ERROR, goal, col_of(manifest, goal, "facts")),
        (Severity.ERROR, reached, col_of(manifest, reached, "at-most"))]
    assert problems[0].hint == "did you mean facts.vp_goal?"


def test_a_payable_expression_that_is_not_cel(comic_creator):
    folder, _ = comic_creator
    manifest = folder / "game.yaml"
    plant(manifest, "dice_cost.rolls && dice_cost.dice <=", "dice_cost.rolls &&& dice_cost.dice <=")
    line = line_of(manifest, "&&&")
    problems = [p for p in lint(folder) if p.code == "CF017"]
    assert [(p.line, p.col) for p in problems] == [(line, col_of(manifest, line, "& dice_cost.dice"))]
    assert "instant_win `payable`: not a CEL expression" in problems[0].message
