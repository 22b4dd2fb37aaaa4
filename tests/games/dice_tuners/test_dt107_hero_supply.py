from cardforge.games.dice_tuners import GAME
from cardforge.games.dice_tuners.rules.dt107_hero_supply import heroes_needed
from cardforge.workspace.game_loading import load_game
from tests.games.dice_tuners.conftest import GAME_DIR, game_line


def test_the_shipped_hero_deck_lasts(lint_dt):
    assert lint_dt("DT107") == []


def test_three_heroes_are_too_few_for_four_players(lint_dt):
    problems = lint_dt("DT107", "ok_heroes.yaml", "ok_strategy.yaml")
    assert [(p.path.name, p.line) for p in problems] == [("game.yaml", game_line("count: 24"))]
    assert problems[0].message == "3 heroes; a 4-player game of 4 rounds draws up to 17"


def test_heroes_needed_follows_rounds_and_market():
    game = load_game(GAME_DIR, GAME).game
    # 2 players, 3 rounds: 2 + 1 on the market, then 2 more after each of 2 recruitments
    assert heroes_needed(game, 2) == 7
    assert heroes_needed(game, 3) == 10
    assert heroes_needed(game, 4) == 17
    assert heroes_needed(game, 5) == 21
