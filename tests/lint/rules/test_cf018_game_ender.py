"""CF018 game ender: the cards that end the game are exactly those game.yaml's `game_enders:` declares.

Of the five built-in games only Comic Creator has a card that ends the game (Card Costs:
ten matching dice); Dice Girls (highest total after five idols), Dice Tuners (most VP after
the last round), DiXe on Card (the fifth flipped card, whichever it is) and the writers'
battle (6 ending points or no survival left; its victory condition 3, "a card's special
win", has no card in our data) end the game by their rules, not by a card, so they declare
no game-enders and the family does not apply to them. The mistakes are planted into a copy
of Comic Creator and into a workspace game. The first two tests are the retired Comic
Creator rule CC105's (single-game-ender), moved over: the same fixture, line and card."""

from __future__ import annotations

import pytest

from cardforge.games.comic_creator import GAME
from cardforge.problem import Severity
from tests.conftest import FIXTURES, lint_files
from tests.lint.planting import REPO, col_of, copy_game, found, line_of, lint, new_game, plant

CC_GAME_YAML = REPO / "cards" / "comic-creator" / "game.yaml"


def lint_cc(tmp_path, name: str):
    """The CF018 Problems of the Comic Creator fixture ``name`` with the shipped game.yaml."""
    problems = lint_files(tmp_path, {"game.yaml": CC_GAME_YAML,
                                     "cards.yaml": FIXTURES / "comic-creator" / name}, spec=GAME)
    return [p for p in problems if p.code == "CF018"]


def test_second_game_ending_card_is_reported(tmp_path):
    problems = lint_cc(tmp_path, "fail_two_game_enders.yaml")
    assert [(p.line, p.card) for p in problems] == [(5, "e-movie")]
    assert "first: e-anime" in problems[0].message
    assert problems[0].severity is Severity.ERROR and problems[0].path.name == "cards.yaml"


def test_one_game_ending_card_is_fine():
    """CC105's passing case was a fixture without any game-ender ("at most one"); the
    declaration now says exactly one, which the shipped cards have."""
    assert found(lint(REPO / "cards" / "comic-creator"), "CF018") == []


def test_no_game_ending_card_left_is_reported_at_the_declared_count(tmp_path):
    problems = lint_cc(tmp_path, "ok_vp_curve.yaml")
    line = line_of(CC_GAME_YAML, "count: 1", after="game_enders:")
    assert [(p.path.name, p.line, p.col) for p in problems] == [
        ("game.yaml", line, col_of(CC_GAME_YAML, line, "1"))]
    assert problems[0].message == "game.yaml declares 1 card that end the game; none do"


@pytest.fixture
def comic_creator(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    return folder, folder / "experience.yaml"


def test_a_game_ender_that_no_longer_ends_the_game(comic_creator):
    folder, cards = comic_creator
    plant(cards, 'cost: "KIND10"', 'cost: "KIND9"')
    line = line_of(cards, 'cost: "KIND9"')
    problems = lint(folder)
    assert found(problems, "CF018") == [
        ("error", "experience.yaml", line, col_of(cards, line, '"KIND9"'), "anime-series-announced")]
    message = next(p.message for p in problems if p.code == "CF018")
    assert "meant to end the game (ends_game: true), but no longer does" in message
    # and its 15 VP, no longer a game-ender's, now win on points: CF017 says so at its vp
    assert [(p.line, p.card) for p in problems if p.code == "CF017"] == [
        (line - 1, "anime-series-announced")]


def test_a_second_game_ender_and_a_second_copy(comic_creator):
    folder, cards = comic_creator
    plant(cards, 'cost: "X=X=X=X=X=X"', 'cost: "KIND10"')   # million-seller, 8 VP
    plant(cards, "    vp: 15\n", "    quantity: 2\n    vp: 15\n")
    second = line_of(cards, 'cost: "KIND10"')
    copy = line_of(cards, "quantity: 2", after="anime-series-announced")
    assert found(lint(folder), "CF018") == [
        ("error", "experience.yaml", second, col_of(cards, second, '"KIND10"'), "million-seller"),
        ("error", "experience.yaml", copy, col_of(cards, copy, "2"), "anime-series-announced")]


def test_a_workspace_game_declares_its_game_enders_by_field(tmp_path):
    folder = new_game(tmp_path)
    manifest, cards = folder / "game.yaml", folder / "treasures.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + "\ngame_enders:\n  - {deck: treasures, where: {cursed: true}, count: 1}\n",
                        encoding="utf-8")
    assert found(lint(folder), "CF018") == []
    plant(cards, "    value: 3\n", "    value: 3\n    cursed: true\n")   # the dragon egg
    line = line_of(cards, "cursed: true", after="cursed-crown")
    problems = lint(folder)
    assert found(problems, "CF018") == [   # the later of the two, naming the first
        ("error", "treasures.yaml", line, col_of(cards, line, "true"), "cursed-crown")]
    message = next(p.message for p in problems if p.code == "CF018")
    assert "another game-ending card (first: dragon-egg)" in message


def test_a_declaration_that_cannot_work(tmp_path):
    folder = copy_game(tmp_path, "comic-creator")
    manifest = folder / "game.yaml"
    plant(manifest, '    ends: "dice_cost.of_a_kind >= facts.game_ending_kind"',
          '    ends: "dice_cost.of_a_kind >=> facts.game_ending_kind"')
    # game_enders' count, the line after its ends: (decks have a count: 1 too)
    plant(manifest, 'facts.game_ending_kind"\n    count: 1\n',
          'facts.game_ending_kind"\n    count: facts.game_enders\n')
    ends = line_of(manifest, ">=>")
    count = line_of(manifest, "count: facts.game_enders")
    problems = [p for p in lint(folder) if p.code == "CF018"]
    assert [(p.line, p.col) for p in problems] == [
        (ends, col_of(manifest, ends, "> facts")), (count, col_of(manifest, count, "facts."))]
    assert "not a CEL expression" in problems[0].message
    assert "'facts.game_enders' is not in game.yaml" in problems[1].message
