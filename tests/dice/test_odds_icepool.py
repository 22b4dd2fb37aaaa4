"""Exact odds against icepool, an independent dice-probability library (a test dependency).

Each oracle states the rule directly on icepool's counts, not through cardforge's search:
e.g. two pairs ⇔ the values' counts hold at least two pairs (sum of count // 2 >= 2), which
is the rulebook's "four equal dice also pay two pairs".
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from cardforge.dice.cost import parse_cost
from cardforge.dice.odds import Pool, pay_probability

icepool = pytest.importorskip("icepool")


def _counts_oracle(test: Callable[[tuple[int, ...]], bool]):
    """Oracle on the descending tuple of how many dice show each value."""
    return lambda p: p.all_counts(filter=1).map(test).probability(True)


def _pair_and_three(counts: tuple[int, ...]) -> bool:
    return counts[0] >= 5 or (counts[0] >= 3 and len(counts) > 1 and counts[1] >= 2)


def _two_straights(length: int):
    def test(values: tuple[int, ...]) -> bool:  # sorted values of the whole roll
        have = {v: values.count(v) for v in set(values)}
        starts = [s for s in range(1, 8 - length) if all(have.get(s + k) for k in range(length))]
        for a in starts:
            for b in starts:
                need: dict[int, int] = {}
                for v in [*range(a, a + length), *range(b, b + length)]:
                    need[v] = need.get(v, 0) + 1
                if all(have.get(v, 0) >= k for v, k in need.items()):
                    return True
        return False
    return lambda p: p.expand().map(test).probability(True)


ORACLES = {
    "X=X": lambda p: (p.largest_count() >= 2).probability(True),
    "X=X=X": lambda p: (p.largest_count() >= 3).probability(True),
    "X=X=X=X": lambda p: (p.largest_count() >= 4).probability(True),
    "KIND6": lambda p: (p.largest_count() >= 6).probability(True),
    "X=X Y=Y": _counts_oracle(lambda counts: sum(c // 2 for c in counts) >= 2),
    "X=X Y=Y=Y": _counts_oracle(_pair_and_three),
    "RUN4": lambda p: (p.largest_straight() >= 4).probability(True),
    "RUN5": lambda p: (p.largest_straight() >= 5).probability(True),
    "12+": lambda p: (p.sum() >= 12).probability(True),
    "25+": lambda p: (p.sum() >= 25).probability(True),
    "EVEN3": lambda p: p.expand().map(
        lambda values: sum(v % 2 == 0 for v in values) >= 3).probability(True),
    "RUN3 RUN3": _two_straights(3),
}


def _ice(rolled: int, fixed: tuple[int, ...] = ()):
    return icepool.Pool([icepool.d6] * rolled + [icepool.Die([v]) for v in fixed])


@pytest.mark.parametrize("text", list(ORACLES))
@pytest.mark.parametrize("rolled, fixed", [(5, ()), (6, ()), (7, ()), (8, ()), (7, (3,)),
                                           (6, (3, 6))])
def test_odds_equal_icepool(text: str, rolled: int, fixed: tuple[int, ...]) -> None:
    pool = Pool((("white", rolled - 1), ("green", 1)), tuple(("red", v) for v in fixed))
    expected = ORACLES[text](_ice(rolled, fixed))
    assert isinstance(expected, Fraction)
    assert pay_probability(parse_cost(text), pool, required_colour="green") == expected


def test_three_evens_in_eight_dice_is_binomial() -> None:
    even = icepool.d6.map(lambda v: int(v % 2 == 0))
    expected = ((8 @ even) >= 3).probability(True)
    assert expected == 1 - Fraction(1 + 8 + 28, 2**8)
    assert pay_probability(parse_cost("EVEN3"), Pool((("white", 8),))) == expected


def test_mid_game_pool_against_icepool() -> None:
    """The Comic Creator mid-game reference pool: 4 white + 3 green rolled, a red 3."""
    pool = Pool.from_mapping({"rolled": {"white": 4, "green": 3},
                              "fixed": [{"colour": "red", "value": 3}]})
    ice = _ice(7, (3,))
    for text in ("X=X Y=Y", "X=X Y=Y=Y", "RUN4", "RUN5", "X=X=X=X"):
        assert pay_probability(parse_cost(text), pool, required_colour="green") == \
            ORACLES[text](ice), text
