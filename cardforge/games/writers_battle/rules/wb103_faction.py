"""Faction: every card must belong to one of the game's factions.

Each player brings one faction's cards (its characters, gimmick deck and foreshadow cards);
the factions are listed in game.yaml ``facts.factions``. A card whose ``faction`` is not a
key there would join nobody's set, so it is reported at ``faction``, with the key a
faction's name points to (推理作家 → mystery) or the closest key as a hint.

Passing::

    - id: canvassing
      faction: mystery

Failing (``mistery`` is misspelt)::

    - id: canvassing
      faction: mistery
"""

import difflib
from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "WB103"
NAME = "faction"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at ``faction`` when it is not a key of ``facts.factions``."""
    factions = game.facts.get("factions", {})
    value = card.data.get("faction")
    if value is None or value in factions:
        return
    by_name = {name: key for key, spec in factions.items() for name in spec["name"].values()}
    close = [by_name[value]] if value in by_name else difflib.get_close_matches(str(value),
                                                                               list(factions), n=1)
    yield Problem(card.locate("faction"), CODE, f"unknown faction {value!r}", card=card.id,
                  hint=(f"did you mean {close[0]}? " if close else "")
                  + f"factions: {', '.join(factions)} (facts.factions in game.yaml)")
