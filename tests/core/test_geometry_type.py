"""Card geometry has one type (:class:`cardforge.model.card_geometry.CardGeometry`): no module reads a
``(width, height, bleed, safe)`` tuple by position, and the type keys the face cache as the
tuple did."""

from __future__ import annotations

import re
from pathlib import Path

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.card_sizes import resolve_card
from cardforge.workspace.print_profiles import Profile

PACKAGE = Path(__file__).resolve().parents[2] / "cardforge"

FOUR_FLOATS = "tuple[float, float, float, float]"
NAMED_RECTANGLE = re.compile(r"^(Box|Rect|Segment) = tuple\[float, float, float, float\]$")
"""Four floats may only be a named rectangle or line (x0, y0, x1, y1), never a card."""


def _lines() -> list[tuple[str, int, str]]:
    return [(str(path.relative_to(PACKAGE)), number, line)
            for path in sorted(PACKAGE.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]


def test_no_tuple_geometry_left() -> None:
    found = [f"{name}:{number}: {line.strip()}" for name, number, line in _lines()
             if "geometry[" in line or "Geometry = tuple" in line
             or (FOUR_FLOATS in line and not NAMED_RECTANGLE.match(line))]
    assert found == []


def test_cache_key_text_is_the_old_tuple_text() -> None:
    geometry = resolve_card({"size": "poker"})
    assert geometry.key_text == repr((63.0, 88.0, 3.0, 4.0))
    assert CardGeometry(63, 88, 3, 4).key_text == "(63.0, 88.0, 3.0, 4.0)"
    assert geometry.template_context() == {"w": 63.0, "h": 88.0, "bleed": 3.0, "safe": 4.0}


def test_profile_lays_its_values_over_the_game() -> None:
    shop = Profile("shop", Path("shop.toml"), "Shop", "png", trim_mm=(63.5, 88.9), bleed_mm=3.175)
    assert shop.geometry(CardGeometry(63, 88, 2, 4)) == CardGeometry(63.5, 88.9, 3.175, 4)
    assert Profile("home", Path("home.toml"), "Home", "sheets").geometry(CardGeometry.poker()) \
        == CardGeometry.poker()
