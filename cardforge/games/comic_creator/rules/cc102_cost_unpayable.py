"""Unpayable cost: no player can ever hold dice that pay it.

The most dice one player can hold at once is their share of green dice
(``facts.green_per_player``) plus every white, red and yellow die in the box
(``facts.dice.supply``); dice show ``facts.dice.faces``. A cost is unpayable when it needs
more dice than that, when no roll of those faces can ever match it (``RUN7`` on six-sided
dice, ``EVEN3`` on dice with no even face), when it asks for a die colour the game does
not have, or when the game's payment colour (``facts.payment_colour``: at least one spent
die is green, Comic Creator rulebook, Action Phase step 3) can never be met.

Passing::

    - id: anime-series-announced
      cost: KIND10

Failing (dice show 1–6, so no straight is longer than 6)::

    - id: impossible-deadline
      cost: RUN7
"""

from collections.abc import Iterator

from cardforge.dice.cost import AnyDie
from cardforge.dice.odds import min_dice_to_pay
from cardforge.games.comic_creator.costs import faces, parsed_cost, payment_colour
from cardforge.model import Card, Game
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


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at ``cost`` when no dice the game can give a player pay it."""
    cost = parsed_cost(card)
    if cost is None:
        return
    where = card.locate("cost")
    supply = game.facts["dice"]["supply"]
    for component in cost.components:
        if isinstance(component, AnyDie) and not supply.get(component.colour):
            yield Problem(where, CODE, f"the game has no {component.colour} dice",
                          card=card.id, hint=f"die colours: {', '.join(supply)}")
            return
    colour = payment_colour(game)
    if colour and not min(supply.get(colour, 0), game.facts.get("green_per_player", 0)):
        yield Problem(where, CODE, f"every payment needs a {colour} die, and players get none",
                      card=card.id, hint="check facts.payment_colour and facts.green_per_player")
        return
    values = faces(game)
    needed = min_dice_to_pay(cost, values)
    if needed is None:
        yield Problem(where, CODE, f"no roll of dice showing {values[0]}–{values[-1]} pays {cost.notation()}",
                      card=card.id, hint="make the run or group fit the die faces")
    elif needed > most_dice(game):
        yield Problem(where, CODE,
                      f"{cost.notation()} needs {needed} dice; a player holds at most {most_dice(game)}",
                      card=card.id, hint="lower the cost, or raise the dice supply in game.yaml")
