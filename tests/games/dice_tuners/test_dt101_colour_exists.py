def test_declared_colours_pass(lint_dt):
    assert lint_dt("DT101", "ok_strategy.yaml") == []
    assert lint_dt("DT101") == []


def test_unknown_colours_are_reported_at_the_colour_with_the_closest_one(lint_dt):
    problems = lint_dt("DT101", "fail_colour_unknown.yaml")
    assert [(p.line, p.col, p.card) for p in problems] == [(10, 13, "yellow-card"),
                                                          (15, 13, "typo-card")]
    assert "'yellow' is not a dice colour" in problems[0].message
    assert "green, blue, red" in problems[0].hint
    assert problems[1].hint.startswith("did you mean 'green'?")
