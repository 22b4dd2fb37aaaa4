"""The most dice one player can need at once: the worst hand, played in its worst order.

Dice stay on the idols they were rolled for ([[Play on a card]]: rolled dice are placed on
the card), so a player's need at the end of the game is the dice on all of their
``facts.cards_played`` idols, plus ``facts.first_player_extra_dice`` for the first player.
An idol's count can depend on the idols already in front of it (:meth:`Idol.dice`), so the
order matters: for each hand the best order is found by dynamic programming over subsets
(``need[S] = max over c in S of need[S - c] + dice(c | S - c)``). Hands are tried from the
highest upper bound (each idol counted as if every other idol came before it, of every
attribute at once) down, depth first, stopping once no remaining hand's bound can beat
the best exact need found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardforge.games.dice_girls.dg_idols import Before, Idol


@dataclass(frozen=True)
class Need:
    """The worst case: ``dice`` needed by ``hand`` (idols in their worst play order)."""

    dice: int
    hand: tuple[Idol, ...]


def hand_need(hand: Sequence[Idol]) -> Need:
    """The most dice ``hand`` can need, over every play order (DP over subsets)."""
    size = len(hand)
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for mask in range(1, 1 << size):
        members = [i for i in range(size) if mask >> i & 1]
        options = []
        for last in members:
            rest = mask & ~(1 << last)
            before = Before.of([hand[i].attribute for i in members if i != last])
            value, order = best[rest]
            options.append((value + hand[last].dice(before), order + (last,)))
        best[mask] = max(options)
    dice, order = best[(1 << size) - 1]
    return Need(dice, tuple(hand[i] for i in order))


def _ceiling(idol: Idol, attributes: Sequence[str], others: int) -> int:
    """Dice ``idol`` rolls with ``others`` idols before it, each counted as every attribute
    at once: more than any real hand gives it (counts only grow with more idols before)."""
    return idol.dice(Before(others, tuple((a, others) for a in sorted(set(attributes)))))


def worst_hand(cards: Sequence[Idol], played: int) -> Need:
    """The hand of ``played`` physical cards (from ``cards``) needing the most dice.

    With fewer cards than ``played``, all of them form the hand. Designs (copies share one
    Idol) are searched depth-first from the highest ceiling down; a branch stops when even
    its ceiling cannot beat the best exact need found, so big decks stay fast.
    """
    size = min(played, len(cards))
    copies: dict[int, int] = {}
    unique: dict[int, Idol] = {}
    for idol in cards:
        copies[id(idol)] = copies.get(id(idol), 0) + 1
        unique[id(idol)] = idol
    attributes = [idol.attribute for idol in cards]
    ranked = sorted(((_ceiling(idol, attributes, size - 1), key) for key, idol in unique.items()),
                    key=lambda pair: -pair[0])
    best = Need(-1, ())

    def search(first: int, hand: list[Idol], ceiling: int, taken: int) -> None:
        """Extend ``hand`` with designs ``first``…; ``taken`` copies of ``first`` are in it."""
        nonlocal best
        if len(hand) == size:
            need = hand_need(hand)
            if need.dice > best.dice:
                best = need
            return
        for i in range(first, len(ranked)):
            top, key = ranked[i]
            if ceiling + top * (size - len(hand)) <= best.dice:
                return
            already = taken if i == first else 0
            if already < copies[key]:
                search(i, [*hand, unique[key]], ceiling + top, already + 1)

    search(0, [], 0, 0)
    return best
