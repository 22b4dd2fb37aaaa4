"""The cost model and its compact notation (cardforge.dice.cost)."""

from __future__ import annotations

import itertools

import pytest

from cardforge.dice.cost import (
    AnyDie,
    Cost,
    CostSyntaxError,
    OfAKind,
    Parity,
    Run,
    SumAtLeast,
    cost_from_structured,
    parse_cost,
)


@pytest.mark.parametrize("text, components", [
    ("X=X", [OfAKind(2)]),
    ("X=X=X", [OfAKind(3)]),
    ("Y=Y=Y=Y", [OfAKind(4)]),
    ("Z=Z=Z=Z=Z", [OfAKind(5)]),
    ("X=X=X=X=X=X", [OfAKind(6)]),
    ("X = X = X", [OfAKind(3)]),
    ("KIND10", [OfAKind(10)]),
    ("KIND2", [OfAKind(2)]),
    ("12+", [SumAtLeast(12)]),
    ("25+", [SumAtLeast(25)]),
    ("RUN4", [Run(4)]),
    ("RUN3 RUN3", [Run(3), Run(3)]),
    ("EVEN3", [Parity("even", 3)]),
    ("ODD3", [Parity("odd", 3)]),
    ("green", [AnyDie("green")]),
    ("X=X Y=Y", [OfAKind(2), OfAKind(2)]),
    ("X=X & Y=Y", [OfAKind(2), OfAKind(2)]),
    ("X=X&Y=Y", [OfAKind(2), OfAKind(2)]),
    ("  X=X\t&\nY=Y=Y  ", [OfAKind(2), OfAKind(3)]),
    ("X=X 10+ & red", [OfAKind(2), SumAtLeast(10), AnyDie("red")]),
])
def test_every_form_parses(text: str, components: list) -> None:
    assert parse_cost(text) == Cost(tuple(components))


def test_component_order_does_not_matter() -> None:
    assert parse_cost("RUN3 X=X 7+ green") == parse_cost("green & 7+ & X=X & RUN3")
    assert parse_cost("Y=Y=Y X=X").components == (OfAKind(2), OfAKind(3))


@pytest.mark.parametrize("text, canonical", [
    ("Y=Y=Y X=X", "X=X Y=Y=Y"),
    ("X=X & Y=Y", "X=X Y=Y"),
    ("X=X=X=X=X=X", "KIND6"),
    ("KIND5", "X=X=X=X=X"),
    ("X = X", "X=X"),
    ("green 12+ ODD2 EVEN3 RUN4 X=X", "X=X RUN4 EVEN3 ODD2 12+ green"),
])
def test_notation_is_canonical(text: str, canonical: str) -> None:
    assert parse_cost(text).notation() == canonical
    assert str(parse_cost(text)) == canonical


SAMPLE = [OfAKind(2), OfAKind(3), OfAKind(5), OfAKind(6), OfAKind(10), Run(2), Run(4),
          Parity("even", 3), Parity("odd", 1), SumAtLeast(1), SumAtLeast(12), AnyDie("green")]


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_notation_round_trips(size: int) -> None:
    for combo in itertools.combinations_with_replacement(SAMPLE, size):
        cost = Cost(combo)
        assert parse_cost(cost.notation()) == cost, cost.notation()


def test_more_groups_than_letters_round_trip() -> None:
    cost = Cost((OfAKind(2),) * 5)
    assert cost.notation() == "X=X Y=Y Z=Z KIND2 KIND2"
    assert parse_cost(cost.notation()) == cost


@pytest.mark.parametrize("text, offset, hint", [
    ("", 0, "write at least one component"),
    ("   ", 0, "write at least one component"),
    ("X=Y", 2, "one group repeats one letter; write two groups for two values: X=X Y=Y"),
    ("X=X=X=Y", 6, "one group repeats one letter"),
    ("X=", 2, "finish the group with the same letter: X=X"),
    ("X= & Y=Y", 3, "finish the group"),
    ("X=5", 2, "finish the group"),
    ("X", 0, "write X=X for a pair"),
    ("X=X X=X", 4, "give each group its own letter"),
    ("x=x", 0, "write X=X"),
    ("run4", 0, "keywords are upper case: RUN4"),
    ("X=X Run3", 4, "keywords are upper case: RUN3"),
    ("even", 0, "keywords are upper case: EVEN<n>"),
    ("RUN", 3, "write e.g. RUN4"),
    ("RUN X=X", 3, "write e.g. RUN4"),
    ("RUN1", 3, "write e.g. RUN4"),
    ("KIND1", 4, "write e.g. KIND6"),
    ("EVEN0", 4, "write e.g. EVEN3"),
    ("FOO3", 0, "keywords are KIND<n>, RUN<n>, EVEN<n> and ODD<n>"),
    ("Green", 0, "colours are lower case: green"),
    ("green2", 5, "write the colour once per die: green green"),
    ("12", 2, "write 12+ for a sum of at least 12"),
    ("0+", 0, "write e.g. 12+"),
    ("12+3", 3, "separate components with a space or &"),
    ("X=XY=Y", 3, "separate components with a space or &"),
    ("RUN4RUN4", 4, "separate components with a space or &"),
    ("X=X $", 4, "a cost is made of"),
    ("X=X, Y=Y", 3, "separate components"),
    ("é", 0, "a cost is made of"),
    ("& X=X", 0, "write it between components"),
    ("X=X &", 4, "remove the last &"),
    ("X=X & & Y=Y", 6, "write it between components"),
])
def test_errors_point_at_the_offending_character(text: str, offset: int, hint: str) -> None:
    with pytest.raises(CostSyntaxError) as caught:
        parse_cost(text)
    error = caught.value
    assert error.offset == offset, error
    assert hint in error.hint, error
    assert error.message and error.message in str(error)
    assert isinstance(error, ValueError)


def test_parse_cost_rejects_non_text() -> None:
    with pytest.raises(TypeError):
        parse_cost(["X=X"])  # type: ignore[arg-type]


@pytest.mark.parametrize("items, text", [
    ([{"kind": "of-a-kind", "n": 3}], "X=X=X"),
    ([{"kind": "run", "length": 4}], "RUN4"),
    ([{"kind": "even", "n": 3}], "EVEN3"),
    ([{"kind": "odd", "n": 3}], "ODD3"),
    ([{"kind": "sum", "at-least": 12}], "12+"),
    ([{"kind": "die", "colour": "green"}], "green"),
    ([{"kind": "of-a-kind", "n": 2}, {"kind": "of-a-kind", "n": 3}], "X=X Y=Y=Y"),
    ([{"kind": "run", "length": 3}, {"kind": "run", "length": 3}], "RUN3 RUN3"),
])
def test_structured_form(items: list[dict], text: str) -> None:
    assert cost_from_structured(items) == parse_cost(text)


@pytest.mark.parametrize("items, message", [
    ([], "non-empty list"),
    ("X=X", "non-empty list"),
    ({"kind": "run", "length": 3}, "non-empty list"),
    (["X=X"], "component 1 is not a mapping"),
    ([{"kind": "pair"}], "unknown kind 'pair'"),
    ([{"n": 2}], "unknown kind None"),
    ([{"kind": "run", "length": 3}, {"kind": "run"}], "component 2 (run) needs 'length'"),
    ([{"kind": "run", "n": 3}], "unexpected key(s) ['n']"),
    ([{"kind": "of-a-kind", "n": 1}], "integer >= 2"),
    ([{"kind": "of-a-kind", "n": True}], "integer >= 2"),
    ([{"kind": "even", "n": 0}], "integer >= 1"),
    ([{"kind": "sum", "at-least": "12"}], "integer >= 1"),
    ([{"kind": "die", "colour": "Green"}], "lower-case colour"),
    ([{"kind": "die", "colour": "run"}], "lower-case colour"),
])
def test_structured_errors(items: object, message: str) -> None:
    with pytest.raises(CostSyntaxError) as caught:
        cost_from_structured(items)  # type: ignore[arg-type]
    assert caught.value.offset == 0
    assert message in caught.value.message
    assert caught.value.hint


@pytest.mark.parametrize("make", [
    lambda: OfAKind(1), lambda: Run(1), lambda: Parity("both", 2), lambda: Parity("even", 0),
    lambda: SumAtLeast(0), lambda: AnyDie("Green"), lambda: AnyDie(""), lambda: OfAKind(True),
    lambda: AnyDie("odd"),
    lambda: Cost(()),
])
def test_model_rejects_bad_values(make) -> None:
    with pytest.raises(ValueError):
        make()


def test_cost_rejects_non_components() -> None:
    with pytest.raises(TypeError):
        Cost((2,))  # type: ignore[arg-type]


@pytest.mark.parametrize("text, needed", [
    ("X=X", 2), ("X=X Y=Y", 4), ("X=X Y=Y=Y", 5), ("KIND10", 10), ("RUN3 RUN3", 6),
    ("12+", 2), ("13+", 3), ("25+", 5), ("EVEN3", 3), ("green", 1), ("X=X 7+ green", 5),
])
def test_dice_needed(text: str, needed: int) -> None:
    assert parse_cost(text).dice_needed == needed
