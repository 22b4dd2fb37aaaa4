def test_payable_costs_pass(lint_cc):
    assert lint_cc("ok_every_cost_kind.yaml", "CC102") == []


def test_impossible_costs_are_reported_at_the_cost(lint_cc):
    problems = lint_cc("fail_cost_unpayable.yaml", "CC102")
    assert [(p.line, p.card) for p in problems] == [(5, "s-run7"), (9, "s-forty"), (13, "s-blue")]
    assert "no roll of dice showing 1–6" in problems[0].message
    assert "needs 40 dice; a player holds at most 39" in problems[1].message
    assert "no blue dice" in problems[2].message
