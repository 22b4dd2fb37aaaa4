"""A field declared `required: true` must be on every card of its deck."""


def test_a_missing_required_field_is_cf003_at_the_card(lint_cards):
    [problem, note] = lint_cards("fail_missing_required.yaml")
    assert note.code == "CF099"  # the rules the left-out card kept from running
    assert (problem.code, problem.line, problem.col) == ("CF003", 3, 5)
    assert problem.message == "cards/0: 'cost' is required"
