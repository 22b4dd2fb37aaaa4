"""Exact odds (cardforge.dice.odds): hand-computed fractions and brute force over every roll."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from cardforge.dice.cost import parse_cost
from cardforge.dice.odds import Pool, min_dice_to_pay, pay_probability
from cardforge.dice.pay import Die, can_pay


def pool(fixed: tuple[tuple[str, int], ...] = (), **rolled: int) -> Pool:
    return Pool(tuple(rolled.items()), fixed)


@pytest.mark.parametrize("text, p, expected", [
    ("X=X", pool(white=2), Fraction(1, 6)),
    ("X=X", pool(white=3), Fraction(4, 9)),           # 1 - 6*5*4/216
    ("X=X=X", pool(white=3), Fraction(1, 36)),
    ("12+", pool(white=2), Fraction(1, 36)),
    ("11+", pool(white=2), Fraction(3, 36)),
    ("RUN2", pool(white=2), Fraction(10, 36)),
    ("RUN6", pool(white=6), Fraction(720, 6**6)),
    ("EVEN1", pool(white=1), Fraction(1, 2)),
    ("EVEN3", pool(white=3), Fraction(1, 8)),
    ("ODD2", pool(white=3), Fraction(1, 2)),
    ("KIND10", pool(white=5), Fraction(0)),
    ("green", pool(white=2, green=1), Fraction(1)),
    ("green", pool(white=2), Fraction(0)),
    ("X=X", pool((("red", 6),), white=1), Fraction(1, 6)),
    ("7+", pool((("red", 6),), white=1), Fraction(1)),
    ("X=X", pool((("red", 6), ("red", 6))), Fraction(1)),
])
def test_hand_computed(text: str, p: Pool, expected: Fraction) -> None:
    assert pay_probability(parse_cost(text), p) == expected


def test_two_pairs_in_four_dice_by_hand() -> None:
    # two pairs: 2-2 of distinct values (C(6,2) values, 4!/(2!2!) orders) or four equal (6)
    assert pay_probability(parse_cost("X=X Y=Y"), pool(white=4)) == Fraction(15 * 6 + 6, 6**4)


def test_required_colour_is_a_property_of_the_pool() -> None:
    cost = parse_cost("X=X Y=Y")
    with_green = pool(white=2, green=3)
    assert pay_probability(cost, with_green, required_colour="green") == \
        pay_probability(cost, pool(white=5))
    assert pay_probability(cost, pool(white=5), required_colour="green") == 0
    fixed_green = pool((("green", 1),), white=4)
    assert pay_probability(cost, fixed_green, required_colour="green") > 0


def test_weighted_faces() -> None:
    # faces 1, 1, 2: a pair of 2 dice is 1-1 (4/9) or 2-2 (1/9)
    assert pay_probability(parse_cost("X=X"), pool(white=2), faces=(1, 1, 2)) == Fraction(5, 9)
    assert pay_probability(parse_cost("EVEN1"), pool(white=3), faces=(1, 3, 5)) == 0
    with pytest.raises(ValueError):
        pay_probability(parse_cost("X=X"), pool(white=2), faces=(0, 1))
    with pytest.raises(ValueError):
        pay_probability(parse_cost("X=X"), pool(white=2), faces=())


COSTS = ["X=X", "X=X=X", "X=X Y=Y", "X=X Y=Y=Y", "RUN3", "RUN4", "RUN2 RUN2", "EVEN2",
         "ODD3", "EVEN1 ODD1", "9+", "6+ 6+", "X=X 7+", "RUN3 X=X", "EVEN2 5+", "green",
         "X=X green", "red 8+", "KIND5"]
POOLS = [
    pool(white=3),
    pool(white=2, green=2),
    pool((("red", 3),), white=2, green=1),
    pool((("red", 6), ("red", 1)), green=2),
    pool((("green", 5),), white=3),
    pool(red=1, green=1, white=2),
]


def brute_force(text: str, p: Pool, faces=(1, 2, 3, 4, 5, 6),
                required: str | None = "green") -> Fraction:
    """Roll every outcome of the rolled dice and ask can_pay."""
    colours = [c for c, n in p.rolled for _ in range(n)]
    fixed = [Die(c, v) for c, v in p.fixed]
    cost, paid = parse_cost(text), 0
    for values in itertools.product(faces, repeat=len(colours)):
        dice = [Die(c, v) for c, v in zip(colours, values, strict=True)] + fixed
        paid += can_pay(cost, dice, required_colour=required) is not None
    return Fraction(paid, len(faces) ** len(colours))


@pytest.mark.parametrize("text", COSTS)
@pytest.mark.parametrize("p", POOLS, ids=range(len(POOLS)))
def test_odds_match_brute_force(text: str, p: Pool) -> None:
    assert pay_probability(parse_cost(text), p, required_colour="green") == brute_force(text, p)


@pytest.mark.parametrize("text", ["X=X Y=Y=Y", "RUN3 RUN3", "10+ 5+", "EVEN2 ODD2 X=X",
                                  "RUN4 X=X"])
def test_odds_match_brute_force_on_six_dice(text: str) -> None:
    p = pool(white=4, green=2)
    assert pay_probability(parse_cost(text), p, required_colour="green") == brute_force(text, p)


@pytest.mark.parametrize("fixed", [(("red", 2),), (("red", 3), ("white", 3))])
def test_odds_match_brute_force_with_other_faces(fixed: tuple[tuple[str, int], ...]) -> None:
    p, faces = pool(fixed, white=3), (1, 2, 2, 4, 7)  # 3 is no face: only fixed dice show it
    for text in ("X=X", "RUN2", "RUN3", "EVEN2", "12+", "X=X 6+", "red X=X", "X=X 5+ 5+"):
        assert pay_probability(parse_cost(text), p, faces=faces) == \
            brute_force(text, p, faces, required=None), text


@pytest.mark.parametrize("text, faces, least", [
    ("X=X", (1, 2, 3, 4, 5, 6), 2),
    ("X=X Y=Y=Y", (1, 2, 3, 4, 5, 6), 5),
    ("25+", (1, 2, 3, 4, 5, 6), 5),
    ("12+", (1, 2, 3), 4),
    ("RUN6", (1, 2, 3, 4, 5, 6), 6),
    ("RUN7", (1, 2, 3, 4, 5, 6), None),
    ("RUN3", (1, 2, 4, 5, 7), None),
    ("RUN2", (1, 2, 4, 5, 7), 2),
    ("EVEN3", (1, 3, 5), None),
    ("ODD3 green", (1, 3, 5), 4),
    ("KIND10", (1, 2, 3, 4, 5, 6), 10),
])
def test_min_dice_to_pay(text: str, faces: tuple[int, ...], least: int | None) -> None:
    assert min_dice_to_pay(parse_cost(text), faces) == least


def test_min_dice_really_is_the_least() -> None:
    for text in ("X=X Y=Y", "RUN3 RUN3", "EVEN2 9+", "X=X=X 7+"):
        cost = parse_cost(text)
        least = min_dice_to_pay(cost)
        assert least == cost.dice_needed
        assert pay_probability(cost, pool(white=least)) > 0
        assert pay_probability(cost, pool(white=least - 1)) == 0


def test_pool_from_mapping() -> None:
    p = Pool.from_mapping({"label": {"en": "Mid"}, "rolled": {"white": 4, "green": 3},
                           "fixed": [{"colour": "red", "value": 3}]})
    assert p == Pool((("white", 4), ("green", 3)), (("red", 3),))
    assert p.held == {"white": 4, "green": 3, "red": 1}
    assert Pool.from_mapping({"rolled": {"white": 2}}).fixed == ()


@pytest.mark.parametrize("data", [
    {}, {"rolled": 3}, {"rolled": {"white": -1}}, {"rolled": {"white": 2.5}},
    {"rolled": {"white": 1}, "fixed": [{"colour": "red"}]},
    {"rolled": {"white": 1}, "fixed": [{"colour": "red", "value": 0}]},
    {"rolled": {"white": 1}, "fixed": {"colour": "red", "value": 3}},
])
def test_pool_from_mapping_rejects_bad_shapes(data: dict) -> None:
    with pytest.raises(ValueError):
        Pool.from_mapping(data)
