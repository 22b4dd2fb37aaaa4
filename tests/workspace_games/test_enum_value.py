"""An enum field takes one of its values: another is CF003 at the value, the closest value
suggested."""


def test_a_value_not_in_values_is_cf003_with_the_closest_one(lint_cards):
    [problem, note] = lint_cards("fail_enum_value.yaml")
    assert note.code == "CF099"  # the rules the left-out card kept from running
    assert (problem.code, problem.line, problem.col) == ("CF003", 6, 14)
    assert 'cards/0/element: "fyre" is not one of "fire", "water", "earth"' in problem.message
    assert problem.hint.startswith("did you mean 'fire'?")
