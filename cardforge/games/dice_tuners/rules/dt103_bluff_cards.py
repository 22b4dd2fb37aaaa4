"""Bluff cards: one per player at the biggest table, with no effect and no colour.

Every player takes ``facts.bluff_per_player`` Bluff cards at set-up (Dice Tuners rulebook,
Game Setup), so the Strategy deck needs that many for each of ``players.max`` players,
no more: the rest would never leave the box. A Bluff card has no effect (Duel Phase); we
also give it no colour, so it can always be played (see ``bluff_value`` in game.yaml).
Reported at a Bluff card's ``effect`` or ``colour``; a wrong count at the last Bluff card's
``quantity`` (or at the deck's ``cards`` when there is none).

Passing (4 players at most)::

    - id: bluff
      quantity: 4
      value: 0
      bluff: true

Failing (3 Bluff cards for 4 players, and one with an effect)::

    - id: bluff
      quantity: 3
      value: 0
      bluff: true
      effect: {en: "+1 Strength."}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dice_tuners.dt_data import STRATEGY, is_bluff, strategy_cards
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

CODE = "DT103"
NAME = "bluff-cards"
SCOPE = "game"
SEVERITY = "error"


def _count_location(game: Game) -> Location:
    bluffs = [card for card in strategy_cards(game) if is_bluff(card)]
    if bluffs:
        last = bluffs[-1]
        return last.locate("quantity") if "quantity" in last.data else last.locate_key("bluff")
    deck = game.decks.get(STRATEGY)
    if deck and deck.cards:
        return deck.cards[0].doc.locate_key("cards")
    return game.manifest.locate_key("decks", STRATEGY) if deck else game.manifest.locate("decks")


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem per Bluff card with an effect or colour, and one for a wrong count."""
    count = 0
    for card in strategy_cards(game):
        if not is_bluff(card):
            continue
        count += card.quantity
        for field in ("effect", "colour"):
            if field in card.data:
                yield Problem(card.locate_key(field), CODE, f"a Bluff card has no {field}",
                              card=card.id, hint=f"remove `{field}`, or make this a normal "
                              "Strategy card by removing `bluff: true`")
    players = int(game.info["players"]["max"])
    wanted = players * int(game.facts["bluff_per_player"])
    if count != wanted:
        yield Problem(_count_location(game), CODE,
                      f"{count} Bluff card{'s' if count != 1 else ''}; {players} players "
                      f"need {wanted}", hint="one per player at the biggest table "
                      "(players.max × facts.bluff_per_player in game.yaml)")
