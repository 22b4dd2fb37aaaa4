def test_question_icon_and_dice_count_effect_go_together(lint_dg):
    problems = lint_dg("fail_question_dice_count.yaml", "DG102")
    assert [(p.line, p.card) for p in problems] == [
        (6, "no-count"),            # "?" without a count: at `dice`
        (14, "number-with-count"),  # a number icon with a count: at the effect's kind
        (21, "two-counts"),         # a second count: at that effect
    ]
    assert "sets how many dice" in problems[0].message


def test_question_idols_with_one_count_pass(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG102") == []
