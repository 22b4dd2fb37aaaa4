def test_unknown_faction(lint_wb):
    problems = lint_wb("WB103", "fail_faction.yaml")
    assert [(p.line, p.card) for p in problems] == [(4, "misspelt"), (10, "by-name")]
    assert problems[1].hint.startswith("did you mean fantasy?")
    assert problems[0].hint.startswith("did you mean mystery?")


def test_known_factions_pass(lint_wb):
    assert lint_wb("WB103", "ok_characters.yaml", "ok_foreshadows.yaml") == []
