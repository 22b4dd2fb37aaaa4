from tests.conftest import codes_at


def test_count_mismatch_points_at_game_yaml_count(lint_core):
    problems = lint_core("fail_deck_count.yaml")
    assert codes_at(problems, "CF006") == [10]
    assert problems[0].path.name == "game.yaml"
    assert "has 5 cards" in problems[0].message and "says 4" in problems[0].message
    assert problems[0].hint.startswith("remove 1")
