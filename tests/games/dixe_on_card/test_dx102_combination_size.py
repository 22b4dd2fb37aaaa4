from tests.games.dixe_on_card.conftest import at


def test_three_combinations_of_up_to_six_symbols_pass(lint_dx):
    assert lint_dx("DX102") == []


def test_wrong_count_and_oversized_combination(lint_dx):
    problems = lint_dx("DX102", "fail_combination_size.yaml")
    assert at(problems) == [("crypte.yaml", 17, 5), ("crypte.yaml", 19, 9)]
    assert problems[0].message == "2 combinations; a card has 3"
    assert "7 symbols; a player has only 6 DiXes" in problems[1].message
