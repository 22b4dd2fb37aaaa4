import math

from cardforge.games.comic_creator.rules.cc103_vp_outlier import (
    Point,
    isotonic,
    leave_one_out_bands,
    weighted_isotonic,
)


def test_a_monotone_curve_has_no_outlier(lint_cc):
    assert lint_cc("ok_vp_curve.yaml", "CC103") == []


def test_easy_cost_on_a_high_vp_card(lint_cc):
    problems = lint_cc("fail_vp_easy_cost_high_vp.yaml", "CC103")
    assert [(p.line, p.col, p.card) for p in problems] == [(3, 53, "e-pair")]
    assert "8 VP is high" in problems[0].message


def test_hard_cost_on_a_low_vp_card(lint_cc):
    problems = lint_cc("fail_vp_hard_cost_low_vp.yaml", "CC103")
    assert [(p.line, p.card) for p in problems] == [(12, "e-five")]
    assert "1 VP is low" in problems[0].message


def test_isotonic_pools_adjacent_violators():
    assert isotonic([1, 3, 2, 4]) == [1, 2.5, 2.5, 4]
    assert isotonic([5, 1, 1]) == [math.fsum([5, 1, 1]) / 3] * 3
    assert isotonic([]) == []


def test_weighted_isotonic_matches_the_expanded_list():
    values, counts = [3, 1, 4, 1, 5], [2, 3, 1, 4, 2]
    expanded = isotonic([v for v, n in zip(values, counts, strict=True) for _ in range(n)])
    fitted = weighted_isotonic(values, counts)
    assert [f for f, n in zip(fitted, counts, strict=True) for _ in range(n)] == expanded


def test_bands_do_not_depend_on_card_order():
    points = [Point(None, d, vp) for d, vp in [(0, 6), (0, 1), (1, 3), (2, 7), (2, 0), (2, 6), (3.5, 10)]]
    assert leave_one_out_bands(points) == leave_one_out_bands(points[::-1])
