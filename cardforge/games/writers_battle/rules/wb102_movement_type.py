"""Movement type: a character's ``movement`` must be one of the game's movement types.

The rulebook (キャラクターの移動 3) has six: 十字, ×字, Y字, 逆Y, 全方 and なし. They are
data in game.yaml ``facts.movement_types`` (key, names, the neighbouring squares each
reaches); a card names one by its key (cross, diagonal, y-shape, inverted-y, all, none).
Another value is reported at ``movement`` with the closest key, and the name of each key
in the game's source language (Japanese for the shipped game) in the hint.

Passing::

    - id: detective-kirishima
      movement: cross

Failing (the key is ``cross``; 十字 is its Japanese name)::

    - id: detective-kirishima
      movement: 十字
"""

import difflib
from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.model.language_text import localized
from cardforge.problem import Problem

CODE = "WB102"
NAME = "movement-type"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at ``movement`` when it is not a key of ``facts.movement_types``."""
    value = card.data.get("movement")
    types = game.facts.get("movement_types", {})
    if value is None or value in types:
        return
    by_name = {name: key for key, spec in types.items() for name in spec.get("name", {}).values()}
    guess = by_name.get(value) or next(iter(difflib.get_close_matches(str(value), list(types), n=1)),
                                       None)
    listed = ", ".join(f"{key} ({localized(spec.get('name'), game.source_language) or key})"
                       for key, spec in types.items())
    yield Problem(card.locate("movement"), CODE, f"unknown movement type {value!r}", card=card.id,
                  hint=(f"did you mean {guess}? " if guess else "") + f"types: {listed}")
