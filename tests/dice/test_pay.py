"""Paying costs with real dice (cardforge.dice.pay.can_pay): witnesses and the rulebook cases."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from cardforge.dice.cost import AnyDie, Cost, OfAKind, Parity, Run, SumAtLeast, parse_cost
from cardforge.dice.pay import Die, can_pay


def dice(spec: str) -> list[Die]:
    """``"w1 w1 g2 r6"`` → white 1, white 1, green 2, red 6 (fresh objects each call)."""
    names = {"w": "white", "g": "green", "r": "red", "y": "yellow"}
    return [Die(names[token[0]], int(token[1:])) for token in spec.split()]


def whites(*values: int) -> list[Die]:
    return [Die("white", v) for v in values]


def _fits(component, group: Sequence[Die]) -> bool:
    values = sorted(d.value for d in group)
    if isinstance(component, OfAKind):
        return len(values) == component.n and len(set(values)) == 1
    if isinstance(component, Run):
        return len(values) == component.length and values == list(
            range(values[0], values[0] + component.length))
    if isinstance(component, Parity):
        odd = component.parity == "odd"
        return len(values) == component.n and all(v % 2 == odd for v in values)
    if isinstance(component, SumAtLeast):
        return bool(values) and sum(values) >= component.total
    return len(group) == 1 and group[0].colour == component.colour


def assert_valid_witness(cost: Cost, pool: Sequence[Die], witness: tuple[Die, ...],
                         required: str | None = None) -> None:
    """Independent check: the witness is made of distinct dice from the pool and, apart from
    at most one extra die of the required colour, splits into groups paying each component."""
    ids = [id(d) for d in witness]
    assert len(set(ids)) == len(ids), "a die is spent twice"
    assert set(ids) <= {id(d) for d in pool}, "a spent die is not in the pool"
    if required is not None:
        assert any(d.colour == required for d in witness), "no die of the required colour"
    comps = cost.components
    for slots in itertools.product(range(len(comps) + 1), repeat=len(witness)):
        spare = [d for d, s in zip(witness, slots, strict=True) if s == len(comps)]
        if len(spare) > 1 or (spare and spare[0].colour != required):
            continue
        groups = [[d for d, s in zip(witness, slots, strict=True) if s == k]
                  for k in range(len(comps))]
        if all(_fits(c, g) for c, g in zip(comps, groups, strict=True)):
            return
    raise AssertionError(f"{witness} does not pay {cost.notation()}")


@pytest.mark.parametrize("text, values", [
    # Card Costs: two pairs may be 1-1-2-2 or 1-1-1-1 (and the Q&A: four equal dice)
    ("X=X Y=Y", (1, 1, 2, 2)),
    ("X=X Y=Y", (1, 1, 1, 1)),
    # a pair and a three may be 1-1-2-2-2 or 1-1-1-1-1
    ("X=X Y=Y=Y", (1, 1, 2, 2, 2)),
    ("X=X Y=Y=Y", (1, 1, 1, 1, 1)),
    # two straights of 3: 1-2-3 + 3-4-5 and 4-5-6 + 4-5-6; Q&A: 1-2-3 & 1-2-3
    ("RUN3 RUN3", (1, 2, 3, 3, 4, 5)),
    ("RUN3 RUN3", (4, 5, 6, 4, 5, 6)),
    ("RUN3 RUN3", (1, 2, 3, 1, 2, 3)),
    # two straights of 4: 1-2-3-4 + 2-3-4-5 and 1-2-3-4 + 3-4-5-6
    ("RUN4 RUN4", (1, 2, 3, 4, 2, 3, 4, 5)),
    ("RUN4 RUN4", (1, 2, 3, 4, 3, 4, 5, 6)),
    ("RUN5", (1, 2, 3, 4, 5)),
    ("RUN5", (2, 3, 4, 5, 6)),
    ("X=X=X=X", (3, 3, 3, 3)),
    ("12+", (6, 6)),
    ("EVEN3", (2, 2, 4)),
    ("ODD3", (5, 5, 5)),
    ("KIND10", (4,) * 10),
])
def test_rulebook_examples_pay(text: str, values: tuple[int, ...]) -> None:
    cost, pool = parse_cost(text), whites(*values)
    witness = can_pay(cost, pool)
    assert witness is not None
    assert_valid_witness(cost, pool, witness)
    assert len(witness) == len(values)


@pytest.mark.parametrize("text, values", [
    ("X=X Y=Y", (1, 1, 1)),
    ("X=X Y=Y", (1, 1, 2, 3)),
    ("X=X Y=Y=Y", (1, 1, 1, 1)),
    ("X=X Y=Y=Y", (1, 1, 2, 2, 3)),
    ("RUN3 RUN3", (1, 2, 3, 4, 5)),
    ("RUN3 RUN3", (1, 1, 2, 3, 4, 5)),
    ("RUN4", (1, 2, 3, 5, 6)),
    ("12+", (6, 5)),
    ("EVEN3", (2, 4, 5)),
    ("X=X RUN3", (2, 3, 4, 4)),
    ("7+ 7+", (6, 5, 2)),
])
def test_short_pools_do_not_pay(text: str, values: tuple[int, ...]) -> None:
    assert can_pay(parse_cost(text), whites(*values)) is None


@pytest.mark.parametrize("text, values", [
    ("X=X=X Y=Y", (2, 2, 2, 2, 2)),       # five equal dice: the pair must not take them all
    ("RUN3 RUN3", (1, 2, 3, 3, 4, 5)),     # the first straight must leave 3-4-5
    ("EVEN3", (2, 2, 4)),                  # repeats allowed
    ("X=X RUN3", (1, 1, 2, 3, 5, 5)),      # the pair of 1s would break the straight
    ("X=X 10+", (6, 6, 1, 1, 5)),          # the pair of 6s would leave 7
    ("7+ 7+", (6, 5, 2, 1)),               # 6+1 and 5+2, not 6+5
    ("RUN3 X=X=X", (2, 3, 4, 4, 4, 4)),
    ("EVEN2 10+", (2, 4, 6, 6)),           # the evens must be the low ones
    ("RUN3 EVEN2", (2, 3, 4, 5, 6)),       # 2-3-4 would leave a single even die
    ("X=X Y=Y Z=Z", (5, 5, 5, 5, 5, 5)),
])
def test_search_is_not_greedy(text: str, values: tuple[int, ...]) -> None:
    cost, pool = parse_cost(text), whites(*values)
    witness = can_pay(cost, pool)
    assert witness is not None
    assert_valid_witness(cost, pool, witness)


def test_sum_takes_fewest_dice_highest_first() -> None:
    pool = whites(1, 6, 2, 6, 1)
    witness = can_pay(parse_cost("12+"), pool)
    assert witness is not None and [d.value for d in witness] == [6, 6]
    witness = can_pay(parse_cost("X=X 8+"), whites(1, 1, 6, 3, 2))
    assert witness is not None and [d.value for d in witness] == [1, 1, 6, 3]


def test_required_colour_missing_means_no_payment() -> None:
    assert can_pay(parse_cost("X=X"), whites(3, 3, 3)) is not None
    assert can_pay(parse_cost("X=X"), whites(3, 3, 3), required_colour="green") is None


def test_extra_green_die_is_added_when_none_pays_the_cost() -> None:
    pool = dice("w3 w3 g5")  # rulebook, Action Phase 3: white pair plus any green die
    witness = can_pay(parse_cost("X=X"), pool, required_colour="green")
    assert witness == (pool[0], pool[1], pool[2])
    assert_valid_witness(parse_cost("X=X"), pool, witness, "green")


def test_green_die_is_spent_inside_the_cost_when_possible() -> None:
    pool = dice("w3 w3 w5 g5")
    witness = can_pay(parse_cost("X=X"), pool, required_colour="green")
    assert witness is not None and sorted(id(d) for d in witness) == sorted(map(id, pool[2:]))
    pool = dice("g4 w4 w4 g1")  # one green is enough: spend w4 + g4, not two greens
    witness = can_pay(parse_cost("X=X"), pool, required_colour="green")
    assert witness is not None and len(witness) == 2
    assert [d.colour for d in witness].count("green") == 1
    pool = dice("w6 w2 g1")  # 6+1 reaches 7 with as few dice as 6+2 and spends the green
    witness = can_pay(parse_cost("7+"), pool, required_colour="green")
    assert witness == (pool[0], pool[2])
    pool = dice("w2 w4 g6 w6")
    witness = can_pay(parse_cost("EVEN2"), pool, required_colour="green")
    assert witness is not None and len(witness) == 2 and pool[2] in witness


def test_green_pays_inside_after_backtracking() -> None:
    pool = dice("w1 w1 w5 g5 w6 w6")  # every pair pays; only the 5s hold the green
    witness = can_pay(parse_cost("X=X"), pool, required_colour="green")
    assert witness is not None and {d.value for d in witness} == {5}


@pytest.mark.parametrize("spec, text, paid", [
    ("w3", "green", False),
    ("w3 g5", "green", True),
    ("g3 g3", "X=X green", False),
    ("w3 w3 g1", "X=X green", True),
    ("g3 g3 g3", "X=X green", True),
    ("w2 r6", "red 5+", False),
    ("w5 r1", "red 5+", True),
    ("w6 r6 r6", "red red X=X", False),
    ("w6 r6 r6 r1", "red red X=X", True),
])
def test_any_die_needs_its_own_die_of_that_colour(spec: str, text: str, paid: bool) -> None:
    pool, cost = dice(spec), parse_cost(text)
    witness = can_pay(cost, pool)
    assert (witness is not None) is paid
    if witness is not None:
        assert_valid_witness(cost, pool, witness)


def test_witness_lists_components_in_cost_order() -> None:
    pool = whites(5, 1, 2, 3, 5, 5)
    witness = can_pay(parse_cost("RUN3 X=X=X"), pool)
    assert witness is not None and [d.value for d in witness] == [5, 5, 5, 1, 2, 3]


def test_bad_dice_are_rejected() -> None:
    with pytest.raises(TypeError):
        can_pay(parse_cost("X=X"), [3, 3])  # type: ignore[list-item]
    for colour, value in (("white", 0), ("", 3), ("white", True)):
        with pytest.raises(ValueError):
            Die(colour, value)


def test_any_die_cost_component_is_kept_when_required_colour_differs() -> None:
    pool = dice("w4 w4 r2 g1")
    cost = Cost((OfAKind(2), AnyDie("red")))
    witness = can_pay(cost, pool, required_colour="green")
    assert witness is not None and len(witness) == 4
    assert_valid_witness(cost, pool, witness, "green")
