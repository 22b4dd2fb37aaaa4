from tests.games.dixe_on_card.conftest import at


def test_six_faces_one_character_known_symbols_pass(lint_dx):
    assert lint_dx("DX104") == []


def test_each_broken_die_is_caught_at_its_field(lint_dx):
    problems = lint_dx("DX104", dice="fail_dice.yaml")
    # ash's five faces are CF025's (game.yaml sizes:): tests/lint/rules/test_cf025_declared_size.py
    assert at(problems) == [("dice.yaml", 4, 61), ("dice.yaml", 5, 73),
                            ("dice.yaml", 6, 46), ("dice.yaml", 8, 10)]
    messages = [p.message for p in problems]
    assert "'bay' has 2 character faces; it needs 1" in messages[0]
    assert "face 2 'sunn' is not a symbol" in messages[1] and problems[1].hint == "did you mean 'sun'?"
    assert "set 'catacombes' is not a deck" in messages[2]
    assert "two DiXes have the id 'elm'" in messages[3]


def test_shipped_dice_pass(shipped):
    from cardforge.games.dixe_on_card.rules import dx104_die_faces as rule

    assert list(rule.check(shipped, shipped)) == []
