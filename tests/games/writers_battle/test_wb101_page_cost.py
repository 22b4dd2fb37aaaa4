def test_a_gimmick_cost_above_the_page_maximum_can_never_be_paid(lint_wb):
    problems = lint_wb("WB101", "fail_page_cost.yaml")
    assert [(p.line, p.col, p.card) for p in problems] == [(8, 11, "too-dear")]
    assert "never holds more than 8" in problems[0].message


def test_an_ability_cost_above_the_maximum_is_caught_at_ability_cost(lint_wb):
    problems = lint_wb("WB101", "fail_ability_cost.yaml")
    assert [(p.line, p.card) for p in problems] == [(11, "dear-ability")]


def test_costs_at_the_bounds_pass(lint_wb):
    assert lint_wb("WB101", "ok_characters.yaml") == []
