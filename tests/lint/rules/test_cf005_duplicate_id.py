from tests.conftest import codes_at


def test_second_card_with_the_id_is_reported(lint_core):
    problems = lint_core("fail_duplicate_id.yaml")
    assert codes_at(problems, "CF005") == [9]
    assert "cards.yaml:3" in problems[0].message
