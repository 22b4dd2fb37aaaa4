"""Game-ending cards: at most one card may end the game at once.

A cost of ``facts.game_ending_kind`` (10) or more dice of one value ends the game the moment
the card is taken, and its taker wins (Comic Creator rulebook, Card Costs: ten matching
dice). Two such cards would make the instant win twice as likely as the designer meant;
every copy after the first is reported at its cost.

Passing::

    - {id: anime-series-announced, cost: KIND10, vp: 0}

Failing (a second instant-win card)::

    - {id: anime-series-announced, cost: KIND10, vp: 0}
    - {id: live-action-movie, cost: KIND10, vp: 0}
"""

from collections.abc import Iterator

from cardforge.games.comic_creator.costs import ends_game, parsed_cost
from cardforge.model import Game
from cardforge.problem import Problem

CODE = "CC105"
NAME = "single-game-ender"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each game-ending copy after the first."""
    first = None
    for card in game.cards():
        cost = parsed_cost(card)
        if cost is None or not ends_game(cost, game):
            continue
        for copy in range(card.quantity):
            if first is None:
                first = card
                continue
            what = "a second copy" if card is first else f"another game-ending card (first: {first.id})"
            yield Problem(card.locate("cost") if copy == 0 else card.locate("quantity"), CODE,
                          f"{what}: a cost of {game.facts['game_ending_kind']}+ of a kind ends the game",
                          card=card.id, hint="keep one game-ending card; give this one another cost")
