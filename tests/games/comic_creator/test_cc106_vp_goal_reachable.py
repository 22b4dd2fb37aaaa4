from tests.games.comic_creator.conftest import fact_line


def test_beginners_deck_without_enough_vp(lint_cc):
    problems = lint_cc("fail_vp_goal_unreachable.yaml", "CC106")
    assert [(p.path.name, p.line) for p in problems] == [("game.yaml", fact_line("vp_goal"))]
    # 3 × 1 + 2 × 3 = 9: Group Only, Experts Only and the game-ending card do not count
    assert "only 9 VP" in problems[0].message


def test_enough_vp_passes(lint_cc):
    assert lint_cc("ok_vp_curve.yaml", "CC106") == []
