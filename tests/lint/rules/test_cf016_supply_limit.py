"""CF016 supply limit: a cost the game's components can never pay, from game.yaml's `card_costs:`.

One mistake is planted into a copy of each built-in game it applies to, and must be caught
alone, as an error at the value to change. It applies to Comic Creator (dice per colour in
the box), Dice Tuners (overdrive dice: a hero's hand, players + 1 dice of a colour), Dice
Girls (an effect turning a die to a face it lacks) and DiXe on Card (a combination the
set's DiXes cannot show at once). Not to Writers' Battle: it has no dice or other
components a cost draws on (pages are a counter the rules cap, and a page cost above the
cap is WB101's). The cases the pack rules CC102, DT105 (retired), DG106, DX101 and DX102
reported before CF016 took them over are kept here, on the same fixtures and lines; and a
workspace game written in YAML alone gets the rule too."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardforge.model.game_packs import discover
from tests.conftest import FIXTURES, lint_files
from tests.lint.planting import GAMES, REPO, col_of, copy_game, found, line_of, lint, plant
from tests.workspace_games.conftest import lint_workspace, make_workspace

CODE = "CF016"
SPECS = discover()


def cf016(problems):
    return found(problems, CODE)


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_pass(game):
    assert cf016(lint(REPO / "cards" / game)) == []


# --- one mistake planted into each game it applies to ---------------------------------------

def test_comic_creator_six_yellow_dice_when_the_box_holds_five(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    skill = folder / "skill.yaml"
    plant(skill, 'cost: "green"', 'cost: "yellow yellow yellow yellow yellow yellow"')
    problems = lint(folder)
    line = line_of(skill, "yellow yellow")
    assert cf016(problems) == [("error", "skill.yaml", line, col_of(skill, line, "yellow"),
                                "warm-up-doodles")]
    [problem] = [p for p in problems if p.code == CODE]
    assert problem.message == "needs 6 yellow dice; the game has only 5"
    assert "5 yellow" in problem.hint and "supply" in problem.hint


def test_dice_tuners_an_overdrive_of_four_green_dice(tmp_path):
    folder = copy_game(tmp_path, "dice-tuners")
    hero = folder / "hero.yaml"
    plant(hero, "      dice: [green]\n      kind: strength\n      amount: 1",
          "      dice: [green, green, green, green]\n      kind: strength\n      amount: 1")
    problems = lint(folder)
    line = line_of(hero, "[green, green, green, green]")
    last_green = len("      dice: [green, green, green, ") + 1
    assert cf016(problems) == [("error", "hero.yaml", line, col_of(hero, line, "["), "spark-plug-kid"),
                               ("error", "hero.yaml", line, last_green, "spark-plug-kid")]
    messages = sorted(p.message for p in problems if p.code == CODE)
    assert messages == ["[green, green, green, green] needs 4 dice; a player holds at most 3",
                        "needs 4 green dice; the game has only 3"]


def test_dice_girls_a_die_set_to_a_face_it_lacks(tmp_path):
    folder = copy_game(tmp_path, "dice-girls")
    idols = folder / "idols.yaml"
    plant(idols, "{kind: set-die, value: 6}", "{kind: set-die, value: 7}")
    problems = lint(folder)
    line = line_of(idols, "value: 7")
    assert cf016(problems) == [("error", "idols.yaml", line, col_of(idols, line, "7"), "amane-mirai")]
    assert [p.message for p in problems if p.code == CODE] == ["7 is not a face of the die"]


def test_dixe_on_card_three_pirates_from_two_dice_that_show_one(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    crypte = folder / "crypte.yaml"
    plant(crypte, "[skull, pirate, eight, eight]", "[pirate, pirate, pirate, eight]")
    problems = lint(folder)
    line = line_of(crypte, "[pirate, pirate, pirate, eight]")
    third = len("      - [pirate, pirate, ") + 1
    assert cf016(problems) == [("error", "crypte.yaml", line, third, "crane-yorick")]
    [problem] = [p for p in problems if p.code == CODE]
    assert problem.message == ("needs 3 'pirate'; of the 6 dice of deck 'crypte', only 2 "
                               "(crane-yorick, capitaine-sardine) show it")


# --- the cases the pack rules reported before ------------------------------------------------

def pack_lint(tmp_path: Path, game: str, files: dict[str, str | Path]):
    """The CF016 Problems of the fixture ``files`` under the shipped game.yaml of ``game``."""
    problems = lint_files(tmp_path, {"game.yaml": REPO / "cards" / game / "game.yaml", **files},
                          spec=SPECS[game])
    return [p for p in problems if p.code == CODE]


def test_comic_creator_run7_and_a_colour_the_box_lacks(tmp_path):  # were CC102's
    problems = pack_lint(tmp_path, "comic-creator",
                         {"cards.yaml": FIXTURES / "comic-creator" / "fail_cost_unpayable.yaml"})
    assert [(p.line, p.card, p.severity.value) for p in problems] == [
        (5, "s-run7", "error"), (13, "s-blue", "error")]
    assert problems[0].message == "no roll of dice showing 1–6 pays RUN7"
    assert problems[1].message == "needs 1 blue die; the game has none"


def test_dice_tuners_unknown_colours_and_too_many_dice(tmp_path):  # were DT105's
    problems = pack_lint(tmp_path, "dice-tuners",
                         {"hero.yaml": FIXTURES / "dice-tuners" / "fail_overdrive_dice.yaml"})
    assert [(p.line, p.col, p.card) for p in problems] == [
        (10, 13, "greedy"), (10, 30, "greedy"), (21, 11, "modest")]
    assert problems[0].message == "[red, red, blue, purple] needs 4 dice; a player holds at most 3"
    assert problems[1].message == "needs 1 purple die; the game has none"
    assert problems[2].message == "needs 1 pink die; the game has none"


def test_dice_tuners_more_dice_of_one_colour_than_the_smallest_table_has(tmp_path):  # DT105's
    # with 5 dice a hero may ask for 5, but a 2-player game puts out only 3 of each colour
    text = (REPO / "cards" / "dice-tuners" / "game.yaml").read_text(encoding="utf-8")
    files = {"hero.yaml": FIXTURES / "dice-tuners" / "fail_overdrive_one_colour.yaml"}
    problems = pack_lint(tmp_path / "five", "dice-tuners",
                         {**files, "game.yaml": text.replace("dice_per_player: 3", "dice_per_player: 5")})
    assert [(p.line, p.col) for p in problems] == [(11, 14)]
    assert problems[0].message == "needs 4 red dice; the game has only 3"
    three = pack_lint(tmp_path / "three", "dice-tuners", files)
    assert [(p.line, p.col, p.message) for p in three] == [
        (10, 13, "[blue, red, red, red, red] needs 5 dice; a player holds at most 3"),
        (11, 14, "needs 4 red dice; the game has only 3")]


def test_dice_girls_values_that_are_no_face(tmp_path):  # were DG106's
    problems = pack_lint(tmp_path, "dice-girls",
                         {"idols.yaml": FIXTURES / "dice-girls" / "fail_die_face.yaml"})
    assert [(p.line, p.card) for p in problems] == [(8, "seven"), (20, "flips-nothing")]
    assert [p.message for p in problems] == ["7 is not a face of the die", "0 is not a face of the die"]


def test_dixe_on_card_a_symbol_no_dixe_of_the_set_shows(tmp_path):  # was DX101's
    problems = pack_lint(tmp_path, "dixe-on-card", {
        "crypte.yaml": FIXTURES / "dixe-on-card" / "fail_combination_symbol.yaml",
        "dice.yaml": FIXTURES / "dixe-on-card" / "dice.yaml"})
    # `skul` (line 8) is a typo no DiXe shows either: DX101 names the symbol it means
    assert [(p.line, p.col, p.card) for p in problems] == [(8, 10, "ash"), (9, 19, "ash")]
    assert problems[1].message == "needs 1 'pirate'; of the 6 dice of deck 'crypte', none shows it"


def test_dixe_on_card_seven_symbols_for_six_dixes(tmp_path):  # was DX102's
    problems = pack_lint(tmp_path, "dixe-on-card", {
        "crypte.yaml": FIXTURES / "dixe-on-card" / "fail_two_combinations.yaml",
        "dice.yaml": FIXTURES / "dixe-on-card" / "dice.yaml"})
    assert [(p.line, p.col, p.card) for p in problems] == [(19, 9, "bay")]
    assert problems[0].message == "7 symbols need 7 dice; deck 'crypte' has 6"


def test_dixe_on_card_symbols_each_shown_but_not_all_at_once(tmp_path):
    # two DiXes of the Bestiary show aum and two show skull, but the two that show skull are
    # two of the three that show aum: four different DiXes cannot be found
    folder = copy_game(tmp_path, "dixe-on-card")
    bestiaire = folder / "bestiaire.yaml"
    plant(bestiaire, "[skull, smiley, bomb, aum]", "[aum, aum, skull, skull]")
    line = line_of(bestiaire, "[aum, aum, skull, skull]")
    problems = lint(folder)
    assert cf016(problems) == [("error", "bestiaire.yaml", line, col_of(bestiaire, line, "["),
                                "arkan-sonney")]
    assert next(p.message for p in problems if p.code == CODE) == (
        "the 6 dice of deck 'bestiaire' cannot show these 4 symbols at once, one die a symbol")


# --- a workspace game, and a declaration that cannot be read ---------------------------------

WORKSPACE_COSTS = """
facts:
  dice: {faces: [1, 2, 3, 4, 5, 6], supply: {red: 3, green: 5}}
  gold_max: 8
card_costs:
  - deck: monsters
    cost: {field: price, faces: facts.dice.faces}
    supply: facts.dice.supply
  - deck: monsters
    cost: {field: cost, notation: amount}
    most: facts.gold_max
"""

MONSTERS = """\
deck: monsters
cards:
  - {id: imp, name: {en: Imp}, cost: 2, price: "X=X green"}
  - {id: red-knight, name: {en: Red Knight}, cost: 9, price: "red red red red"}
  - {id: giant, name: {en: Giant}, cost: 5, price: "RUN7"}
"""


def goblin_market(tmp_path: Path, costs: str = WORKSPACE_COSTS, cards: str = MONSTERS) -> Path:
    folder = make_workspace(tmp_path)
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + textwrap.dedent(costs), encoding="utf-8")
    (folder / "monsters.yaml").write_text(cards, encoding="utf-8")
    return folder


def test_a_workspace_game_gets_the_rule(tmp_path):
    folder = goblin_market(tmp_path)
    monsters = folder / "monsters.yaml"
    problems = [p for p in lint_workspace(tmp_path) if p.code == CODE]
    assert [(p.path.name, p.line, p.col, p.card, p.severity.value) for p in problems] == [
        ("monsters.yaml", 4, col_of(monsters, 4, "9"), "red-knight", "error"),
        ("monsters.yaml", 4, col_of(monsters, 4, "red red"), "red-knight", "error"),
        ("monsters.yaml", 5, col_of(monsters, 5, '"RUN7"'), "giant", "error")]
    assert [p.message for p in problems] == [
        "costs 9; a player never holds more than 8", "needs 4 red dice; the game has only 3",
        "no roll of dice showing 1–6 pays RUN7"]


def test_a_declaration_that_cannot_be_read_is_reported_at_its_entry(tmp_path):
    broken = (WORKSPACE_COSTS.replace("supply: facts.dice.supply", "supply: facts.dice.suply")
              .replace("deck: monsters\n    cost: {field: cost,", "deck: monster\n    cost: {field: cost,"))
    folder = goblin_market(tmp_path, broken)
    problems = [p for p in lint_workspace(tmp_path) if p.code == CODE]
    manifest = folder / "game.yaml"
    assert [(p.path.name, p.line, p.severity.value) for p in problems] == [
        ("game.yaml", line_of(manifest, "supply: facts.dice.suply"), "error"),
        ("game.yaml", line_of(manifest, "- deck: monster", after="facts.dice.suply"), "error")]
    assert problems[0].message == "supply: 'facts.dice.suply' is not in game.yaml"
    assert problems[1].message == "card_costs names deck 'monster', which game.yaml does not declare"


def test_without_a_costs_declaration_nothing_is_checked(tmp_path):
    goblin_market(tmp_path, "\nfacts: {}\n")
    assert [p for p in lint_workspace(tmp_path) if p.code == CODE] == []
