"""Dice Girls (MobaM@S card game, kurage system): the built-in game pack.

Each player plays idol cards one at a time and rolls the dice each idol's icon shows
(1, 2, 3 or "?", a count the idol's ability sets); the highest total of pips wins. Facts
live in ``cards/dice-girls/game.yaml``; card files are checked by
``schemas/dice-girls.schema.json``. The pack's rules check icons, "?" counts, attributes,
die faces, the dice supply and outlying expected totals; its stats give each idol's exact
expected total and spread.
"""

from __future__ import annotations

from cardforge.model.game_packs import GameSpec, lazy

GAME = GameSpec(
    id="dice-girls",
    names={"en": "Dice Girls", "ja": "ダイスガールズ"},
    schema="dice-girls.schema.json",
    rules="cardforge.games.dice_girls.rules",
    products=("cards", "rules", "rulesheet"),
    face_context=lazy("cardforge.games.dice_girls.dg_faces:face_context"),
    back_context=lazy("cardforge.games.dice_girls.dg_faces:back_context"),
    face_context_per_card=True,  # the hooks read the card, game.yaml and dice files only
    stats=lazy("cardforge.games.dice_girls.dg_stats:table"),
)
