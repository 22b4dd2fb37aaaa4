from tests.games.dixe_on_card.conftest import at


def test_symbols_on_the_sets_dice_pass(lint_dx):
    assert lint_dx("DX101") == []


def test_an_unknown_symbol_is_caught_at_the_symbol(lint_dx):
    # `pirate`, on no DiXe of the set (line 9), is CF016's now: tests/lint/rules/test_cf016_supply_limit.py
    problems = lint_dx("DX101", "fail_combination_symbol.yaml")
    assert at(problems) == [("crypte.yaml", 8, 10)]
    assert "'skul' is not a symbol" in problems[0].message
    assert problems[0].hint == "did you mean 'skull'?"
    assert {p.card for p in problems} == {"ash"}


def test_shipped_cards_pass(shipped):
    from cardforge.games.dixe_on_card.rules import dx101_combination_symbol as rule

    assert [p for card in shipped.cards() for p in rule.check(card, shipped)] == []
