def test_icons_outside_the_game_are_caught_at_dice(lint_dg):
    problems = lint_dg("fail_dice_icon.yaml", "DG101")
    assert [(p.line, p.col, p.card) for p in problems] == [(7, 11, "four"), (11, 11, "word")]
    assert '1, 2, 3, "?"' in problems[0].hint


def test_every_shipped_icon_passes(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG101") == []
