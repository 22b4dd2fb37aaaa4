"""Foreshadow count: each faction needs exactly the foreshadow cards a player sets.

At set-up each player puts ``facts.foreshadow_per_player`` foreshadow cards face down
beside the map (rulebook, 0-3). A faction with fewer cannot be set up; one with more has
cards that never play. Copies count (``quantity``). Too few is reported at the faction's
entry in game.yaml ``facts.factions``; too many at the first card beyond the count: at its
``quantity`` when it has one (the copies to lower), else at its ``faction`` (the value that
puts it in the faction: remove the card or move it to another).

Passing (game.yaml says three; three foreshadow cards of faction mystery)::

    - {id: dying-message, faction: mystery}
    - {id: web-of-clues, faction: mystery}
    - {id: you-are-the-culprit, faction: mystery}

Failing (only two)::

    - {id: dying-message, faction: mystery}
    - {id: web-of-clues, faction: mystery}
"""

from collections.abc import Iterator

from cardforge.games.writers_battle.wb_cards import faction_cards
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "WB104"
NAME = "foreshadow-count"
SCOPE = "game"
SEVERITY = "error"
DECK = "foreshadow"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each faction whose foreshadow cards are not the set-up count."""
    wanted = game.facts.get("foreshadow_per_player")
    if wanted is None or DECK not in game.decks:
        return
    for faction in game.facts.get("factions", {}):
        cards = faction_cards(game, faction, DECK)
        have = sum(card.quantity for card in cards)
        if have < wanted:
            yield Problem(game.fact_location("factions", faction), CODE,
                          f"faction {faction!r} has {have} foreshadow cards; each player sets "
                          f"{wanted}", hint=f"add {wanted - have} foreshadow card(s) with "
                          f"`faction: {faction}` (facts.foreshadow_per_player in game.yaml)")
        elif have > wanted:
            running = 0
            extra = next(card for card in cards if (running := running + card.quantity) > wanted)
            where = extra.locate("quantity" if "quantity" in extra.data else "faction")
            yield Problem(where, CODE,
                          f"faction {faction!r} has {have} foreshadow cards; each player sets "
                          f"only {wanted}", card=extra.id,
                          hint=f"remove {have - wanted} (from here on), or lower a `quantity:`")
