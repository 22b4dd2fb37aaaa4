"""cardforge.balance.cost_curve: features, least squares, deleted residuals (checked against exact
rational arithmetic), leverage, too few cards, entries that cannot be used."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardforge.balance.cost_curve import BalanceError, Result, judge
from cardforge.balance.curve_features import feature_matrix, read_entry
from cardforge.loading.field_paths import MISSING, value_at
from cardforge.model.game_model import Card

# cost = 1 + attack + defence exactly
CLEAN = [(1, 0, 0), (2, 1, 0), (3, 1, 1), (4, 2, 1), (5, 2, 2), (6, 3, 2), (7, 3, 3), (5, 0, 4)]


def card(card_id: str, **data) -> Card:
    """A card outside any file (balance reads only ``data``)."""
    return Card(card_id, "monsters", data, doc=None, pointer=())  # type: ignore[arg-type]


def deck(rows=CLEAN) -> list[Card]:
    return [card(f"m{i}", cost=c, attack=a, defence=d) for i, (c, a, d) in enumerate(rows)]


def entry(power=("attack", "defence"), **extra):
    return read_entry(0, {"deck": "monsters", "cost": "cost", "power": list(power), **extra})


def solve(rows: list[tuple[Fraction, ...]]) -> list[Fraction]:
    """Exact least squares (normal equations, Gauss-Jordan) of cost on [1, features...]."""
    xs = [[Fraction(1), *map(Fraction, r[1:])] for r in rows]
    ys = [Fraction(r[0]) for r in rows]
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)]
         + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))] for i in range(k)]
    for col in range(k):
        pivot = next(r for r in range(col, k) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        a[col] = [v / a[col][col] for v in a[col]]
        for r in range(k):
            if r != col:
                a[r] = [v - a[r][col] * p for v, p in zip(a[r], a[col], strict=True)]
    return [a[i][k] for i in range(k)]


def test_a_clean_linear_deck_fits_exactly_and_nothing_is_out_of_line():
    result = judge(entry(), deck(), {})
    assert result.fit is not None and result.fit.r2 == pytest.approx(1.0, abs=1e-12)
    assert result.fit.intercept == pytest.approx(1) and result.fit.weights == pytest.approx(
        {"attack": 1, "defence": 1})
    assert (result.fit.n, result.fit.p, result.fit.columns) == (8, 3, ("attack", "defence"))
    assert result.out_of_line == [] and all(v.judged for v in result.verdicts)
    assert result.fit.summary() == "fit: 1.00 + 1.00·attack + 1.00·defence; R² 1.00"


def test_the_deleted_residual_and_spread_are_those_of_the_fit_of_the_others():
    noisy = [(1, 0, 0), (3, 1, 0), (3, 1, 1), (4, 2, 1), (6, 2, 2), (6, 3, 2), (8, 3, 3), (4, 0, 4)]
    result = judge(entry(tolerance={"points": 100}), deck(noisy), {})
    assert result.out_of_line == [] and len(result.verdicts) == len(noisy)
    for i, verdict in enumerate(result.verdicts):
        others = [r for j, r in enumerate(noisy) if j != i]
        b = solve(others)
        predicted = b[0] + b[1] * noisy[i][1] + b[2] * noisy[i][2]
        assert verdict.predicted == pytest.approx(float(predicted), abs=1e-9)
        assert verdict.residual == pytest.approx(float(noisy[i][0] - predicted), abs=1e-9)
        sse = sum((r[0] - b[0] - b[1] * r[1] - b[2] * r[2]) ** 2 for r in others)
        assert verdict.spread ** 2 == pytest.approx(float(sse / (len(others) - 3)), abs=1e-9)


def test_a_planted_outlier_is_reported_alone_with_its_exact_deleted_residual():
    rows = [*CLEAN, (0, 4, 4)]  # costs 0 where the other cards' curve, 1 + 4 + 4, says 9
    result = judge(entry(), deck(rows), {})
    planted = result.verdicts[-1]
    assert [v.card.id for v in result.out_of_line] == ["m8"]
    assert planted.residual == pytest.approx(-9, abs=1e-9) and planted.predicted == pytest.approx(9)
    assert planted.spread ** 2 == pytest.approx(0, abs=1e-12)  # a variance: its root magnifies solver noise
    assert planted.others is not None and planted.others.weights == pytest.approx({"attack": 1, "defence": 1})
    # the honest cards are judged without it: on the curve, and the fit is the clean one
    assert all(v.residual == pytest.approx(0, abs=1e-9) for v in result.verdicts[:-1])
    assert result.fit.n == len(CLEAN) and result.fit.r2 == pytest.approx(1)


def test_a_card_within_one_point_is_never_out_of_line_even_on_an_exact_curve():
    result = judge(entry(), deck([*CLEAN, (10, 4, 4)]), {})  # one point above 9
    assert result.out_of_line == []
    assert result.verdicts[-1].residual == pytest.approx(1, abs=1e-9)


def test_tolerance_in_deviations_uses_the_spread_of_the_others():
    rows = [(1, 0, 0), (3, 1, 0), (3, 1, 1), (4, 2, 1), (6, 2, 2), (6, 3, 2), (8, 3, 3), (4, 0, 4)]
    loose = judge(entry(tolerance={"points": 0, "deviations": 100}), deck([*rows, (5, 4, 4)]), {})
    tight = judge(entry(tolerance={"points": 0, "deviations": 0}), deck([*rows, (5, 4, 4)]), {})
    assert loose.out_of_line == [] and len(tight.out_of_line) == len(tight.verdicts)


def test_enum_and_keyword_values_become_one_column_each():
    cards = [card("a", cost=1, element="fire", keywords=["flying"]),
             card("b", cost=2, element="water", keywords=["flying", "venom"]),
             card("c", cost=3, keywords=[]),
             card("d", cost=4, element="fire", flying=True)]
    names, matrix = feature_matrix(entry(["element", "keywords", "flying", "missing"]), cards, {})
    assert names == ["element=fire", "element=water", "keywords=flying", "keywords=venom", "flying"]
    assert matrix.tolist() == [[1, 0, 1, 0, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0], [1, 0, 0, 0, 1]]


def test_constant_and_duplicate_columns_are_left_out():
    cards = [card(f"c{i}", cost=i, attack=i, copy=i, level=3) for i in range(5)]
    result = judge(entry(["level", "attack", "copy"]), cards, {})
    assert result.fit.columns == ("attack",) and result.fit.dropped == ("level", "copy")
    assert result.fit.p == 2


def test_a_feature_only_one_card_has_cannot_be_judged():
    cards = [*deck(), card("odd", cost=0, attack=1, defence=1, keywords=["unique"])]
    result = judge(entry(["attack", "defence", "keywords"]), cards, {})
    odd = result.verdicts[-1]
    assert not odd.judged and odd.leverage == pytest.approx(1) and not odd.out_of_line
    assert all(v.judged for v in result.verdicts[:-1])


def test_where_selects_cards_and_a_list_field_holds_the_value():
    cards = [*[card(f"e{i}", cost=1 + a, kind="equipment", bonus={"attack": a}) for i, a in
               enumerate([0, 1, 2, 3])],
             card("ev", cost=9, kind="event"), card("cheap", cost=0, kind="equipment", bonus={"attack": 6})]
    result = judge(entry(["bonus.attack"], where={"kind": "equipment"}), cards, {})
    assert [v.card.id for v in result.verdicts] == ["e0", "e1", "e2", "e3", "cheap"]
    assert [v.card.id for v in result.out_of_line] == ["cheap"]
    tagged = [card("t", cost=1, tags=["x", "y"]), card("u", cost=1, tags=["y"])]
    assert entry(where={"tags": "x"}).selects(tagged[0]) and not entry(where={"tags": "x"}).selects(tagged[1])


def test_too_few_cards_for_the_power_is_said_plainly():
    result = judge(entry(), deck(CLEAN[:3]), {})
    assert result.verdicts == () and result.fit is not None and result.fit.p == 3
    assert "3 card(s) are too few to judge a fit of 3 numbers" in result.too_few
    assert "at least 5" in result.too_few
    empty = judge(entry(where={"kind": "nothing"}), deck(), {})
    assert empty.fit is None and "no card of deck 'monsters'" in empty.too_few


def test_cards_without_a_number_at_the_cost_are_left_out():
    cards = [*deck(), card("free", attack=1), card("x", cost="X", attack=1)]
    result = judge(entry(), cards, {})
    assert result.fit.n == len(CLEAN)


def test_expressions_name_derived_features_and_read_facts():
    facts = {"moves": {"cross": {"reach": ["front", "back", "left", "right"]}, "none": {"reach": []}}}
    cards = [card(f"c{i}", cost=i, movement="cross" if i % 2 else "none",
                  bonus={"attack": i, "defence": 1}) for i in range(6)]
    e = entry([{"reach": "size(facts.moves[movement].reach)"}, "sum(bonus.map(k, bonus[k]))"])
    names, matrix = feature_matrix(e, cards, facts)
    assert names == ["reach", "sum(bonus.map(k, bonus[k]))"]
    assert matrix[:, 0].tolist() == [0, 4, 0, 4, 0, 4] and matrix[:, 1].tolist() == [1, 2, 3, 4, 5, 6]


def test_unusable_entries_and_values_are_balance_errors():
    with pytest.raises(BalanceError) as bad_syntax:
        entry(["attack +"])
    assert bad_syntax.value.where == ("power", 0)
    with pytest.raises(BalanceError) as bad_cost:
        read_entry(0, {"deck": "m", "cost": "a b", "power": ["x"]})
    assert bad_cost.value.where == ("cost",)
    mapping = [card("a", cost=1, bonus={"attack": 1})]
    with pytest.raises(BalanceError, match="is a mapping") as shape:
        judge(entry(["bonus"]), mapping, {})
    assert shape.value.card is mapping[0] and shape.value.where == ("bonus",)  # the value to blame
    with pytest.raises(BalanceError, match="cannot be evaluated for card 'a'"):
        judge(entry(["bonus.attack + bonus.defence"]), mapping, {})


def test_value_at_follows_dotted_keys():
    assert value_at({"a": {"b": 2}}, ("a", "b")) == 2
    assert value_at({"a": 1}, ("a", "b")) is MISSING and value_at({}, ("a",)) is MISSING


def test_a_result_lists_its_out_of_line_verdicts_in_order():
    assert Result(0, None).out_of_line == []
