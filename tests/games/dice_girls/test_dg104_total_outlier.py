import math

from cardforge.games.dice_girls.rules.dg104_total_outlier import robust_z


def test_the_superstar_and_the_weak_idol_are_flagged(lint_dg):
    problems = lint_dg("fail_total_outlier.yaml", "DG104")
    assert [(p.line, p.card) for p in problems] == [(10, "weak"), (14, "superstar")]
    assert "less than the other idols' median" in problems[0].message
    assert "more than the other idols' median" in problems[1].message
    assert all(p.severity == "warning" for p in problems)


def test_a_balanced_deck_passes(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG104") == []


def test_robust_z_uses_median_and_scaled_mad():
    z, gap = robust_z(10.0, [6.0, 7.0, 8.0])
    assert gap == 3.0 and math.isclose(z, 3.0 / 1.4826)
    assert robust_z(7.0, [7.0, 7.0]) == (0.0, 0.0)
    assert robust_z(9.0, [7.0, 7.0])[0] == math.inf
