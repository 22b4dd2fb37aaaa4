"""Value range: Strategy values and hero costs must lie in the ranges game.yaml sets.

Non-Bluff Strategy values lie in ``facts.strategy_values`` (min..max), every Bluff card's
value is ``facts.bluff_value``, and hero costs lie in ``facts.hero_costs``. The ranges are
our design (the Dice Tuners rulebook gives none); keeping them in game.yaml lets the stats
table and DT104 reason about the whole deck. Reported at the ``value`` or ``cost``.

Passing (values 1..7)::

    - id: overtake
      value: 4
      colour: green
      effect: {en: "+1 Strength to your die."}

Failing::

    - id: overtake
      value: 12
      colour: green
      effect: {en: "+1 Strength to your die."}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dice_tuners.dt_data import HERO, STRATEGY, is_bluff
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DT106"
NAME = "value-range"
SCOPE = "card"
SEVERITY = "error"


def _range(game: Game, key: str) -> tuple[int, int]:
    spec = game.facts[key]
    return int(spec["min"]), int(spec["max"])


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at a value or cost outside its range."""
    if card.deck == STRATEGY and isinstance(card.data.get("value"), int):
        value = card.data["value"]
        if is_bluff(card):
            wanted = int(game.facts["bluff_value"])
            if value != wanted:
                yield Problem(card.locate("value"), CODE,
                              f"a Bluff card's value is {wanted}, not {value}", card=card.id,
                              hint="facts.bluff_value in game.yaml")
            return
        low, high = _range(game, "strategy_values")
        if not low <= value <= high:
            yield Problem(card.locate("value"), CODE, f"value {value} is outside {low}..{high}",
                          card=card.id, hint="facts.strategy_values in game.yaml")
    elif card.deck == HERO and isinstance(card.data.get("cost"), int):
        low, high = _range(game, "hero_costs")
        if not low <= card.data["cost"] <= high:
            yield Problem(card.locate("cost"), CODE,
                          f"cost {card.data['cost']} is outside {low}..{high}", card=card.id,
                          hint="facts.hero_costs in game.yaml")
