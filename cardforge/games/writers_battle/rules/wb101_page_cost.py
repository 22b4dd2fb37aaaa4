"""Page cost: every page cost must lie between the page minimum and maximum.

A player's pages never go above ``facts.pages.max`` nor below ``facts.pages.min``
(rulebook, 頁について), and a card cannot be played without the pages it needs. So a
gimmick's ``cost`` or a character's ``ability.cost`` above the maximum can never be paid:
the card is dead. Reported at the cost, as an error.

Passing::

    - id: truth-revealed
      kind: event
      cost: 6

Failing (nobody ever holds 9 pages)::

    - id: truth-revealed
      kind: event
      cost: 9
"""

from collections.abc import Iterator

from cardforge.games.writers_battle.wb_cards import page_costs
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "WB101"
NAME = "page-cost"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each page cost outside ``facts.pages`` min..max."""
    pages = game.facts.get("pages", {})
    low, high = pages.get("min", 0), pages.get("max")
    for keys, cost in page_costs(card):
        if high is not None and cost > high:
            yield Problem(card.locate(*keys), CODE,
                          f"costs {cost} pages, but a player never holds more than {high}: "
                          "it can never be paid", card=card.id,
                          hint=f"use a cost of {high} or less (facts.pages.max in game.yaml)")
        elif cost < low:
            yield Problem(card.locate(*keys), CODE, f"costs {cost} pages, below the minimum {low}",
                          card=card.id, hint="facts.pages.min in game.yaml")
