"""An unknown field in a workspace game's card is CF004 at its key, with a "did you mean"
taken from the deck's declared fields."""


def test_a_misspelt_field_is_cf004_with_the_declared_field_suggested(lint_cards):
    [problem, note] = lint_cards("fail_unknown_field.yaml")
    assert note.code == "CF099"  # the rules the left-out card kept from running
    assert (problem.code, problem.path.name, problem.line, problem.col) == \
        ("CF004", "fail_unknown_field.yaml", 6, 5)
    assert problem.message == "unknown field 'atack'"
    assert problem.hint == "did you mean 'attack'?"
