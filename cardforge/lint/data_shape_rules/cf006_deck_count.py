"""Deck count: a deck's cards, copies included, must add up to the count in game.yaml.

The count is the rulebook's (``decks.<id>.count`` in ``cards/<game>/game.yaml``); each
card counts ``quantity`` times. Reported at the deck's ``count`` in game.yaml, saying how
many cards there are and how many the rulebook expects, and where they come from: each
file's cards and copies (a sheet's rows, a YAML file's lines) and the cards whose
quantity is not 1.

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

from cardforge.model.game_model import Card, Deck, Game
from cardforge.problem import Problem
from cardforge.spreadsheet import SheetDocument

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
    sheets = any(_is_sheet(card.doc) for card in deck.cards)
    quantity = "a quantity cell" if sheets else "a `quantity:`"
    yield Problem(where, CODE,
                  f"deck {deck.id!r} has {deck.size} cards (copies included: {made_of(deck)}), "
                  f"game.yaml says {expected}",
                  hint=f"{'remove' if difference > 0 else 'add'} {abs(difference)} card(s), "
                       f"or change {quantity}; or, if the deck is meant to hold {deck.size}, "
                       f"make this `count: {deck.size}`")


def made_of(deck: Deck) -> str:
    """Where ``deck``'s count comes from, in each file's terms: its cards per file (a
    sheet's rows, a YAML file's lines) and the cards whose quantity is not 1."""
    parts = []
    by_file: dict[int, list[Card]] = {}  # documents are not hashable: by identity
    for card in deck.cards:
        by_file.setdefault(id(card.doc), []).append(card)
    for cards in by_file.values():
        doc = cards[0].doc
        lines = [card.location.line for card in cards]
        span = "row" if _is_sheet(doc) else "line"
        where = f"{span} {lines[0]}" if len(cards) == 1 else f"{span}s {min(lines)}–{max(lines)}"
        copies = sum(card.quantity for card in cards)
        odd = [f"{card.id} ×{card.quantity}" for card in cards if card.quantity != 1]
        shown = ", ".join(odd[:5]) + (f" and {len(odd) - 5} more" if len(odd) > 5 else "")
        parts.append(f"{copies} from {len(cards)} card(s) in {doc.path.name} {where}"
                     + (f", {shown}" if odd else ""))
    return "; ".join(parts) or "no cards"


def _is_sheet(doc: object) -> bool:
    return isinstance(doc, SheetDocument)
