"""cardforge.cel.cel_expressions: CEL compiled once, evaluated on plain data, with limits."""

from __future__ import annotations

import pytest

from cardforge.cel.cel_expressions import (
    MAX_BUILT_ITEMS,
    MAX_EXPRESSION_CHARS,
    ExpressionError,
    compile_expression,
)


def value(text: str, **variables: object) -> object:
    return compile_expression(text).evaluate(variables)


def test_arithmetic_and_comparison_on_card_fields() -> None:
    rule = compile_expression("attack + defence <= 2 * cost + 2")
    assert rule.fast  # no comprehension: the transpiled runner
    assert rule.evaluate({"attack": 3, "defence": 3, "cost": 2}) is True
    assert rule.evaluate({"attack": 9, "defence": 9, "cost": 0}) is False
    assert rule.names == {"attack", "defence", "cost"}


def test_list_functions_sum_min_max_distinct() -> None:
    cards = [{"cost": 2, "name": "a"}, {"cost": 5, "name": "b"}, {"cost": 2, "name": "a"}]
    assert value("sum(cards.map(c, c.cost))", cards=cards) == 9
    assert value("min(cards.map(c, c.cost))", cards=cards) == 2
    assert value("max(cards.map(c, c.cost))", cards=cards) == 5
    assert value("distinct(cards.map(c, c.name))", cards=cards) == ["a", "b"]
    assert value("size(distinct(cards.map(c, c.name))) == size(cards)", cards=cards) is False
    assert value("sum([1, 2.5])") == 3.5
    assert not compile_expression("sum(cards.map(c, c.cost))").fast


def test_plain_data_in_and_out() -> None:
    assert value("card.name.en + '!'", card={"name": {"en": "Goblin"}}) == "Goblin!"
    assert value("card.keywords.filter(k, k != 'x')", card={"keywords": ["x", "fly"]}) == ["fly"]
    assert value("facts.hand.limit * 2", facts={"hand": {"limit": 6}}) == 12
    assert value("has(card.defence)", card={"attack": 1}) is False


def test_syntax_error_has_line_and_column_in_the_text() -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_expression("attack +* defence")
    assert (caught.value.line, caught.value.column) == (1, 9)
    assert "CEL" in caught.value.hint


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("x" * (MAX_EXPRESSION_CHARS + 1), "more than"),
    ("(" * 400 + "1" + ")" * 400, "nested too deeply"),
    ("+".join(["a"] * 600), "nested too deeply"),
])
def test_refused_expressions(text: str, words: str) -> None:
    with pytest.raises(ExpressionError, match=words):
        compile_expression(text)


@pytest.mark.parametrize("text, variables, words", [
    ("card.defence > 1", {"card": {}}, "no such member"),
    ("1 / 0 == 1", {}, "divide by zero"),
    ("'a' + 1 == 'a1'", {}, "no such overload"),
    ("min([]) == 0", {}, "empty list"),
])
def test_evaluation_errors_say_why(text: str, variables: dict, words: str) -> None:
    with pytest.raises(ExpressionError, match=words):
        compile_expression(text).evaluate(variables)


def test_a_missing_field_hints_at_has() -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_expression("card.defence > 1").evaluate({"card": {}})
    assert "has(card.defence)" in caught.value.hint


def test_building_a_huge_text_is_stopped() -> None:
    doubling = ".map(a, a + a + a + a + a + a + a + a + a + a)" * 8
    with pytest.raises(ExpressionError, match=f"{MAX_BUILT_ITEMS:,}"):
        compile_expression("['" + "a" * 100 + "']" + doubling).evaluate({})


def test_no_python_reaches_out_of_a_string_literal() -> None:
    tricky = r'''"x\" + str(__import__('os').getpid()) + \""'''
    assert value(tricky) == "x\" + str(__import__('os').getpid()) + \""
    with pytest.raises(ExpressionError):
        compile_expression("card.__class__").evaluate({"card": {"a": 1}})


def test_results_for_the_same_scalars_are_remembered_errors_too() -> None:
    rule = compile_expression("10 / cost > 1")
    assert rule.evaluate({"cost": 2}) is True
    assert rule.evaluate({"cost": 2}) is True
    for _ in range(2):
        with pytest.raises(ExpressionError, match="divide by zero"):
            rule.evaluate({"cost": 0})
    assert len(rule._memo) == 2


def test_has_guards_a_missing_field_under_not_and_the_conditional() -> None:
    card = {"cost": 1}
    assert value("!has(card.defence) || card.defence <= 5", card=card) is True
    assert value("has(card.defence) ? card.defence : 0", card=card) == 0
    assert value("!has(card.cost)", card=card) is False


def test_an_undeclared_name_is_named_without_the_interpreters_variables() -> None:
    with pytest.raises(ExpressionError) as raised:
        value("[1].map(x, x) == [1] && atribute", card={})
    assert raised.value.message == "undeclared reference to 'atribute'"
