def test_ranges_within_the_dice_pass(lint_cc):
    assert lint_cc("ok_every_cost_kind.yaml", "CC104") == []


def test_out_of_range_parameters_and_kinds_not_allowed_on_the_deck(lint_cc):
    problems = lint_cc("fail_ability_range.yaml", "CC104")
    assert [(p.line, p.card) for p in problems] == [(7, "s-red"), (13, "s-yellow"), (18, "s-zero")]
    assert "gain-red value 7 is outside 1..6" in problems[0].message
    assert "skill cards may not have a 'roll-yellow' ability" in problems[1].message
    assert "adjust amount 6 is outside -5..5" in problems[2].message
