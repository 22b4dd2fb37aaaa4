"""Set composition: a starter set has as many DiXes and cards as a player owns, one card per DiXe.

Each player owns ``facts.dice_per_player`` DiXes and ``facts.cards_per_player`` cards
(game.yaml; the rulebook's Required material), and every card is the card of one DiXe of
the same set (its ``character``). Reported: a card naming a DiXe that is not in its set
(at ``character``), a second card for one DiXe (at the second card's ``character``), a
DiXe without a card (at the DiXe's ``id`` in the dice file), an extra card or DiXe (at
the first one too many), and a set short of cards or DiXes (at its deck in game.yaml).

Passing (dice.yaml has ``dice_per_player`` DiXes with ``set: crypte``; crypte.yaml)::

    deck: crypte
    cards:
      - {id: crane-yorick, character: crane-yorick, ...}
      - {id: zonbi, character: zonbi, ...}
      # … one card for each of the set's other DiXes

Failing (two cards for Zonbi, none for Oni)::

    deck: crypte
    cards:
      - {id: zonbi, character: zonbi, ...}
      - {id: zonbi-again, character: zonbi, ...}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dixe_on_card.dx_data import dixes_by_id, set_dice
from cardforge.model.game_model import Deck, Game
from cardforge.problem import Problem

CODE = "DX103"
NAME = "set-composition"
SCOPE = "deck"
SEVERITY = "error"


def check(deck: Deck, game: Game) -> Iterator[Problem]:
    """Yield a Problem for each card or DiXe that breaks the one-card-per-DiXe pairing,
    and for a set with the wrong number of either."""
    dice = set_dice(game, deck.id)
    mine = {die.id for die in dice}
    every = dixes_by_id(game)
    claimed: dict[str, str] = {}
    for card in deck.cards:
        ident = card.data.get("character")
        if ident not in mine:
            other = every.get(ident) if isinstance(ident, str) else None
            yield Problem(card.locate("character"), CODE,
                          f"DiXe {ident!r} is not in set {deck.id!r}"
                          + (f" (it belongs to {other.set!r})" if other else ""), card=card.id,
                          hint=f"the set's DiXes: {', '.join(sorted(mine)) or 'none'}")
        elif ident in claimed:
            yield Problem(card.locate("character"), CODE,
                          f"DiXe {ident!r} already has a card ({claimed[ident]!r})", card=card.id,
                          hint="each DiXe has exactly one card")
        else:
            claimed[ident] = card.id
    for die in dice:
        if die.id not in claimed and deck.cards:
            yield Problem(die.locate("id"), CODE, f"DiXe {die.id!r} of set {deck.id!r} has no card",
                          hint=f"add a card with `character: {die.id}` to the {deck.id} deck")
    where = game.manifest.locate_key("decks", deck.id)
    for what, items, fact in (("cards", deck.cards, "cards_per_player"),
                              ("DiXes", dice, "dice_per_player")):
        expected = int(game.facts[fact])
        if len(items) > expected:
            extra = items[expected]
            yield Problem(extra.locate("id"), CODE,
                          f"set {deck.id!r} has {len(items)} {what}; a player owns {expected}",
                          hint=f"remove {len(items) - expected} (game.yaml facts.{fact})")
        elif len(items) < expected:
            yield Problem(where, CODE,
                          f"set {deck.id!r} has {len(items)} {what}; a player owns {expected}",
                          hint=f"add {expected - len(items)} (game.yaml facts.{fact})")
