"""Reading Dice Tuners cards and facts: the helpers the rules, faces and stats share.

Deck ids are the pack's vocabulary (``hero``, ``strategy``: the enum of
``schemas/dice-tuners.schema.json``); every number comes from game.yaml ``facts:``.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.model.game_model import Card, Game

HERO = "hero"
STRATEGY = "strategy"
FIRST_PLAYER = "first-player"
"""The play aid deck: the First Player card (Game Setup, End Phase), a rule on its face."""


def heroes(game: Game) -> Iterator[Card]:
    """The Hero cards (each design once, whatever its quantity)."""
    return (card for card in game.cards() if card.deck == HERO)


def strategy_cards(game: Game) -> Iterator[Card]:
    """The Strategy cards, Bluff cards included (each design once)."""
    return (card for card in game.cards() if card.deck == STRATEGY)


def is_bluff(card: Card) -> bool:
    """Whether ``card`` is a Bluff card (``bluff: true``)."""
    return card.data.get("bluff") is True


def deck_values(game: Game) -> list[int]:
    """The values of the shuffled Strategy deck, one entry per copy, Bluff cards left out
    (Game Setup: Bluff cards are handed out, the rest are shuffled), sorted high to low."""
    values = [int(card.data["value"]) for card in strategy_cards(game)
              if not is_bluff(card) and isinstance(card.data.get("value"), int)
              for _ in range(card.quantity)]
    return sorted(values, reverse=True)


def colour_ids(game: Game) -> list[str]:
    """The declared dice colours (``facts.colours`` keys), in game.yaml order."""
    colours = game.facts.get("colours")
    return list(colours) if isinstance(colours, dict) else []


def rounds_for(game: Game, players: int) -> int:
    """Rounds played by ``players`` players (Game Phases: ``facts.rounds``, or
    ``facts.rounds_large_table`` with more than ``facts.large_table_above`` players)."""
    facts = game.facts
    return int(facts["rounds_large_table"] if players > facts["large_table_above"]
               else facts["rounds"])
