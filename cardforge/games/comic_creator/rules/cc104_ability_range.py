"""Ability parameters: each ability must be allowed on its deck and within the game's dice.

Ranges come from game.yaml: which ability kinds each deck may carry
(``facts.ability_kinds``); dice counts within the supply (``facts.dice.supply``: white
gained, yellow rolled — at most 5 yellow dice exist); a red die's preset value and any
value a die is changed to within ``facts.dice.faces``; a ±N change that is not zero and
not wider than the faces (Card Abilities: a result outside 1–6 is clamped, so +5 already
turns any die into a 6); pips redistributed at most the largest face minus the smallest;
copy onto 1 or 2 dice (Card Abilities: the two copy abilities).

Passing::

    - id: found-my-style
      abilities: [{kind: gain-red, value: 3}]

Failing (a die has no face 7)::

    - id: found-my-style
      abilities: [{kind: gain-red, value: 7}]
"""

from collections.abc import Iterator
from typing import Any

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CC104"
NAME = "ability-range"
SCOPE = "card"
SEVERITY = "error"


def _ranges(game: Game) -> dict[tuple[str, str], tuple[int, int]]:
    """(ability kind, parameter) → inclusive (low, high), from game.yaml facts."""
    dice = game.facts["dice"]
    low, high = min(dice["faces"]), max(dice["faces"])
    supply = dice["supply"]
    every = sum(supply.values())
    return {
        ("gain-white", "count"): (1, supply.get("white", 0)),
        ("roll-yellow", "count"): (1, supply.get("yellow", 0)),
        ("gain-red", "value"): (low, high),
        ("adjust", "amount"): (-(high - low), high - low),
        ("reroll", "count"): (1, every),
        ("copy", "targets"): (1, 2),
        ("redistribute", "pips"): (1, high - low),
    }


def _problems(card: Card, game: Game, index: int, ability: dict[str, Any]) -> Iterator[Problem]:
    kind = ability.get("kind")
    allowed = game.facts.get("ability_kinds", {}).get(card.deck)
    if allowed is not None and kind not in allowed:
        yield Problem(card.locate("abilities", index, "kind"), CODE,
                      f"{card.deck} cards may not have a {kind!r} ability",
                      card=card.id, hint=f"allowed on {card.deck} cards: {', '.join(allowed)}"
                      " (facts.ability_kinds in game.yaml)")
    for (rule_kind, parameter), (low, high) in _ranges(game).items():
        if rule_kind != kind or parameter not in ability:
            continue
        value = ability[parameter]
        if not low <= value <= high or (kind == "adjust" and value == 0):
            yield Problem(card.locate("abilities", index, parameter), CODE,
                          f"{kind} {parameter} {value} is outside {low}..{high}"
                          + (" (and not 0)" if kind == "adjust" else ""),
                          card=card.id, hint="ranges come from the dice facts in game.yaml")


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each ability kind or parameter out of the game's range."""
    for index, ability in enumerate(card.data.get("abilities", [])):
        yield from _problems(card, game, index, ability)
