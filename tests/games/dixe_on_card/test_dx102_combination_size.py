from tests.games.dixe_on_card.conftest import at


def test_three_combinations_pass(lint_dx):
    assert lint_dx("DX102") == []


def test_wrong_count(lint_dx):
    # the seven-symbol combination for six DiXes (line 19) is CF016's now:
    # tests/lint/rules/test_cf016_supply_limit.py
    problems = lint_dx("DX102", "fail_combination_size.yaml")
    assert at(problems) == [("crypte.yaml", 17, 5)]
    assert problems[0].message == "2 combinations; a card has 3"
