"""``cardforge stats dice-tuners``: how often each Strategy value is On Fire.

In a duel both players reveal a Strategy card; the highest value is On Fire, and equal
highest values are all On Fire (Dice Tuners rulebook, Duel Phase, Step 1). One row per
value found on Strategy cards (Bluff value included): how many cards carry it, and the
exact chances (Fractions) that a card of that value is On Fire against one card drawn at
random from the shuffled Strategy deck (Bluff cards are not in it), alone or in a tie.
A card from the deck cannot meet itself: its own copy is taken out of the opponent's draw.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from cardforge.games.dice_tuners.dt_data import deck_values, is_bluff, strategy_cards
from cardforge.model.game_model import Game
from cardforge.model.stats_table import Column, Table


def on_fire(value: int, deck: Counter[int], own_from_deck: bool) -> tuple[Fraction, Fraction]:
    """(chance opponent's value is lower, chance it is equal) for a card of ``value``
    against one card drawn from ``deck`` (value → copies). ``own_from_deck``: the card is
    one of the deck's copies, so one copy of ``value`` is not there to draw. Raises
    ValueError when nothing is left to draw."""
    pool = Counter(deck)
    if own_from_deck:
        pool[value] -= 1
    total = sum(pool.values())
    if total <= 0:
        raise ValueError("the Strategy deck has no card left to draw")
    lower = sum(count for v, count in pool.items() if v < value)
    return Fraction(lower, total), Fraction(pool[value], total)


def on_fire_table(game: Game) -> Table:
    """The On Fire table for ``game`` (see the module documentation)."""
    deck = Counter(deck_values(game))
    bluffs = Counter(int(card.data["value"]) for card in strategy_cards(game)
                     if is_bluff(card) for _ in range(card.quantity))
    columns = [Column("value", "value", "int"), Column("kind", "kind"),
               Column("cards", "cards", "int"), Column("on_fire", "On Fire", "probability"),
               Column("alone", "alone", "probability"), Column("tie", "tie", "probability")]
    table = Table(title=f"{game.spec.name('en')}: chance that a Strategy value is On Fire "
                        "against a random card of the deck", columns=columns)
    kinds = [(value, "strategy", count, True) for value, count in sorted(deck.items())]
    kinds += [(value, "bluff", count, False) for value, count in sorted(bluffs.items())]
    for value, kind, count, from_deck in sorted(kinds, key=lambda k: (k[0], k[1])):
        if not deck:
            break
        lower, equal = on_fire(value, deck, from_deck)
        table.rows.append({"value": value, "kind": kind, "cards": count,
                           "on_fire": lower + equal, "alone": lower, "tie": equal})
    table.notes = [
        f"Deck: {sum(deck.values())} Strategy cards (Bluff cards are dealt, not shuffled in).",
        "On Fire = the other card's value is lower (alone) or equal (tie: both are On Fire).",
        "Colours are ignored: any card of the deck is assumed playable.",
    ]
    return table
