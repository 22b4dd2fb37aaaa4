from tests.games.writers_battle.conftest import fact_line


def test_too_few_at_the_faction_too_many_at_the_first_extra_card(lint_wb):
    problems = lint_wb("WB104", "fail_foreshadow_count.yaml")
    assert [(p.path.name, p.line) for p in problems] == [
        ("fail_foreshadow_count.yaml", 10),                              # f-three, the fourth
        ("game.yaml", fact_line("factions", "mystery")),
    ]
    assert problems[0].col == 28  # its `faction: fantasy`, the value that makes it one too many
    assert "has 4 foreshadow cards; each player sets only 3" in problems[0].message
    assert problems[0].card == "f-three"
    assert "has 2 foreshadow cards" in problems[1].message


def test_three_each_passes(lint_wb):
    assert lint_wb("WB104", "ok_foreshadows.yaml") == []
