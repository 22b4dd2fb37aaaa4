def test_second_game_ending_card_is_reported(lint_cc):
    problems = lint_cc("fail_two_game_enders.yaml", "CC105")
    assert [(p.line, p.card) for p in problems] == [(5, "e-movie")]
    assert "first: e-anime" in problems[0].message


def test_one_game_ending_card_is_fine(lint_cc):
    assert lint_cc("ok_vp_curve.yaml", "CC105") == []
