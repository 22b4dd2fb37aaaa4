

def test_ok_fixture_is_clean(lint_core):
    assert lint_core("ok_basic.yaml") == []


def test_unclosed_flow_mapping_is_reported_where_the_parser_stops(lint_core):
    problems = lint_core("fail_yaml_syntax.yaml")
    assert [p.code for p in problems] == ["CF001", "CF099"]
    assert problems[0].line == 5 and problems[0].col == 7
    assert "began at line 4, column 11" in problems[0].message
    assert problems[0].path.name == "cards.yaml"
    assert "hint" not in problems[0].message and problems[0].hint
