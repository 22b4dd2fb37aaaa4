def test_every_cost_kind_parses(lint_cc):
    assert lint_cc("ok_every_cost_kind.yaml", "CC101") == []


def test_error_points_at_the_offending_character(lint_cc):
    problems = lint_cc("fail_cost_syntax.yaml", "CC101")
    assert [(p.line, p.col, p.card) for p in problems] == [(9, 16, "s-lower"), (13, 13, "s-mixed")]
    assert problems[0].hint == "keywords are upper case: RUN4"
