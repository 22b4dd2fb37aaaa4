from tests.games.dixe_on_card.conftest import at


def test_a_set_of_similar_cards_has_no_outlier(lint_dx):
    assert lint_dx("DX106") == []


def test_a_card_far_harder_than_its_set(lint_dx):
    problems = lint_dx("DX106", "fail_difficulty_hard.yaml")
    assert at(problems) == [("crypte.yaml", 47, 5)]
    assert problems[0].card == "elm"
    assert "5.3% of the time" in problems[0].message and "harder" in problems[0].message


def test_a_card_far_easier_than_its_set(lint_dx):
    problems = lint_dx("DX106", "fail_difficulty_easy.yaml")
    assert at(problems) == [("crypte.yaml", 28, 5)]
    assert problems[0].card == "cob" and "easier" in problems[0].message


def test_the_shipped_sets_are_balanced(shipped):
    from cardforge.games.dixe_on_card.rules import dx106_difficulty_outlier as rule

    assert list(rule.check(shipped, shipped)) == []
