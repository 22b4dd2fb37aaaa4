

def test_mark_count_and_undeclared_mark(lint_core):
    problems = [p for p in lint_core("fail_mark_count.yaml") if p.code == "CF007"]
    undeclared = [p for p in problems if p.path.name == "cards.yaml"]
    counted = [p for p in problems if p.path.name == "game.yaml"]
    assert [(p.line, p.col) for p in undeclared] == [(9, 27)]
    assert "'group-only' is not declared" in undeclared[0].message
    assert [p.line for p in counted] == [11]
    assert "3 card(s) carry 'experts-only', game.yaml says 1" in counted[0].message
