from tests.games.dice_tuners.conftest import DT, GAME_YAML, game_line


def test_the_rulebook_triangle_passes(lint_dt):
    assert lint_dt("DT102", "ok_strategy.yaml", "ok_heroes.yaml") == []


def test_a_short_cycle_is_reported_where_it_closes(lint_dt):
    problems = lint_dt("DT102", "ok_strategy.yaml", game="fail_advantage_short_cycle.yaml")
    closing = game_line("blue: green", DT / "fail_advantage_short_cycle.yaml")
    assert [(p.path.name, p.line) for p in problems] == [("game.yaml", closing)]
    assert "green > blue > green leaves out red" in problems[0].message


def test_an_unknown_colour_is_reported_as_key_and_as_value(lint_dt):
    problems = lint_dt("DT102", "ok_strategy.yaml", game="fail_advantage_unknown_colour.yaml")
    fixture = DT / "fail_advantage_unknown_colour.yaml"
    value, key = game_line("blue: yellow", fixture), game_line("yellow: green", fixture)
    assert [(p.line, p.col) for p in problems] == [(value, 11), (key, 5)]
    assert "blue beats 'yellow'" in problems[0].message
    assert "names 'yellow'" in problems[1].message


def test_a_colour_beaten_twice_is_reported(lint_dt):
    problems = lint_dt("DT102", "ok_strategy.yaml", game="fail_advantage_two_winners.yaml")
    assert [p.line for p in problems] == [game_line("blue: red", DT / "fail_advantage_two_winners.yaml")]
    assert "red is beaten by both green and blue" in problems[0].message


def test_a_colour_that_beats_nothing_is_reported_at_advantage(lint_dt):
    text = GAME_YAML.read_text(encoding="utf-8").replace(
        "advantage: {green: blue, blue: red, red: green}", "advantage: {green: blue, blue: red}")
    problems = lint_dt("DT102", "ok_strategy.yaml", game=text)
    assert [p.line for p in problems] == [game_line("advantage:")]
    assert problems[0].message == "red beats no colour"


def test_fixture_lines_are_where_the_tests_say():
    # the lines the tests look up are the fixtures' advantage entries, one line after another
    for name, first in [("fail_advantage_short_cycle.yaml", "green: blue"),
                        ("fail_advantage_two_winners.yaml", "green: red"),
                        ("fail_advantage_unknown_colour.yaml", "green: blue")]:
        advantage = game_line("advantage:", DT / name)
        assert game_line(first, DT / name) == advantage + 1, name
