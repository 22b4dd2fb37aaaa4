"""Duplicate card id: two cards of one game share an ``id``.

Ids name cards in suppressions, translations and outputs, so they must be unique across
all of a game's card files. Every card after the first with that id is reported.

Passing::

    - id: speed-lines
    - id: screen-tone

Failing::

    - id: speed-lines
    - id: speed-lines
"""

from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CF005"
NAME = "duplicate-id"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at the ``id`` of each card whose id an earlier card already has."""
    first: dict[str, Card] = {}  # located only when reported: a clean lint asks for no place
    for card in game.cards():
        earlier = first.setdefault(card.id, card)
        if earlier is not card:
            seen = earlier.locate("id")
            yield Problem(card.locate("id"), CODE,
                          f"card id {card.id!r} is already used at {seen.path.name}:{seen.line}",
                          hint="give each card its own id; use `quantity:` for copies")
