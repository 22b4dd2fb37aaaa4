"""Dice Tuners (duels with a shared dice pool; 2–5 players): the built-in game pack.

Heroes are hired with Strategy cards; each round players draft green, blue and red dice
(katana, shield and sheathe faces) and duel their neighbours side by side, playing a
Strategy card whose colour matches a set-aside die: the higher value is On Fire. Facts live
in ``cards/dice-tuners/game.yaml`` (the dice faces too, under ``facts.colours``); card files
are checked by ``schemas/dice-tuners.schema.json``.
"""

from __future__ import annotations

from typing import Any

from cardforge.games.dice_tuners import rules
from cardforge.games.spec import GameSpec


def _face_context(card: Any, game: Any, lang: str) -> dict[str, Any]:
    from cardforge.games.dice_tuners.faces import face_context

    return face_context(card, game, lang)


def _back_context(deck: Any, game: Any, lang: str) -> dict[str, Any]:
    from cardforge.games.dice_tuners.faces import back_context

    return back_context(deck, game, lang)


def _stats(game: Any) -> Any:
    from cardforge.games.dice_tuners.stats import on_fire_table

    return on_fire_table(game)


GAME = GameSpec(
    id="dice-tuners",
    names={"en": "Dice Tuners", "ja": "ダイスチューナーズ"},
    schema="dice-tuners.schema.json",
    rules=rules.MODULES,
    products=("cards",),
    face_context=_face_context,
    back_context=_back_context,
    stats=_stats,
)
