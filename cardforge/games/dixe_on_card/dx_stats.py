"""``cardforge stats dixe-on-card``: each card's exact odds of being flipped in one turn.

One row per card: id, name, set, then the chance of each combination in the difficulty
mode (game.yaml ``facts.difficulty.mode``), the chance of the whole card in that mode, and
the card's chance in every other joker mode of ``facts.joker_modes``. The owner holds
every DiXe of the card's set; see :mod:`cardforge.games.dixe_on_card.dx_difficulty`.
"""

from __future__ import annotations

from cardforge.games.dixe_on_card.dx_difficulty import card_odds, solve_game
from cardforge.model.game_model import Game
from cardforge.model.stats_table import Column, Table


def odds_table(game: Game) -> Table:
    """The odds table for ``game`` (see the module documentation)."""
    mode = game.facts["difficulty"]["mode"]
    modes = [m for m in game.facts["joker_modes"] if m != mode]
    per_card = int(game.facts["combinations_per_card"])
    columns = [Column("card", "card"), Column("name", "name"), Column("set", "set")]
    columns += [Column(f"c{i}", f"combo {i}", "probability") for i in range(1, per_card + 1)]
    columns += [Column(mode, f"card ({mode})", "probability")]
    columns += [Column(m, f"card ({m})", "probability") for m in modes]
    table = Table(title=f"{game.spec.name('en')}: chance to make each combination and to flip "
                        "each card in one turn", columns=columns)
    solve_game(game, mode, *modes)
    for card in game.cards():
        odds = card_odds(card, game, mode)
        if odds is None:
            continue
        row = {"card": card.id, "name": card.name("en"), "set": card.deck, mode: odds[1]}
        row.update({f"c{i}": p for i, p in enumerate(odds[0][:per_card], 1)})
        for other in modes:
            row[other] = card_odds(card, game, other)[1]  # type: ignore[index]
        table.rows.append(row)
    table.notes.append("The owner holds every DiXe of the card's set; each throw must place "
                       f"{game.facts['useful_dice_per_throw']} DiXe or more (a needed symbol or "
                       "a joker), else the combination is lost; DiXes come back between "
                       "combinations. Saved symbols and skills are not counted.")
    return table
