from tests.games.dixe_on_card.conftest import at


def test_symbols_on_the_sets_dice_pass(lint_dx):
    assert lint_dx("DX101") == []


def test_unknown_symbol_and_symbol_on_no_die_are_caught_at_the_symbol(lint_dx):
    problems = lint_dx("DX101", "fail_combination_symbol.yaml")
    assert at(problems) == [("crypte.yaml", 8, 10), ("crypte.yaml", 9, 19)]
    assert "'skul' is not a symbol" in problems[0].message
    assert problems[0].hint == "did you mean 'skull'?"
    assert "no DiXe of set 'crypte' shows 'pirate'" in problems[1].message
    assert {p.card for p in problems} == {"ash"}


def test_shipped_cards_pass(shipped):
    from cardforge.games.dixe_on_card.rules import dx101_combination_symbol as rule

    assert [p for card in shipped.cards() for p in rule.check(card, shipped)] == []
