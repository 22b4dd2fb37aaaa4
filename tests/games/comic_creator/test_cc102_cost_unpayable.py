def test_payable_costs_pass(lint_cc):
    assert lint_cc("ok_every_cost_kind.yaml", "CC102") == []


def test_more_dice_than_a_player_holds_is_reported_at_the_cost(lint_cc):
    # RUN7 (line 5) and a blue die (line 13) are CF016's now: tests/lint/rules/test_cf016_supply_limit.py
    problems = lint_cc("fail_cost_unpayable.yaml", "CC102")
    assert [(p.line, p.card) for p in problems] == [(9, "s-forty")]
    assert "needs 40 dice; a player holds at most 39" in problems[0].message
