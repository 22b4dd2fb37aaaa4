"""Exact idol totals: checked against brute force over ordered rolls and by hand."""

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from cardforge.games.dice_girls import GAME
from cardforge.games.dice_girls.dg_idols import Before, Die
from cardforge.games.dice_girls.dg_odds import Total, mixture, pips, situations, totals
from cardforge.workspace.game_loading import load_game

D6 = Die((1, 2, 3, 4, 5, 6), 7)


def _brute(n: int, changes: tuple) -> tuple[Fraction, Fraction]:
    """E[S], E[S²] by rolling every ordered outcome, rerolls included, with the same policy."""
    dist: dict[int, Fraction] = {}

    def walk(dice: list[int], rest: tuple, p: Fraction) -> None:
        if not rest:
            dist[sum(dice)] = dist.get(sum(dice), Fraction(0)) + p
            return
        (kind, k), tail = rest[0], rest[1:]
        dice = sorted(dice)
        if kind == "set-die":
            walk([k, *dice[1:]] if dice and dice[0] < k else dice, tail, p)
        elif kind == "flip-low":
            walk([7 - d if d <= k else d for d in dice], tail, p)
        else:
            if kind == "reroll":
                j = min(k, sum(d < 3.5 for d in dice))
                kept = dice[j:]
            else:
                j = min(k, sum(d > 3.5 for d in dice))
                kept = dice[:len(dice) - j]
            for fresh in product(range(1, 7), repeat=j):
                walk(kept + list(fresh), tail, p / 6 ** j)

    for roll in product(range(1, 7), repeat=n):
        walk(list(roll), changes, Fraction(1, 6 ** n))
    return (sum(s * p for s, p in dist.items()), sum(s * s * p for s, p in dist.items()))


@pytest.mark.parametrize("n, changes", [
    (1, ()), (2, ()), (3, (("reroll", 1),)), (2, (("reroll", 2),)), (3, (("opponent-reroll", 2),)),
    (2, (("set-die", 5),)), (3, (("flip-low", 2),)), (2, (("reroll", 1), ("set-die", 6))),
    (3, (("opponent-reroll", 1), ("reroll", 1))), (2, (("flip-low", 1), ("reroll", 1))),
])
def test_pips_equal_brute_force(n, changes):
    assert pips(n, changes, D6) == _brute(n, changes)


def test_known_values():
    assert pips(1, (("reroll", 1),), D6)[0] == Fraction(17, 4)     # keep 4-6, else 3.5
    assert pips(2, (), D6) == (7, Fraction(7 * 7) + Fraction(35, 6))  # E[S²] = mean² + var
    assert pips(1, (("set-die", 6),), D6) == (6, 36)


def test_situations_are_a_probability_distribution_with_the_hypergeometric_law():
    others = ["vocal"] * 5 + ["dance"] * 6 + ["visual"] * 6
    table = situations(others, 5)
    assert sum(p for p, _ in table) == 1
    vocal = sum(p * b.count("attribute", "vocal") for p, b in table)
    assert vocal == Fraction(2) * Fraction(5, 17)   # E[idols before] = 2, 5 of 17 are vocal
    assert sum(p for p, b in table if b == Before(0)) == Fraction(1, 5)


def test_shipped_idol_totals_by_hand():
    game = load_game(Path(__file__).resolve().parents[3] / "cards" / "dice-girls", GAME).game
    exact = totals(game)
    # one die, and one more once any idol is in front (4 positions of 5)
    assert exact["hosho-tiara"].mean == Fraction(7, 2) + Fraction(4, 5) * Fraction(7, 2)
    assert exact["amane-mirai"].mean == 6 and exact["amane-mirai"].variance == 0
    assert exact["hayase-azusa"].mean == 5                           # 1-3 turned to 6-4
    assert (exact["otonashi-suzu"].dice_low, exact["otonashi-suzu"].dice_high) == (0, 3)


def test_mixture_is_the_law_of_total_variance():
    a, b = Total(Fraction(2), Fraction(1), 1, 1), Total(Fraction(6), Fraction(3), 2, 2)
    mixed = mixture([(Fraction(1), a), (Fraction(1), b)])
    assert mixed.mean == 4 and mixed.variance == 2 + 4     # mean of variances + variance of means
    assert (mixed.dice_low, mixed.dice_high) == (1, 2)
    with pytest.raises(ValueError):
        mixture([])
