from cardforge.games.dice_tuners import GAME
from cardforge.games.dice_tuners.rules.dt104_hero_cost_reachable import best_purchase
from cardforge.workspace.game_loading import load_game
from tests.games.dice_tuners.conftest import GAME_DIR, GAME_YAML


def test_the_shipped_heroes_are_all_affordable(lint_dt):
    assert lint_dt("DT104") == []
    assert lint_dt("DT104", "ok_heroes.yaml", "ok_strategy.yaml") == []


def test_a_hero_above_the_two_best_cards_is_reported_at_its_cost(lint_dt):
    problems = lint_dt("DT104", "fail_hero_cost_unreachable.yaml",
                       "fail_hero_cost_unreachable-strategy.yaml")
    assert [(p.path.name, p.line, p.card) for p in problems] == [
        ("fail_hero_cost_unreachable.yaml", 17, "too-dear")]
    assert "cost 7 can never be paid: the best purchase is 3 + 3 = 6" in problems[0].message


def test_extra_cards_come_from_the_facts(lint_dt):
    text = GAME_YAML.read_text(encoding="utf-8").replace("recruit_extra_cards: 1",
                                                          "recruit_extra_cards: 2")
    assert lint_dt("DT104", "fail_hero_cost_unreachable.yaml",
                   "fail_hero_cost_unreachable-strategy.yaml", game=text) == []


def test_best_purchase_leaves_bluffs_out():
    game = load_game(GAME_DIR, GAME).game
    assert best_purchase(game) == (14, [7, 7])
