def test_values_that_are_no_sensible_face(lint_dg):
    problems = lint_dg("fail_die_face.yaml", "DG106")
    assert [(p.line, p.card) for p in problems] == [
        (8, "seven"), (14, "flips-too-much"), (20, "flips-nothing")]
    assert "turns a 4 into a 3" in problems[1].message


def test_faces_pass(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG106") == []
