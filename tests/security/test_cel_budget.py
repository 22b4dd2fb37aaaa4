"""Attacks on rules written as data (issue 34): a CEL rule's work is counted inside the
evaluation, so a rule of nested comprehensions stops after its steps in any thread, is
one CF012 at its `expect` line, and the other rules still run; a rule has a budget over
all its cards, and a game's rules share the lint's, so cards x rules cannot add up. The
step limits are lowered here so that running out costs milliseconds; the counting is the
same at the real limits."""

from __future__ import annotations

import threading

import pytest

from cardforge.cel import cel_expressions as expressions
from cardforge.cel.cel_expressions import Budget, OverBudget, compile_expression, rule_budget
from tests.lint.data_game import dice_girls, game_file, line_of, lint

TEN = "[0,1,2,3,4,5,6,7,8,9]"
NESTED = (f"{TEN}.all(a, {TEN}.all(b, {TEN}.all(c, {TEN}.all(d, {TEN}.all(e, "
          "a + b + c + d + e + dice >= 0)))))")
"""The report's rule: under 200 characters, 10^5 innermost evaluations on every card (took the
full 5 s a card, and forever where the timer did not apply)."""
THOUSAND = f"{TEN}.all(a, {TEN}.all(b, {TEN}.all(c, a + b + c >= 0)))"
"""A rule of ~41,000 steps that reads no card field: evaluated once per lint."""


BODY = "size(id) > a + b - 30 && size(id) > a - b - 30 && size(id) > b - a - 30"
"""~12,000 steps a card inside two comprehensions of ten: the ninth card passes 100,000."""


@pytest.fixture
def small_limits(monkeypatch):
    """50,000 steps an evaluation, 100,000 a rule, 200,000 the rules of a game."""
    monkeypatch.setattr(expressions, "MAX_EXPRESSION_STEPS", 50_000)
    monkeypatch.setattr(expressions, "MAX_RULE_STEPS", 100_000)
    monkeypatch.setattr(expressions, "MAX_LINT_STEPS", 200_000)


def test_a_rule_of_nested_comprehensions_is_one_cf012_at_its_line_and_the_lint_goes_on(tmp_path,
                                                                                        small_limits):
    assert len(NESTED) < 200
    workspace = dice_girls(tmp_path, f"""
        - code: GM201
          expect: "{NESTED}"
          message: never finishes
        - code: GM202
          expect: "attribute != 'visual' || string(dice) != '3'"
          message: no visual idol rolls 3 dice
        """)
    problems = lint(workspace)
    manifest = game_file(workspace)
    [stopped] = [p for p in problems if p.code == "CF012"]
    assert (stopped.path, stopped.line) == (manifest, line_of(manifest, "expect", after="GM201"))
    assert stopped.message.startswith("rule GM201 stopped at card ")
    assert "takes more than 50,000 evaluation steps" in stopped.message
    assert [p.card for p in problems if p.code == "GM202"] == ["ayakawa-honoka"]  # still checked


def test_a_rule_that_fits_each_card_but_not_all_of_them_stops_at_the_card_it_ran_out(tmp_path, small_limits):
    workspace = dice_girls(tmp_path, f"""
        - code: GM210
          expect: "{TEN}.all(a, {TEN}.all(b, {BODY}))"
          message: fine alone
        """)
    [stopped] = lint(workspace)
    manifest = game_file(workspace)
    assert (stopped.code, stopped.line) == ("CF012", line_of(manifest, "expect", after="GM210"))
    assert stopped.message.startswith("rule GM210 stopped at card 'maijima-luna': the rule took more than "
                                      "100,000 evaluation steps over the cards of this lint")
    assert lint(workspace) == [stopped]  # the same card whichever process ran it


def test_the_rules_of_a_game_share_the_lints_steps(tmp_path, small_limits):
    assert rule_budget(1).steps == 100_000 and rule_budget(5).steps == 40_000
    entries = "".join(f"""
        - code: GM2{n:02d}
          expect: "{THOUSAND} && {n} >= 0"
          message: fine alone
        """ for n in range(5))
    problems = lint(dice_girls(tmp_path, entries))
    assert sorted(p.message.split(":")[0] for p in problems) == [
        f"rule GM2{n:02d} stopped at card 'amane-mirai'" for n in range(5)]
    assert all("took more than 40,000 evaluation steps" in p.message for p in problems)


def test_the_step_limit_holds_outside_the_main_thread(small_limits):
    expression = compile_expression(NESTED)
    outcome: list[BaseException] = []

    def evaluate() -> None:
        try:
            expression.evaluate({"dice": 1})
        except OverBudget as exc:
            outcome.append(exc)

    thread = threading.Thread(target=evaluate)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive()
    [stopped] = outcome
    assert stopped.whole is False and "50,000 evaluation steps" in stopped.message


def test_characters_built_count_as_steps(small_limits):
    budget = Budget(100_000)
    with pytest.raises(OverBudget):
        compile_expression("[1, 2, 3, 4, 5, 6, 7, 8].all(i, size(text + text + text) > 0)").evaluate(
            {"text": "x" * 2_000}, budget)
    assert budget.left == 100_000 - 50_000


def test_a_spent_budget_is_not_remembered_as_the_rules_answer(small_limits):
    expression = compile_expression(THOUSAND.replace("a + b + c", "a + b + c + dice"))
    with pytest.raises(OverBudget) as caught:
        expression.evaluate({"dice": 1}, Budget(10))
    assert caught.value.whole
    assert expression.evaluate({"dice": 1}, Budget(10 ** 6)) is True
