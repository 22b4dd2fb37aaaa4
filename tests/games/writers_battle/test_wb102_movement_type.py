def test_unknown_movement_types_with_a_guess(lint_wb):
    problems = lint_wb("WB102", "fail_movement_type.yaml")
    assert [(p.line, p.card) for p in problems] == [(9, "japanese-name"), (16, "typo")]
    assert problems[0].hint.startswith("did you mean cross?")   # found by its Japanese name
    assert problems[1].hint.startswith("did you mean diagonal?")
    assert "inverted-y (逆Y)" in problems[0].hint


def test_every_movement_type_passes(lint_wb):
    assert lint_wb("WB102", "ok_characters.yaml") == []
