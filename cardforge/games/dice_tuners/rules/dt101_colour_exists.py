"""Colour exists: a Strategy card's colour must be one of the game's dice colours.

A Strategy card may only be played when one of the set-aside dice has its colour (Dice
Tuners rulebook, Duel Phase, Step 1), so a colour with no dice makes a card nobody can
ever play. The colours are the keys of ``facts.colours`` in game.yaml (green, blue, red).
Reported at the card's ``colour``, with the closest declared colour. Overdrive colours are
checked by the core rule CF016 (game.yaml ``card_costs:``), the Advantage Triangle by DT102.

Passing::

    - id: quick-draw
      value: 2
      colour: green
      effect: {en: "+2 Strength to your die."}

Failing (``yellow`` is no dice colour of this game)::

    - id: quick-draw
      value: 2
      colour: yellow
      effect: {en: "+2 Strength to your die."}
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge.games.dice_tuners.dt_data import STRATEGY, colour_ids
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DT101"
NAME = "colour-exists"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at ``colour`` when a Strategy card names an undeclared colour."""
    colour = card.data.get("colour")
    if card.deck != STRATEGY or colour is None:
        return
    declared = colour_ids(game)
    if colour in declared:
        return
    close = difflib.get_close_matches(str(colour), declared, n=1)
    hint = (f"did you mean {close[0]!r}? " if close else "") + \
        f"declared colours: {', '.join(declared) or 'none'} (facts.colours in game.yaml)"
    yield Problem(card.locate("colour"), CODE, f"colour {colour!r} is not a dice colour of "
                  "this game", card=card.id, hint=hint)
