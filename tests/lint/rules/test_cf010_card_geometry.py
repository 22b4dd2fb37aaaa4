from tests.conftest import FIXTURES, lint_files

SIZES = FIXTURES / "card-sizes"


def lint(tmp_path, game_yaml: str):
    return lint_files(tmp_path, {"game.yaml": SIZES / game_yaml,
                                 "cards.yaml": FIXTURES / "core" / "ok_basic.yaml"})


def test_a_game_safe_area_with_no_room_is_reported_at_safe(tmp_path):
    problems = lint(tmp_path, "fail_safe_leaves_no_room.yaml")
    assert [(p.code, p.line, p.col) for p in problems] == [("CF010", 6, 29)]
    assert problems[0].message == "card: safe margin 21.0 mm leaves no safe area on a 41.0 × 63.0 mm card"
    assert "less than 20.5 mm" in problems[0].hint


def test_a_deck_safe_area_is_reported_at_the_deck(tmp_path):
    problems = lint(tmp_path, "fail_deck_safe_leaves_no_room.yaml")
    assert [(p.code, p.line) for p in problems] == [("CF010", 14)]
    assert "deck 'mini'" in problems[0].message


def test_good_geometry_passes(tmp_path):
    assert lint(tmp_path, "ok_deck_sizes.yaml") == []
