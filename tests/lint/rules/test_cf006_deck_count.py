from tests.conftest import codes_at


def test_count_mismatch_points_at_game_yaml_count(lint_core):
    problems = lint_core("fail_deck_count.yaml")
    assert codes_at(problems, "CF006") == [10]
    assert problems[0].path.name == "game.yaml"
    assert "has 5 cards" in problems[0].message and "says 4" in problems[0].message
    assert problems[0].hint.startswith("remove 1")


def test_the_message_names_the_cards_that_make_the_count(lint_core):
    [problem] = [p for p in lint_core("fail_deck_count.yaml") if p.code == "CF006"]
    assert "(copies included: 5 from 3 card(s) in cards.yaml lines 3–9, speed-lines ×3)" in problem.message
    assert "a `quantity:`" in problem.hint  # YAML's terms; a sheet's is a quantity cell (test_one_round)
