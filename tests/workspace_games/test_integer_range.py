"""An integer field's min and max are checked: a value out of range is CF003 at the value,
with the field's description as the hint."""


def test_a_value_above_max_is_cf003_at_its_line(lint_cards):
    [problem, note] = lint_cards("fail_out_of_range.yaml")
    assert note.code == "CF099"  # the rules the left-out card kept from running
    assert (problem.code, problem.line, problem.col) == ("CF003", 5, 11)
    assert "cards/0/cost: 11 is greater than the maximum of 10" in problem.message
    assert problem.hint == "make it 10 or less. Gold to hire it."
