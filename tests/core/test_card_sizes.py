"""Card sizes: the presets file, game.yaml's card: (per game and per deck), and schema errors."""

from __future__ import annotations

import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.card_sizes import preset_size, presets, resolve_card
from cardforge.validation.schema_validate import schema
from tests.conftest import FIXTURES, GENERIC, lint_files

SIZES = FIXTURES / "card-sizes"
CARDS = FIXTURES / "core" / "ok_basic.yaml"

EXPECTED = {"poker": (63, 88), "bridge": (57, 89), "euro": (59, 92), "tarot": (70, 120),
            "mini-euro": (44, 68), "mini-us": (41, 63), "square": (70, 70)}


def lint_game_yaml(tmp_path, name: str):
    return lint_files(tmp_path, {"game.yaml": SIZES / name, "cards.yaml": CARDS})


def load_game_yaml(tmp_path, name: str):
    from cardforge.workspace.game_loading import load_game

    lint_game_yaml(tmp_path, name)
    loaded = load_game(tmp_path / "cards" / "generic", GENERIC)
    assert not loaded.problems, loaded.problems
    return loaded.game


def test_presets_are_the_issue_sizes_in_mm():
    assert presets() == {k: (float(w), float(h)) for k, (w, h) in EXPECTED.items()}


def test_schema_names_exactly_the_presets():
    size = schema("game.schema.json")["$defs"]["card"]["properties"]["size"]
    assert size["enum"] == list(presets())
    for name, (w, h) in EXPECTED.items():  # the description users read in their editor
        assert f"{name} {w} × {h}" in size["description"]


def test_unknown_preset_name_raises_with_the_closest():
    with pytest.raises(ValueError, match="did you mean 'mini-euro'"):
        preset_size("minieuro")


@pytest.mark.parametrize("game_card, deck_card, expected", [
    ({"size": "tarot"}, None, (70, 120, 3, 4)),
    ({"width": 75, "height": 105, "bleed": 2, "safe": 5}, None, (75, 105, 2, 5)),
    ({"size": "poker", "bleed": 2}, {"size": "square"}, (70, 70, 2, 4)),   # bleed from the game
    ({"size": "poker"}, {"width": 50, "height": 50, "safe": 3}, (50, 50, 3, 3)),
    ({"width": 75, "height": 105}, {"bleed": 0}, (75, 105, 0, 4)),           # size from the game
])
def test_resolve_card_lays_the_deck_over_the_game(game_card, deck_card, expected):
    assert resolve_card(game_card, deck_card) == CardGeometry(*expected)


def test_ok_preset_and_custom_size_lint_clean_and_load(tmp_path):
    for name in ("ok_preset_poker.yaml", "ok_custom_size.yaml", "ok_deck_sizes.yaml"):
        assert lint_game_yaml(tmp_path / name, name) == [], name
    game = load_game_yaml(tmp_path / "again", "ok_deck_sizes.yaml")
    assert game.card_geometry() == CardGeometry(63, 88, 3, 4)
    assert game.card_geometry("main") == CardGeometry(63, 88, 3, 4)
    assert game.card_geometry("tarot") == CardGeometry(70, 120, 2, 4)
    assert game.card_geometry("mini") == CardGeometry(44, 68, 3, 3)
    assert game.card_geometry("custom") == CardGeometry(80, 80, 3, 4)


@pytest.mark.parametrize("name, line, col, message, hint", [
    ("fail_unknown_size.yaml", 6, 14, '"pokr" is not one of "poker"', "did you mean 'poker'?"),
    ("fail_unknown_deck_size.yaml", 14, 18, 'decks/mini/card/size: "minieuro" is not one of',
     "did you mean 'mini-euro'?"),
    ("fail_size_and_width.yaml", 6, 28, "card/width: 63 is not allowed here", "not both"),
    ("fail_width_without_height.yaml", 6, 7, "'height' is required with 'width'",
     "needs both width: and height:"),
    ("fail_no_size.yaml", 6, 7, "'size' is required", "a preset size: (poker"),
])
def test_bad_card_is_one_cf003_at_its_line_and_column(tmp_path, name, line, col, message, hint):
    problems = lint_game_yaml(tmp_path, name)
    assert [(p.code, p.path.name, p.line, p.col) for p in problems] == [
        ("CF003", "game.yaml", line, col)]
    assert message in problems[0].message
    assert hint in problems[0].hint
