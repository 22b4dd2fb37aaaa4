from tests.games.dixe_on_card.conftest import GAME_YAML, at


def deck_line(deck: str) -> int:
    """The line of ``<deck>:`` under decks in the shipped game.yaml."""
    lines = GAME_YAML.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line == f"  {deck}:")


def _crypte(problems):
    """Leave out the fixture's deliberately thin bestiaire set (one DiXe, no cards)."""
    return [p for p in problems if "bestiaire" not in p.message or "belongs" in p.message]


def test_one_card_per_die_passes(lint_dx):
    assert _crypte(lint_dx("DX103")) == []


def test_duplicate_missing_foreign_and_extra_cards(lint_dx):
    problems = _crypte(lint_dx("DX103", "fail_set_composition.yaml"))
    assert at(problems) == [("crypte.yaml", 26, 16), ("crypte.yaml", 64, 9),
                            ("crypte.yaml", 66, 16), ("dice.yaml", 8, 10)]
    messages = [p.message for p in problems]
    assert "DiXe 'bay' already has a card ('bay')" in messages[0]
    assert "has 7 cards; a player owns 6" in messages[1]
    assert "'gum' is not in set 'crypte' (it belongs to 'bestiaire')" in messages[2]
    assert "'fig' of set 'crypte' has no card" in messages[3]


def test_a_set_short_of_dice_or_cards_points_at_its_deck_in_game_yaml(lint_dx):
    problems = [p for p in lint_dx("DX103") if "bestiaire" in p.message]
    assert at(problems) == [("game.yaml", deck_line("bestiaire"), 3)] * 2
    assert [p.message for p in problems] == ["set 'bestiaire' has 0 cards; a player owns 6",
                                             "set 'bestiaire' has 1 DiXes; a player owns 6"]
