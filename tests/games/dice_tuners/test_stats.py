"""The On Fire table: exact chances against a random card of the shuffled Strategy deck."""

from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.dice_tuners import GAME
from cardforge.games.dice_tuners.dt_stats import on_fire, on_fire_table
from cardforge.workspace.game_loading import load_game
from tests.games.dice_tuners.conftest import GAME_DIR, REPO


@pytest.fixture(scope="module")
def table():
    game = load_game(GAME_DIR, GAME).game
    return on_fire_table(game)


def test_a_card_cannot_meet_itself():
    deck = Counter({1: 2, 5: 1})
    # the 5 is the only 5: the other card is one of the two 1s
    assert on_fire(5, deck, own_from_deck=True) == (Fraction(1), Fraction(0))
    # one 1 is left besides ours, and the 5
    assert on_fire(1, deck, own_from_deck=True) == (Fraction(0), Fraction(1, 2))
    # a Bluff (not from the deck) of 0 meets any of the three
    assert on_fire(0, deck, own_from_deck=False) == (Fraction(0), Fraction(0))
    with pytest.raises(ValueError):
        on_fire(1, Counter({1: 1}), own_from_deck=True)


def test_shipped_deck_rows_are_exact(table):
    rows = {(r["value"], r["kind"]): r for r in table.rows}
    # 42 cards, values 1..7 with 9, 9, 6, 6, 6, 3, 3 copies; a 4 meets 41 others,
    # 24 of them lower (1–3) and 5 other 4s
    four = rows[(4, "strategy")]
    assert four["cards"] == 6
    assert four["alone"] == Fraction(24, 41) and four["tie"] == Fraction(5, 41)
    assert four["on_fire"] == Fraction(29, 41)
    assert rows[(7, "strategy")]["on_fire"] == 1
    assert rows[(1, "strategy")]["on_fire"] == Fraction(8, 41)
    assert rows[(0, "bluff")] == {"value": 0, "kind": "bluff", "cards": 4,
                                  "on_fire": 0, "alone": 0, "tie": 0}


def test_on_fire_rises_with_the_value(table):
    chances = [r["on_fire"] for r in table.rows]
    assert chances == sorted(chances) and all(isinstance(c, Fraction) for c in chances)


def test_stats_command_prints_the_table():
    result = CliRunner().invoke(main, ["stats", "-w", str(REPO), "dice-tuners"])
    assert result.exit_code == 0, result.output
    assert "On Fire" in result.output and "bluff" in result.output
