import pytest

from cardforge.render.face_kit import mix, palette, word


def test_mix_moves_each_channel_by_the_amount():
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#c9452f", "#ffffff", 0) == "#c9452f"
    assert mix("#c9452f", "#000000", 1) == "#000000"


def test_mix_rejects_other_notations():
    with pytest.raises(ValueError, match="not a #rrggbb colour"):
        mix("red", "#ffffff", 0.5)


def test_palette_tint_and_shade():
    assert palette("#204080", tint=0.5, shade=0.5) == {
        "colour": "#204080", "tint": "#90a0c0", "shade": "#102040"}


def test_word_falls_back_and_fills_values():
    table = {"gain": {"en": "Gain {n}", "ja": "{n}個得る"}, "cost": {"en": "Cost"}}
    assert word(table, "gain", "ja", n=2) == "2個得る"
    assert word(table, "cost", "fr") == "Cost"
