from tests.games.writers_battle.conftest import HERE


def test_facts_that_cannot_work_together(lint_wb):
    problems = lint_wb("WB106", "ok_characters.yaml", game_yaml=HERE / "fail_page_facts.yaml")
    assert [(p.line, p.col) for p in problems] == [(14, 18), (14, 62), (15, 17), (17, 40)]
    messages = " | ".join(p.message for p in problems)
    assert "ending_points.page_price is 9 pages" in messages
    assert "pages.move_cost is 9 pages" in messages
    assert "pages.start 10 is outside" in messages
    assert "hand.start 7 is over hand.limit 6" in messages


def test_the_shipped_choices_pass(lint_wb):
    assert lint_wb("WB106", "ok_characters.yaml") == []
