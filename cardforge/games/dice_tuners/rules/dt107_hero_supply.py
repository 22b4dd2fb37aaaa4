"""Hero supply: the Hero deck must keep the market full for the longest game.

The market shows players + ``facts.market_extra`` heroes and is refilled after each
recruitment; every player hires ``facts.heroes_per_round`` hero a round, and heroes go to
the discard pile at the end of the round (Dice Tuners rulebook, Game Setup, Recruitment
Phase, End Phase). With ``players.max`` players over their number of rounds (Game Phases)
the market is full at every recruitment only if the deck holds at least
players × heroes_per_round × (rounds − 1) + players + market_extra heroes. Reported at the
hero deck's ``count`` in game.yaml.

Passing (4 players, 4 rounds: 17 heroes needed)::

    decks:
      hero: {name: {en: Hero}, count: 24}

Failing::

    decks:
      hero: {name: {en: Hero}, count: 18}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dice_tuners.dt_data import HERO, rounds_for
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DT107"
NAME = "hero-supply"
SCOPE = "game"
SEVERITY = "error"


def heroes_needed(game: Game, players: int) -> int:
    """Heroes drawn in a ``players``-player game if every recruitment sees a full market."""
    facts = game.facts
    hired = players * int(facts["heroes_per_round"])
    return hired * (rounds_for(game, players) - 1) + players + int(facts["market_extra"])


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem when the Hero deck is smaller than the biggest game needs."""
    deck = game.decks.get(HERO)
    if deck is None:
        return
    players = int(game.info["players"]["max"])
    needed = heroes_needed(game, players)
    if deck.size < needed:
        where = (game.manifest.locate("decks", HERO, "count") if "count" in deck.spec
                 else game.manifest.locate_key("decks", HERO))
        yield Problem(where, CODE, f"{deck.size} heroes; a {players}-player game of "
                      f"{rounds_for(game, players)} rounds draws up to {needed}",
                      hint="add heroes (and raise decks.hero.count)")
