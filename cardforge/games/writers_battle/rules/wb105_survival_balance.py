"""Survival balance: the factions should start with similar survival points.

A player's starting (and maximum) survival points are the sum of their characters'
``survival`` (rulebook, set-up step 0-6), and a player at 0 or less loses (勝利条件 1). So a faction
starting far below another is at a disadvantage from the first turn. When the highest and
lowest faction totals differ by more than ``facts.survival_balance.max_difference`` (lint
tuning, not a rulebook fact), a warning is reported at the weakest faction's entry in
game.yaml, naming every total.

Passing (11 and 11)::

    - {id: detective-kirishima, faction: mystery, survival: 3}
    - {id: hero-alto, faction: fantasy, survival: 3}

Failing (mystery 11, fantasy 6 with max_difference 2)::

    - {id: dragon-varg, faction: fantasy, survival: 0}
"""

from collections.abc import Iterator

from cardforge.games.writers_battle.wb_cards import faction_cards
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "WB105"
NAME = "survival-balance"
SCOPE = "game"
SEVERITY = "warning"
ADVISORY = True  # warnings of its own code from the data alone: a build need not run it


def survival_totals(game: Game) -> dict[str, int]:
    """Faction → its characters' survival added up (copies included)."""
    return {faction: sum(int(card.data.get("survival", 0)) * card.quantity
                         for card in faction_cards(game, faction, "character"))
            for faction in game.facts.get("factions", {})}


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a warning when the faction totals spread wider than the tolerance."""
    settings = game.facts.get("survival_balance")
    totals = survival_totals(game)
    if not settings or len(totals) < 2:
        return
    weakest = min(totals, key=totals.__getitem__)
    spread = max(totals.values()) - totals[weakest]
    if spread > settings["max_difference"]:
        listed = ", ".join(f"{faction} {total}" for faction, total in totals.items())
        yield Problem(game.fact_location("factions", weakest), CODE,
                      f"starting survival points differ by {spread} between factions ({listed})",
                      hint=f"raise {weakest}'s character survival or lower the others' (tolerance "
                           f"{settings['max_difference']}: facts.survival_balance in game.yaml)")
