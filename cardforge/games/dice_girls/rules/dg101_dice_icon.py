"""Dice icon: an idol's ``dice`` must be one of the game's dice icons.

The Dice Girls rule manual ([[Play on a card]]) has four icons: one, two or three dice,
and "?" — a count the idol's ability sets. They are listed once, in game.yaml
``facts.dice_icons``; any other value is reported at the card's ``dice``.

Passing::

    - id: suzumori-hibiki
      dice: 2

Failing (there is no four-dice icon)::

    - id: suzumori-hibiki
      dice: 4
"""

from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DG101"
NAME = "dice-icon"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at ``dice`` when it is not in ``facts.dice_icons``."""
    icons = game.facts.get("dice_icons", [])
    icon = card.data.get("dice")
    if icon is None or any(icon == allowed and type(icon) is type(allowed) for allowed in icons):
        return
    listed = ", ".join(f'"{i}"' if isinstance(i, str) else str(i) for i in icons)
    yield Problem(card.locate("dice"), CODE, f"dice icon {icon!r} is not one of the game's icons",
                  card=card.id, hint=f"use one of {listed} (facts.dice_icons in game.yaml)")
