"""CF015 dominated cost: a card whose cost is strictly harder to pay than another's, yet worth less.

Harder is decided exactly by the dice model (cardforge.dice.dominance), never from the
text of the costs. One inversion is planted into a copy of each built-in game it applies
to, and must be caught alone, as an error at the harder card's value, naming the other
card: Comic Creator (Experience VP against dice costs, over the reference pools), Dice
Tuners (an overdrive's amount against its dice, within one kind of effect) and Writers'
Battle (equipment bonuses against page costs). It does not apply to Dice Girls (an idol
is played without a price: its dice are what it rolls, not a cost) nor to DiXe on Card (a
combination has no worth of its own: all three flip the card). A workspace game written
in YAML alone gets the rule too."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardforge.dice import Pool, parse_cost
from cardforge.dice.dominance import hand_universe, named_colours, pool_universe, strictly_harder
from tests.lint.planting import GAMES, REPO, col_of, copy_game, found, line_of, lint, plant
from tests.workspace_games.conftest import lint_workspace, make_workspace

CODE = "CF015"
D6 = (1, 2, 3, 4, 5, 6)


def cf015(problems):
    return found(problems, CODE)


# --- the dice model decides, exactly ---------------------------------------------------------

def harder(a: str, b: str, *pools: Pool) -> bool:
    costs = [parse_cost(a), parse_cost(b)]
    universes = [pool_universe(pool, D6, named_colours(costs)) for pool in pools]
    return strictly_harder(*costs, universes)


FIVE = Pool((("white", 2), ("green", 3)))
NINE = Pool((("white", 6), ("green", 3)), (("red", 3),))


@pytest.mark.parametrize(("a", "b"), [("RUN5", "RUN4"), ("X=X=X=X", "X=X=X"), ("KIND4", "X=X Y=Y"),
                                      ("X=X=X Y=Y", "X=X=X"), ("RUN3 RUN3", "RUN3"), ("20+", "15+")])
def test_harder_costs_are_found(a, b):
    assert harder(a, b, FIVE, NINE)
    assert not harder(b, a, FIVE, NINE)


@pytest.mark.parametrize(("a", "b"), [("25+", "RUN4"), ("EVEN3", "X=X"), ("X=X", "KIND2"), ("RUN4", "RUN4")])
def test_incomparable_or_equal_costs_are_not(a, b):
    assert not harder(a, b, FIVE, NINE) and not harder(b, a, FIVE, NINE)


def test_a_cost_no_roll_pays_is_harder_than_nothing():
    # six of a kind from five dice: no roll pays it, so it is left to the supply rules
    assert not harder("KIND6", "X=X", FIVE)


def test_six_dice_of_a_colour_are_harder_than_five_in_every_hand():
    universe = [hand_universe({"green": 12, "red": 4}, 8)]
    six, five = parse_cost("green green green green green green"), parse_cost("green green green green green")
    assert strictly_harder(six, five, universe) and not strictly_harder(five, six, universe)
    assert not strictly_harder(parse_cost("red red"), parse_cost("green"), universe)


# --- the shipped games, and one inversion planted into each it applies to --------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_pass(game):
    assert cf015(lint(REPO / "cards" / game)) == []


def test_comic_creator_run5_worth_less_than_run4(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    experience = folder / "experience.yaml"
    plant(experience, '    vp: 5\n    cost: "RUN5"', '    vp: 3\n    cost: "RUN5"')
    line = line_of(experience, "vp: 3", after="id: back-to-press")
    problems = lint(folder)
    assert cf015(problems) == [("error", "experience.yaml", line, col_of(experience, line, "3"),
                                "back-to-press")]
    [problem] = [p for p in problems if p.code == CODE]
    weekly = line_of(experience, 'cost: "RUN4"')
    assert problem.message == ("'back-to-press' costs RUN5, strictly harder to pay than RUN4 of "
                               f"'weekly-serialisation' (experience.yaml:{weekly}), yet its vp is 3, "
                               "below 4")
    assert problem.hint == "raise its vp to at least 4, or make its cost easier than RUN4"


def test_comic_creator_four_of_a_kind_worth_less_than_three(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    experience = folder / "experience.yaml"
    plant(experience, '    vp: 5\n    cost: "X=X=X=X"', '    vp: 2\n    cost: "X=X=X=X"')
    line = line_of(experience, "vp: 2", after="id: spin-off-greenlit")
    problems = lint(folder)
    assert cf015(problems) == [("error", "experience.yaml", line, col_of(experience, line, "2"),
                                "spin-off-greenlit")]
    assert "than X=X=X of 'colour-opening-pages'" in next(p.message for p in problems if p.code == CODE)


def test_dice_tuners_three_red_dice_for_less_than_two(tmp_path):
    folder = copy_game(tmp_path, "dice-tuners")
    hero = folder / "hero.yaml"
    plant(hero, '      amount: 9\n      effect:\n        en: "Double your Strength on one side."',
          '      amount: 3\n      effect:\n        en: "Double your Strength on one side."')
    line = line_of(hero, "amount: 3", after="Its own skill makes every sheathe")
    problems = lint(folder)
    assert cf015(problems) == [("error", "hero.yaml", line, col_of(hero, line, "3"), "last-lap-kensei")]
    dragon = line_of(hero, "dice: [red, red]", after="id: ignition-dragon")
    assert next(p.message for p in problems if p.code == CODE) == (
        "'last-lap-kensei' costs [red, red, red], strictly harder to pay than [red, red] of "
        f"'ignition-dragon' (hero.yaml:{dragon}), yet its overdrive.amount is 3, below 9")


def test_writers_battle_equipment_dearer_in_pages_for_a_smaller_bonus(tmp_path):
    folder = copy_game(tmp_path, "writers-battle")
    gimmicks = folder / "gimmicks.yaml"
    plant(gimmicks, "    cost: 3\n    bonus: {attack: 2}", "    cost: 3\n    bonus: {attack: 1}")
    line = line_of(gimmicks, "bonus: {attack: 1}")
    problems = lint(folder)
    assert cf015(problems) == [("error", "gimmicks.yaml", line, col_of(gimmicks, line, "{"), "holy-sword")]
    cane = line_of(gimmicks, "cost: 2", after="id: sword-cane")
    assert next(p.message for p in problems if p.code == CODE) == (
        f"'holy-sword' costs 3, strictly harder to pay than 2 of 'sword-cane' (gimmicks.yaml:{cane}), "
        "yet its value is 1, below 2")


# --- a workspace game ------------------------------------------------------------------------

WORKSPACE = """
facts:
  dice: {faces: [1, 2, 3, 4, 5, 6]}
  pools:
    opening: {rolled: {red: 3, green: 2}}
    late: {rolled: {red: 5, green: 3}, fixed: [{colour: red, value: 6}]}
card_costs:
  - deck: monsters
    cost: {field: price, faces: facts.dice.faces}
    value: attack
    same: element
    pools: facts.pools
"""


def goblin_market(tmp_path: Path, cards: list[str], costs: str = WORKSPACE) -> Path:
    folder = make_workspace(tmp_path)
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + textwrap.dedent(costs), encoding="utf-8")
    (folder / "monsters.yaml").write_text("deck: monsters\ncards:\n" + "".join(
        f"  - {{id: m{i}, name: {{en: M{i}}}, cost: 1, {card}}}\n" for i, card in enumerate(cards)),
        encoding="utf-8")
    return folder


def test_a_workspace_game_gets_the_rule(tmp_path):
    folder = goblin_market(tmp_path, [
        'price: "X=X=X", attack: 5, element: fire',
        'price: "X=X", attack: 2, element: fire',
        'price: "KIND4", attack: 3, element: fire',      # harder than X=X=X, worth less
        'price: "KIND4", attack: 1, element: water',     # no water card is easier
        'price: "25+", attack: 1, element: fire',        # 5 dice or more making 25 hold a pair
        'price: "RUN4", attack: 1, element: fire',       # neither harder than X=X=X nor easier
    ])
    monsters = folder / "monsters.yaml"
    problems = [p for p in lint_workspace(tmp_path) if p.code == CODE]
    assert [(p.path.name, p.line, p.col, p.card, p.severity.value) for p in problems] == [
        ("monsters.yaml", 5, col_of(monsters, 5, "3, element"), "m2", "error"),
        ("monsters.yaml", 7, col_of(monsters, 7, "1, element"), "m4", "error")]
    assert problems[0].message == ("'m2' costs KIND4, strictly harder to pay than X=X=X of 'm0' "
                                   "(monsters.yaml:3), yet its attack is 3, below 5")
    assert problems[1].message.startswith("'m4' costs 25+, strictly harder to pay than X=X of 'm1' "
                                          "(monsters.yaml:4)")


def test_a_pool_too_large_for_exact_odds_decides_nothing(tmp_path):
    big = WORKSPACE.replace("late: {rolled: {red: 5, green: 3}", "late: {rolled: {red: 60, green: 60}")
    goblin_market(tmp_path, ['price: "X=X=X", attack: 5', 'price: "KIND4", attack: 3'], big)
    assert [p for p in lint_workspace(tmp_path) if p.code == CODE] == []


def test_a_value_that_cannot_be_read_is_reported(tmp_path):
    folder = goblin_market(tmp_path, ['price: "X=X", attack: 1'], WORKSPACE.replace("value: attack",
                                                                                     'value: "attack +"'))
    [problem] = [p for p in lint_workspace(tmp_path) if p.code == CODE]
    line = line_of(folder / "game.yaml", 'value: "attack +"')
    assert (problem.path.name, problem.line, problem.severity.value) == ("game.yaml", line, "error")


def test_a_big_deck_compares_distinct_costs_only(tmp_path):
    # 10,000 cards with 10 distinct costs: grouped by cost, each inverted card reported once
    costs = ["X=X", "X=X=X", "X=X=X=X", "RUN3", "RUN4", "10+", "15+", "20+", "X=X Y=Y", "EVEN3"]
    worth = {"X=X": 1, "X=X=X": 3, "X=X=X=X": 5, "RUN3": 2, "RUN4": 4, "10+": 1, "15+": 2,
             "20+": 4, "X=X Y=Y": 2, "EVEN3": 2}
    cards = [f'price: "{costs[i % 10]}", attack: {worth[costs[i % 10]]}' for i in range(9_999)]
    goblin_market(tmp_path, [*cards, 'price: "X=X=X=X", attack: 2'])
    problems = [p for p in lint_workspace(tmp_path) if p.code == CODE]
    assert [p.card for p in problems] == ["m9999"]
