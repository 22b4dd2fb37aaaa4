from tests.conftest import codes_at


def test_second_key_is_reported_naming_the_first(lint_core):
    problems = lint_core("fail_duplicate_key.yaml")
    assert codes_at(problems, "CF002") == [6]
    assert "line 5" in problems[0].message
    assert problems[0].col == 5
