"""``cardforge stats comic-creator``: exact odds that each reference pool pays each cost.

One row per card with a cost (Experience and Skill cards): id, name, deck, cost notation,
VP, and for every pool in ``facts.reference_pools`` the exact probability (a Fraction)
that a player holding that pool can pay the cost, the payment colour rule included.
"""

from __future__ import annotations

from cardforge.games.comic_creator.cc_costs import parsed_cost, probability, reference_pools
from cardforge.model.game_model import Game
from cardforge.model.stats_table import Column, Table


def cost_table(game: Game) -> Table:
    """The odds table for ``game`` (see the module documentation)."""
    pools = reference_pools(game)
    columns = [Column("card", "card"), Column("name", "name"), Column("deck", "deck"),
               Column("cost", "cost"), Column("vp", "VP", "int"), Column("quantity", "qty", "int")]
    columns += [Column(pool.name, pool.name, "probability") for pool in pools]
    table = Table(title=f"{game.spec.name('en')}: chance that each reference pool pays each cost",
                  columns=columns)
    for card in game.cards():
        cost = parsed_cost(card)
        if cost is None:
            continue
        row = {"card": card.id, "name": card.name("en"), "deck": card.deck, "cost": cost.notation(),
               "vp": card.data.get("vp"), "quantity": card.quantity}
        for pool in pools:
            row[pool.name] = probability(cost, pool.pool, game)
        table.rows.append(row)
    for pool in pools:
        spec = game.facts["reference_pools"][pool.name]
        table.notes.append(f"{pool.name}: {spec.get('why', '').strip()}")
    return table
