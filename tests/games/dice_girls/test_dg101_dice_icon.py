def test_icons_outside_the_game_are_caught_at_dice(lint_dg):
    problems = lint_dg("fail_dice_icon.yaml", "DG101")
    assert [(p.line, p.col, p.card) for p in problems] == [(7, 11, "four"), (11, 11, "word")]
    assert '1, 2, 3, "?"' in problems[0].hint


def test_every_shipped_icon_passes(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG101") == []


def test_a_negative_count_is_a_schema_error_not_a_crash(tmp_path):
    from cardforge.games.dice_girls import GAME
    from tests.conftest import lint_files
    from tests.games.dice_girls.conftest import GAME_YAML

    bad = "deck: idol\ncards:\n  - {id: minus, name: {en: Minus}, attribute: vocal, dice: -1}\n"
    problems = lint_files(tmp_path, {"game.yaml": GAME_YAML, "idols.yaml": bad}, spec=GAME)
    assert [(p.code, p.line) for p in problems if p.code in ("CF003", "CF000")] == [("CF003", 3)]
