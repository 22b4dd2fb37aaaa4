def test_unknown_token_in_a_block_scalar_is_reported_at_its_column(lint_core):
    problems = [p for p in lint_core("fail_icon_token.yaml") if p.code == "CF009"]
    assert [(p.line, p.col, p.card) for p in problems] == [(13, 24, "screen-tone")]
    assert problems[0].hint.startswith("did you mean :die-")


def test_known_tokens_pass(lint_core):
    assert [p for p in lint_core("ok_basic.yaml") if p.code == "CF009"] == []
