"""A dice-cost field must read in cardforge's cost notation: the first character it cannot
read is CF003, at that very character, with the notation's hint; the card is left out."""

from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import make_workspace


def test_an_unreadable_cost_is_cf003_at_the_character(lint_cards):
    [problem, note] = lint_cards("fail_dice_cost.yaml")
    assert note.code == "CF099"  # the rules the left-out card kept from running
    # line 6 is `    price: "X=X run4"`: `run4` starts at column 17 (the quote counted)
    assert (problem.code, problem.line, problem.col) == ("CF003", 6, 17)
    assert problem.message == "price 'X=X run4': 'run4' is not a keyword"
    assert problem.hint == "keywords are upper case: RUN4"
    assert problem.card == "bog-hag"


def test_the_card_with_an_unreadable_cost_is_not_loaded(tmp_path):
    make_workspace(tmp_path, "fail_dice_cost.yaml", "ok_wares.yaml")
    [(spec, folder)] = find_game_dirs(tmp_path / "cards", {})
    loaded = load_game(folder, spec)
    assert [c.id for c in loaded.game.cards()] == ["cursed-crown"]
