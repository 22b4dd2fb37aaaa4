"""Dice Tuners (duels with a shared dice pool; 2–4 players): the built-in game pack.

Heroes are hired with Strategy cards; each round players draft green, blue and red dice
(katana, shield and sheathe faces) and duel their neighbours side by side, playing a
Strategy card whose colour matches a set-aside die: the higher value is On Fire. Facts live
in ``cards/dice-tuners/game.yaml`` (the dice faces too, under ``facts.colours``); card files
are checked by ``schemas/dice-tuners.schema.json``. The ``dice`` product prints the three
dice from those faces (``cardforge.games.dice_tuners.dt_dice``).
"""

from __future__ import annotations

from cardforge.model.game_packs import GameSpec, lazy

GAME = GameSpec(
    id="dice-tuners",
    names={"en": "Dice Tuners", "ja": "ダイスチューナーズ"},
    schema="dice-tuners.schema.json",
    rules="cardforge.games.dice_tuners.rules",
    products=("cards", "dice", "rules", "rulesheet"),
    face_context=lazy("cardforge.games.dice_tuners.dt_faces:face_context"),
    back_context=lazy("cardforge.games.dice_tuners.dt_faces:back_context"),
    face_context_per_card=True,  # the hooks read the card, game.yaml and dice files only
    stats=lazy("cardforge.games.dice_tuners.dt_stats:on_fire_table"),
    dice=lazy("cardforge.games.dice_tuners.dt_dice:custom_dice"),
)
