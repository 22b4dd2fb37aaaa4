from cardforge.games.dice_girls.dg_idols import Before, Idol, instances
from cardforge.games.dice_girls.dg_supply import hand_need, worst_hand


def test_worst_hand_played_in_its_worst_order_is_caught(lint_dg):
    problems = lint_dg("fail_dice_supply.yaml", "DG103")
    assert [(p.line, p.card) for p in problems] == [(13, "grows")]
    assert "need 17 dice, more than the 15" in problems[0].message
    assert problems[0].message.index("grows (4)") > problems[0].message.index("big-d (3)")


def test_a_deck_that_fits_passes(lint_dg):
    assert lint_dg("ok_idols.yaml", "DG103") == []


def test_worst_hand_matches_brute_force(dg_game):
    from itertools import combinations, permutations

    cards = instances(dg_game("ok_idols.yaml"))
    brute = 0
    for hand in combinations(cards, 5):
        for order in permutations(hand):
            dice = sum(idol.dice(Before.of([i.attribute for i in order[:n]]))
                       for n, idol in enumerate(order))
            brute = max(brute, dice)
    assert worst_hand(cards, 5).dice == brute == 13


def test_copies_of_one_design_can_share_a_hand(dg_game):
    game = dg_game("ok_idols.yaml")
    three = next(i for i in instances(game) if i.card.id == "a-three")
    assert worst_hand([three] * 5, 5).dice == 15
    assert hand_need([three]).dice == 3
    assert isinstance(three, Idol)
