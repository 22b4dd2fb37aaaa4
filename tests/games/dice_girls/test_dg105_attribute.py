def test_unknown_attributes_on_the_card_and_in_effects(lint_dg):
    problems = lint_dg("fail_attribute.yaml", "DG105")
    assert [(p.line, p.card) for p in problems] == [(5, "renamed"), (12, "counts-typo"),
                                                    (15, "japanese-name")]
    assert problems[2].hint.startswith("did you mean vocal?")
    assert problems[1].hint.startswith("did you mean dance?")


def test_known_attributes_pass(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG105") == []
