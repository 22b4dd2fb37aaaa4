from tests.conftest import codes_at


def test_typo_is_reported_at_the_key_with_a_suggestion(lint_core):
    problems = [p for p in lint_core("fail_unknown_field.yaml") if p.code == "CF004"]
    assert codes_at(problems, "CF004") == [5]
    assert problems[0].col == 5
    assert problems[0].hint == "did you mean 'quantity'?"
