"""Cost notation: a card's ``cost`` must be readable.

The compact notation (documented in ``cardforge.dice.cost``): components separated by
spaces or ``&``; ``X=X``, ``X=X=X``… n of a kind (``KIND10`` for ten); ``12+`` a sum of at
least 12; ``RUN4`` a straight of 4; ``EVEN3`` / ``ODD3`` three even / odd dice; ``green`` one
green die of any value. The Problem points at the first character that cannot be read.
A structured cost (a list of ``{kind: …}`` items) is checked the same way.

Passing::

    - id: two-page-spread
      cost: "X=X Y=Y=Y"

Failing (keywords are upper case: ``RUN4``)::

    - id: two-page-spread
      cost: "X=X run4"
"""

from collections.abc import Iterator

from cardforge.dice.cost import CostSyntaxError
from cardforge.games.comic_creator.cc_costs import card_cost
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CC101"
NAME = "cost-syntax"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at the offending character of an unreadable cost."""
    try:
        card_cost(card)
    except CostSyntaxError as exc:
        raw = card.data.get("cost")
        where = (card.doc.locate_in_scalar(exc.offset, *card.pointer, "cost") if isinstance(raw, str)
                 else card.locate("cost"))
        yield Problem(where, CODE, f"cost {raw!r}: {exc.message}" if isinstance(raw, str)
                      else f"cost: {exc.message}", card=card.id, hint=exc.hint)
