from tests.games.dice_tuners.conftest import GAME_YAML


def test_one_plain_bluff_per_player_passes(lint_dt):
    assert lint_dt("DT103", "ok_strategy.yaml") == []
    assert lint_dt("DT103") == []


def test_bluff_with_colour_and_effect_and_too_few_bluffs(lint_dt):
    problems = lint_dt("DT103", "fail_bluff_cards.yaml")
    assert [(p.line, p.card) for p in problems] == [(14, "odd-bluff"), (15, "odd-bluff"),
                                                    (23, None)]
    assert problems[0].message == "a Bluff card has no colour"
    assert problems[1].message == "a Bluff card has no effect"
    assert problems[2].message == "3 Bluff cards; 4 players need 4"


def test_the_count_follows_players_max(lint_dt):
    text = GAME_YAML.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}",
                                                          "players: {min: 2, max: 3}")
    assert lint_dt("DT103", "fail_bluff_cards.yaml", game=text)[2:] == []
    problems = lint_dt("DT103", "ok_strategy.yaml", game=text)
    assert [p.message for p in problems] == ["4 Bluff cards; 3 players need 3"]


def test_no_bluff_at_all_is_reported_at_the_cards_key(lint_dt):
    problems = lint_dt("DT103", "fail_no_bluff.yaml")
    assert [(p.line, p.col) for p in problems] == [(5, 1)]
    assert problems[0].message == "0 Bluff cards; 4 players need 4"
