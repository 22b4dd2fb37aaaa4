from tests.conftest import codes_at


def test_wrong_type_is_reported_at_the_value(lint_core):
    problems = lint_core("fail_schema_type.yaml")
    assert codes_at(problems, "CF003") == [5]
    assert problems[0].col == 15
    assert "integer" in problems[0].message


def test_missing_name_is_reported_at_the_card(lint_core):
    problems = lint_core("fail_no_name.yaml")
    assert codes_at(problems, "CF003") == [3]
    assert "'name' is required" in problems[0].message


def test_deck_rules_wait_until_every_card_loads(lint_core):
    # the broken card cannot be counted, so CF006 would report a wrong total: it stays quiet,
    # and the note says which deck rules did not run on its deck
    problems = lint_core("fail_schema_type.yaml")
    assert [p.code for p in problems][-1] == "CF099"
    assert {p.code for p in problems} == {"CF003", "CF099"}
    assert "CF006" in problems[-1].message and "not run on deck" in problems[-1].message


def test_undeclared_deck_is_reported_at_the_deck_key(lint_core):
    problems = lint_core("fail_unknown_deck.yaml")
    assert [(p.code, p.line) for p in problems if p.path.name == "cards.yaml"] == [("CF003", 1), ("CF099", 1)]
    assert "main" in problems[0].hint
