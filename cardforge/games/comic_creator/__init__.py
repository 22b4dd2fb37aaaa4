"""Comic Creator (Fukuda Hiroshi, XiSize; 2–4 players): the built-in game pack.

Players spend dice to take Experience cards (VP) and Skill cards (more dice, dice
changes), helped by one-shot Assist cards. Costs are dice patterns (pairs, runs, sums…),
so the pack's rules check each cost against exact dice odds. Facts live in
``cards/comic-creator/game.yaml``; card files are checked by
``schemas/comic-creator.schema.json``.
"""

from __future__ import annotations

from typing import Any

from cardforge.games.comic_creator import rules
from cardforge.games.spec import GameSpec


def _face_context(card: Any, game: Any, lang: str) -> dict[str, Any]:
    from cardforge.games.comic_creator.faces import face_context

    return face_context(card, game, lang)


def _back_context(deck: Any, game: Any, lang: str) -> dict[str, Any]:
    from cardforge.games.comic_creator.faces import back_context

    return back_context(deck, game, lang)


def _stats(game: Any) -> Any:
    from cardforge.games.comic_creator.stats import cost_table

    return cost_table(game)


GAME = GameSpec(
    id="comic-creator",
    names={"en": "Comic Creator", "ja": "コミッククリエイター"},
    schema="comic-creator.schema.json",
    rules=rules.MODULES,
    products=("cards",),
    face_context=_face_context,
    back_context=_back_context,
    stats=_stats,
)
