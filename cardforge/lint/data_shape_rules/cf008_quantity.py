"""Quantity: a card's ``quantity`` must put it in the deck, and within the deck's size.

``quantity: 0`` keeps a design in the file but prints nothing and counts nowhere: a
warning, since it is usually a leftover. A quantity larger than the whole deck's count in
game.yaml is an error (typically a typo such as ``30`` for ``3``).

Passing::

    - {id: deadline-rush, name: {en: Deadline Rush}, quantity: 2}

Failing (a zero quantity)::

    - {id: deadline-rush, name: {en: Deadline Rush}, quantity: 0}
"""

from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem, Severity

CODE = "CF008"
NAME = "quantity"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a warning for quantity 0 and an error for a quantity above the deck's count."""
    if card.quantity == 0:
        yield Problem(card.locate("quantity"), CODE, f"card {card.id!r} has quantity 0: it is not printed",
                      severity=Severity.WARNING, card=card.id,
                      hint="remove the card, or give it a quantity of 1 or more")
        return
    limit = game.decks[card.deck].spec.get("count")
    if limit is not None and card.quantity > limit:
        yield Problem(card.locate("quantity"), CODE,
                      f"quantity {card.quantity} is more than the whole {card.deck!r} deck ({limit})",
                      card=card.id, hint="check for a typo")
