"""``cardforge stats dice-girls``: each idol's expected total and its spread, exactly.

One row per idol design, then one per attribute and one for the whole deck. For an idol,
``expected`` is the mean of the pips on it at the end of a game and ``variance`` the
variance (both exact Fractions), ``sd`` the standard deviation, ``dice`` the fewest–most
dice it rolls; the model (random deal, random play position, the idols before it drawn
from the other cards) is described in :mod:`cardforge.games.dice_girls.dg_odds`. An
attribute's row is one idol of that attribute picked at random (copies weighted): the
mixture of its idols, whose variance includes how much the idols differ from each other.
"""

from __future__ import annotations

from fractions import Fraction

from cardforge.games.dice_girls.dg_idols import Idol, attribute_name, idols, instances
from cardforge.games.dice_girls.dg_odds import Total, mixture, totals
from cardforge.games.dice_girls.dg_supply import worst_hand
from cardforge.model.game_model import Game
from cardforge.model.stats_table import Column, Table


def _dice(total: Total) -> str:
    low, high = total.dice_low, total.dice_high
    return str(low) if low == high else f"{low}-{high}"


def _row(of: str, key: str, name: str, attribute: str, icon: str, copies: int, total: Total) -> dict:
    return {"of": of, "card": key, "name": name, "attribute": attribute, "icon": icon,
            "copies": copies, "dice": _dice(total), "expected": total.mean, "sd": total.sd,
            "variance": total.variance}


def table(game: Game) -> Table:
    """The stats table for ``game`` (see the module documentation)."""
    columns = [Column("of", "of"), Column("card", "card"), Column("name", "name"),
               Column("attribute", "attribute"), Column("icon", "icon"),
               Column("copies", "copies", "int"), Column("dice", "dice"),
               Column("expected", "expected", "number"), Column("sd", "sd", "number"),
               Column("variance", "variance", "number")]
    result = Table(f"{game.spec.name('en')}: expected pips per idol and their spread (exact)",
                   columns)
    exact = totals(game)
    designs = [idol for idol in idols(game) if idol.card.id in exact]
    for idol in designs:
        result.rows.append(_row("idol", idol.card.id, idol.card.name("en"), idol.attribute,
                                str(idol.icon), idol.card.quantity, exact[idol.card.id]))
    groups: dict[str, list[Idol]] = {}
    for idol in designs:
        groups.setdefault(idol.attribute, []).append(idol)
    for attribute, members in [*groups.items(), ("*", designs)]:
        if not members:
            continue
        parts = [(Fraction(i.card.quantity), exact[i.card.id]) for i in members]
        label = "all idols" if attribute == "*" else f"{attribute_name(game, attribute, 'en')} idols"
        result.rows.append(_row("attribute" if attribute != "*" else "deck", attribute, label,
                                attribute, "", sum(i.card.quantity for i in members),
                                mixture(parts)))
    result.notes.extend(_notes(game))
    return result


def _notes(game: Game) -> list[str]:
    facts = game.facts
    need = worst_hand(instances(game), int(facts["cards_played"]))
    extra = int(facts.get("first_player_extra_dice", 0))
    return [
        f"Model: hands dealt at random, {facts['cards_played']} idols played in a random order; "
        "rerolls and dice changes chosen greedily (see cardforge.games.dice_girls.dg_odds).",
        f"The first player's first idol rolls {extra} more die (not in the rows: it belongs to "
        "no card).",
        f"Most dice one player can need: {need.dice + extra} of {facts['dice_per_player']} "
        f"({', '.join(i.card.id for i in need.hand)}, plus the first player's {extra}).",
    ]
