"""Hero cost reachable: the Strategy deck's values must be able to pay every hero.

A hero is hired with one Strategy card of at least its cost, or with that card plus up to
``facts.recruit_extra_cards`` more from the hand, their values added (Dice Tuners
rulebook, Recruitment Phase and its "Important" note). So the dearest hero anyone can ever
hire costs the sum of the highest ``1 + recruit_extra_cards`` values in the shuffled
Strategy deck (copies counted, Bluff cards left out). A hero above that is reported at its
``cost``.

Passing (the deck's two best cards are 7 and 7)::

    - id: grand-prix-emperor
      cost: 9

Failing (the deck's two best cards are 3 and 2)::

    - id: grand-prix-emperor
      cost: 9
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dice_tuners.dt_data import deck_values, heroes
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DT104"
NAME = "hero-cost-reachable"
SCOPE = "game"
SEVERITY = "error"


def best_purchase(game: Game) -> tuple[int, list[int]]:
    """(highest buying power, the values making it): the ``1 + recruit_extra_cards``
    highest values of the Strategy deck, summed."""
    cards = deck_values(game)[:1 + int(game.facts["recruit_extra_cards"])]
    return sum(cards), cards


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each hero's ``cost`` that no hand of the deck's cards can pay."""
    power, cards = best_purchase(game)
    for hero in heroes(game):
        cost = hero.data.get("cost")
        if isinstance(cost, int) and cost > power:
            made = " + ".join(map(str, cards)) or "nothing"
            yield Problem(hero.locate("cost"), CODE,
                          f"cost {cost} can never be paid: the best purchase is {made} = {power}",
                          card=hero.id, hint="lower the cost or add higher-value Strategy cards")
