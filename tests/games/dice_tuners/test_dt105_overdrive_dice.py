from tests.games.dice_tuners.conftest import GAME_YAML


def test_shipped_and_ok_overdrives_pass(lint_dt):
    assert lint_dt("DT105") == []
    assert lint_dt("DT105", "ok_heroes.yaml") == []


def test_unknown_colours_and_too_many_dice(lint_dt):
    problems = lint_dt("DT105", "fail_overdrive_dice.yaml")
    assert [(p.line, p.col, p.card) for p in problems] == [
        (10, 13, "greedy"), (10, 30, "greedy"), (21, 11, "modest")]
    assert "needs 4 dice; a hero holds only 3" in problems[0].message
    assert "'purple' is not a dice colour" in problems[1].message
    assert "'pink' is not a dice colour" in problems[2].message


def test_more_dice_of_one_colour_than_the_smallest_table_has(lint_dt):
    # with 5 dice a hero may ask for 5, but a 2-player game puts out only 3 of each colour
    text = GAME_YAML.read_text(encoding="utf-8").replace("dice_per_player: 3", "dice_per_player: 5")
    problems = lint_dt("DT105", "fail_overdrive_one_colour.yaml", game=text)
    assert [(p.line, p.col) for p in problems] == [(11, 14)]
    assert problems[0].message == "overdrive needs 4 red dice; a 2-player game has only 3"
    assert lint_dt("DT105", "fail_overdrive_one_colour.yaml")[0].message == (
        "overdrive needs 5 dice; a hero holds only 3")
