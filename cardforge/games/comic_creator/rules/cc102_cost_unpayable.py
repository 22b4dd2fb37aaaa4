"""Unpayable cost: no player can ever hold dice that pay it.

The most dice one player can hold at once is their share of green dice
(``facts.green_per_player``) plus every white, red and yellow die in the box
(``facts.dice.supply``); dice show ``facts.dice.faces``. A cost is unpayable when it needs
more dice than that, or when the game's payment colour (``facts.payment_colour``: at least
one spent die is green, Comic Creator rulebook, Action Phase step 3) can never be met.
What one die or colour cannot give (``RUN7`` on six-sided dice, a colour the box lacks,
six yellow dice when the box holds five) is the core rule CF016's, fed by game.yaml's
``card_costs:``.

Passing::

    - id: anime-series-announced
      cost: KIND10

Failing (a player holds at most 39 dice: 3 green and every other die in the box)::

    - id: impossible-deadline
      cost: KIND40
"""

import weakref
from collections.abc import Iterator

from cardforge.dice.cost import AnyDie, Cost
from cardforge.dice.odds import min_dice_to_pay
from cardforge.games.comic_creator.cc_costs import faces, parsed_cost, payment_colour
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CC102"
NAME = "cost-unpayable"
SCOPE = "card"
SEVERITY = "error"


def most_dice(game: Game) -> int:
    """The most dice one player can hold at once (see the module documentation)."""
    supply = dict(game.facts["dice"]["supply"])
    colour = payment_colour(game)
    share = game.facts.get("green_per_player", 0)
    if colour in supply:
        supply[colour] = min(supply[colour], share)
    return sum(supply.values())


_NEEDED: weakref.WeakKeyDictionary[Game, dict[Cost, int | None]] = weakref.WeakKeyDictionary()
"""Per game, the fewest dice that pay each cost seen: thousands of cards share a few costs."""


def _needed(game: Game, cost: Cost) -> int | None:
    """:func:`~cardforge.dice.odds.min_dice_to_pay` of ``cost`` with the game's faces."""
    known = _NEEDED.setdefault(game, {})
    if cost not in known:
        known[cost] = min_dice_to_pay(cost, faces(game))
    return known[cost]


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at ``cost`` when no dice the game can give a player pay it."""
    cost = parsed_cost(card)
    if cost is None:
        return
    supply = game.facts["dice"]["supply"]
    if any(isinstance(c, AnyDie) and not supply.get(c.colour) for c in cost.components):
        return  # a colour the box lacks: CF016
    colour = payment_colour(game)
    if colour and not min(supply.get(colour, 0), game.facts.get("green_per_player", 0)):
        yield Problem(card.locate("cost"), CODE, f"every payment needs a {colour} die, and players get none",
                      card=card.id, hint="check facts.payment_colour and facts.green_per_player")
        return
    needed = _needed(game, cost)
    if needed is not None and needed > most_dice(game):  # None: no roll pays it, CF016
        yield Problem(card.locate("cost"), CODE,
                      f"{cost.notation()} needs {needed} dice; a player holds at most {most_dice(game)}",
                      card=card.id, hint="lower the cost, or raise the dice supply in game.yaml")
