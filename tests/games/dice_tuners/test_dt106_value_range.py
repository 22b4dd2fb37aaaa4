def test_values_and_costs_within_range_pass(lint_dt):
    assert lint_dt("DT106") == []
    assert lint_dt("DT106", "ok_heroes.yaml", "ok_strategy.yaml") == []


def test_strategy_values_out_of_range(lint_dt):
    problems = lint_dt("DT106", "fail_value_range.yaml")
    assert [(p.line, p.card) for p in problems] == [(8, "too-high"), (13, "zero"), (18, "bluff")]
    assert problems[0].message == "value 12 is outside 1..7"
    assert problems[1].message == "value 0 is outside 1..7"
    assert problems[2].message == "a Bluff card's value is 0, not 1"


def test_hero_costs_out_of_range(lint_dt):
    problems = lint_dt("DT106", "fail_cost_range.yaml")
    assert [(p.line, p.card) for p in problems] == [(7, "too-cheap"), (13, "too-dear")]
    assert problems[1].message == "cost 10 is outside 2..9"
