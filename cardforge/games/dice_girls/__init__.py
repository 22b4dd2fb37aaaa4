"""Dice Girls (MobaM@S card game, kurage system): the built-in game pack.

Each player plays idol cards one at a time and rolls the dice each idol's icon shows
(1, 2, 3 or "?", a count the idol's ability sets); the highest total of pips wins. Facts
live in ``cards/dice-girls/game.yaml``; card files are checked by
``schemas/dice-girls.schema.json``. The pack's rules check icons, "?" counts, attributes,
die faces, the dice supply and outlying expected totals; its stats give each idol's exact
expected total and spread.
"""

from __future__ import annotations

from typing import Any

from cardforge.games.dice_girls import rules
from cardforge.games.spec import GameSpec


def _face_context(card: Any, game: Any, lang: str) -> dict[str, Any]:
    from cardforge.games.dice_girls.faces import face_context

    return face_context(card, game, lang)


def _back_context(deck: Any, game: Any, lang: str) -> dict[str, Any]:
    from cardforge.games.dice_girls.faces import back_context

    return back_context(deck, game, lang)


def _stats(game: Any) -> Any:
    from cardforge.games.dice_girls.stats import table

    return table(game)


GAME = GameSpec(
    id="dice-girls",
    names={"en": "Dice Girls", "ja": "ダイスガールズ"},
    schema="dice-girls.schema.json",
    rules=rules.MODULES,
    products=("cards",),
    face_context=_face_context,
    back_context=_back_context,
    stats=_stats,
)
