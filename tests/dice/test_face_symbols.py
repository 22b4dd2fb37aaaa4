"""Faces with several symbols: Face.icons / Face.symbols and the pip places they get."""

from __future__ import annotations

import pytest

from cardforge.dice.custom_dice import PIP_LAYOUTS, Face, pip_layout


def test_symbols_are_icons_else_the_one_icon_else_none():
    assert Face(icons=("katana", "katana")).symbols == ("katana", "katana")
    assert Face(icon="skull").symbols == ("skull",)
    assert Face(mark="Y").symbols == ()


def test_a_face_takes_icon_or_icons_not_both():
    with pytest.raises(ValueError, match="give one"):
        Face(icon="skull", icons=("katana",))


@pytest.mark.parametrize("count", range(1, 7))
def test_pips_are_distinct_places_on_a_3_by_3_grid_symmetric_about_the_centre(count):
    places = pip_layout(count)
    assert len(places) == len(set(places)) == count
    assert all(x in (-1, 0, 1) and y in (-1, 0, 1) for x, y in places)
    assert sorted(places) == sorted((-x, -y) for x, y in places)  # reads the same upside down


def test_more_than_six_symbols_is_an_error():
    assert set(PIP_LAYOUTS) == set(range(1, 7))
    with pytest.raises(ValueError, match="1 to 6"):
        pip_layout(7)
