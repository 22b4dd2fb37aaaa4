"""Card sizes: the presets (``card_sizes.toml``) and how game.yaml picks a size, bleed and safe area.

game.yaml's ``card:`` sets the game's cards: ``size: <preset>`` or ``width:`` and ``height:``
(the trim, mm), plus ``bleed:`` (art past the trim on every side, mm, default 3) and
``safe:`` (the inset from the trim that text keeps inside, mm, default 4). A deck may have
its own ``card:`` (same keys, all optional): its size replaces the game's, its bleed and
safe area replace the game's, and what it leaves out comes from the game's ``card:``.
The schema (``schemas/game.schema.json``) checks the keys and preset names first.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from cardforge.model.card_geometry import DEFAULT_BLEED_MM, DEFAULT_SAFE_MM, CardGeometry


@cache
def presets() -> dict[str, tuple[float, float]]:
    """Preset name → (trim width, trim height) in mm, in the order of ``card_sizes.toml``."""
    text = resources.files("cardforge.model").joinpath("card_sizes.toml").read_text(encoding="utf-8")
    return {name: (float(size["width"]), float(size["height"]))
            for name, size in tomllib.loads(text).items()}


def preset_size(name: str) -> tuple[float, float]:
    """(width, height) in mm of preset ``name``.

    Raises ValueError naming the known presets (and the closest one) for an unknown name.
    """
    table = presets()
    if name not in table:
        close = difflib.get_close_matches(name, list(table), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(f"unknown card size {name!r} (known: {', '.join(table)}){hint}")
    return table[name]


def _size(card: Mapping[str, Any]) -> tuple[float, float] | None:
    """The trim ``card`` names (a preset or width and height), or None if it names none."""
    if "size" in card:
        return preset_size(str(card["size"]))
    if "width" in card and "height" in card:
        return float(card["width"]), float(card["height"])
    return None


def resolve_card(game_card: Mapping[str, Any],
                 deck_card: Mapping[str, Any] | None = None) -> CardGeometry:
    """The card's geometry (trim, bleed, safe; mm): game.yaml's ``card:`` with a deck's
    ``card:`` (optional) laid over it.

    Raises ValueError when neither names a size, or a preset is unknown.
    """
    size = _size(deck_card or {}) or _size(game_card)
    if size is None:
        raise ValueError("game.yaml's card: names no size; give size: (a preset) or width: and height:")
    merged = {**game_card, **(deck_card or {})}
    return CardGeometry(size[0], size[1], float(merged.get("bleed", DEFAULT_BLEED_MM)),
                        float(merged.get("safe", DEFAULT_SAFE_MM)))
