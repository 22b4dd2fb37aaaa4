def test_a_flip_low_reaching_the_upper_half(lint_dg):
    # set-die 7 (line 8) and flip-low up-to 0 (line 20) are no faces: CF016's now
    # (tests/lint/rules/test_cf016_supply_limit.py)
    problems = lint_dg("fail_die_face.yaml", "DG106")
    assert [(p.line, p.card) for p in problems] == [(14, "flips-too-much")]
    assert "turns a 4 into a 3" in problems[0].message


def test_faces_pass(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG106") == []
