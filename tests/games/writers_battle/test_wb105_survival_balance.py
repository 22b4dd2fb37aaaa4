from tests.games.writers_battle.conftest import fact_line


def test_a_faction_far_behind_is_warned_at_its_entry(lint_wb):
    problems = lint_wb("WB105", "fail_survival_balance.yaml")
    assert [(p.path.name, p.line) for p in problems] == [("game.yaml", fact_line("factions", "fantasy"))]
    assert "differ by 6 between factions (mystery 9, fantasy 3)" in problems[0].message
    assert problems[0].severity == "warning"


def test_equal_factions_pass(lint_wb):
    assert lint_wb("WB105", "ok_characters.yaml") == []
