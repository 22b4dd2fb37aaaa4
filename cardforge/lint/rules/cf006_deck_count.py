"""Deck count: a deck's cards, copies included, must add up to the count in game.yaml.

The count is the rulebook's (``decks.<id>.count`` in ``cards/<game>/game.yaml``); each
card counts ``quantity`` times. Reported at the deck's ``count`` in game.yaml, saying how
many cards there are and how many the rulebook expects.

Passing (game.yaml says ``count: 2``)::

    deck: assist
    cards:
      - {id: deadline-rush, name: {en: Deadline Rush}, quantity: 2}

Failing (three cards where game.yaml says two)::

    deck: assist
    cards:
      - {id: deadline-rush, name: {en: Deadline Rush}, quantity: 3}
"""

from collections.abc import Iterator

from cardforge.model import Deck, Game
from cardforge.problem import Problem

CODE = "CF006"
NAME = "deck-count"
SCOPE = "deck"
SEVERITY = "error"


def check(deck: Deck, game: Game) -> Iterator[Problem]:
    """Yield one Problem when ``deck.size`` differs from game.yaml's ``decks.<id>.count``."""
    expected = deck.spec.get("count")
    if expected is None or deck.size == expected:
        return
    where = game.manifest.locate("decks", deck.id, "count")
    difference = deck.size - expected
    yield Problem(where, CODE,
                  f"deck {deck.id!r} has {deck.size} cards (copies included), game.yaml says {expected}",
                  hint=f"{'remove' if difference > 0 else 'add'} {abs(difference)} card(s), "
                       f"or change a `quantity:`; or, if the deck is meant to hold {deck.size}, "
                       f"make this `count: {deck.size}`")
