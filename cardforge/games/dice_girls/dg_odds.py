"""Exact expected total and spread of an idol's pips, by enumeration (no sampling).

The model (Dice Girls rule manual, [[Basic rule]] and [[Play on a card]]): hands are dealt
at random from the idol deck and each player plays ``facts.cards_played`` idols in a random
order. So an idol is equally likely to be played 1st … last, and the idols already in front
of its player are a uniformly random subset of the *other* physical cards of that size;
their attributes follow the multivariate hypergeometric law. In each such situation the
idol rolls :meth:`Idol.dice` dice, then its dice-changing effects apply in card order:

- ``reroll n``: its player rerolls up to n dice showing less than the die's mean, lowest
  first (the choice that maximises the expected sum for one reroll);
- ``opponent-reroll n``: an opponent rerolls up to n dice showing more than the mean,
  highest first (the choice that minimises it);
- ``set-die v``: the lowest die, if below v, is turned to v;
- ``flip-low v``: every die showing v or less is turned to its opposite face.

Rolls are enumerated as multisets with multinomial weights, so every probability, mean and
variance is an exact Fraction. The first player's extra die (a game-level bonus) is left
out: it belongs to no card.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod

from cardforge.games.dice_girls.dg_idols import Before, Die, Idol, instances
from cardforge.model.game_model import Game

Dice = tuple[int, ...]
"""A roll as a multiset: the values shown, sorted ascending."""


@dataclass(frozen=True)
class Total:
    """An idol's final pips: exact ``mean`` and ``variance`` (Fractions, pips and pips²) and
    the fewest and most dice it can roll (``dice_low``, ``dice_high``)."""

    mean: Fraction
    variance: Fraction
    dice_low: int
    dice_high: int

    @property
    def sd(self) -> float:
        """Standard deviation in pips (the square root is the one inexact step)."""
        return float(self.variance) ** 0.5


@lru_cache(maxsize=64)
def rolls(n: int, faces: tuple[int, ...]) -> tuple[tuple[Dice, Fraction], ...]:
    """Every multiset of ``n`` dice with its exact probability (multinomial weight / faces^n)."""
    total = len(faces) ** n
    out = []
    for dice in combinations_with_replacement(faces, n):
        weight = factorial(n) // prod(factorial(c) for c in Counter(dice).values())
        out.append((dice, Fraction(weight, total)))
    return tuple(out)


def _apply(state: dict[Dice, Fraction], kind: str, k: int, die: Die) -> dict[Dice, Fraction]:
    """The roll distribution after one dice-changing effect (see the module docstring)."""
    out: dict[Dice, Fraction] = defaultdict(Fraction)
    for dice, p in state.items():
        if kind in ("reroll", "opponent-reroll"):
            if kind == "reroll":
                j = min(k, sum(1 for d in dice if d < die.mean))
                kept = dice[j:]
            else:
                j = min(k, sum(1 for d in dice if d > die.mean))
                kept = dice[:len(dice) - j]
            for fresh, q in rolls(j, die.faces):
                out[tuple(sorted(kept + fresh))] += p * q
        elif kind == "set-die":
            changed = (k, *dice[1:]) if dice and dice[0] < k else dice
            out[tuple(sorted(changed))] += p
        elif kind == "flip-low":
            out[tuple(sorted(die.opposite_sum - d if d <= k else d for d in dice))] += p
        else:
            out[dice] += p
    return out


@lru_cache(maxsize=4096)
def pips(n: int, changes: tuple[tuple[str, int], ...], die: Die) -> tuple[Fraction, Fraction]:
    """(E[S], E[S²]) of the final sum S of ``n`` dice after ``changes`` (kind, number).

    A reroll that is the last change is not expanded: the fresh dice's moments are added
    to the kept dice's, which keeps large rolls fast.
    """
    state: dict[Dice, Fraction] = dict(rolls(n, die.faces))
    for kind, k in changes[:-1]:
        state = _apply(state, kind, k, die)
    last = changes[-1] if changes else ("none", 0)
    if last[0] not in ("reroll", "opponent-reroll"):
        state = _apply(state, *last, die)
        last = ("none", 0)
    mean = die.mean
    var = Fraction(sum(f * f for f in die.faces), len(die.faces)) - mean * mean
    first = second = Fraction(0)
    for dice, p in state.items():
        kept, fresh = _split(dice, *last, die)
        s = sum(kept)
        first += p * (s + fresh * mean)
        second += p * ((s + fresh * mean) ** 2 + fresh * var)
    return first, second


def _split(dice: Dice, kind: str, k: int, die: Die) -> tuple[Dice, int]:
    """(dice kept, number rerolled) for a final reroll change (kind "none": all kept)."""
    if kind == "reroll":
        j = min(k, sum(1 for d in dice if d < die.mean))
        return dice[j:], j
    if kind == "opponent-reroll":
        j = min(k, sum(1 for d in dice if d > die.mean))
        return dice[:len(dice) - j], j
    return dice, 0


def situations(others: Sequence[str], cards_played: int) -> list[tuple[Fraction, Before]]:
    """Each possible :class:`Before` for an idol and its probability.

    ``others`` are the attributes of every other physical idol card. The idol is played
    1st … ``cards_played``-th with equal chance; with k idols before it (never more than
    ``others`` holds), their attributes are drawn without replacement from ``others``.
    """
    groups = sorted(Counter(others).items())
    out: list[tuple[Fraction, Before]] = []
    for position in range(cards_played):
        k = min(position, len(others))
        ways = comb(len(others), k)
        for counts in _compositions([n for _, n in groups], k):
            weight = prod(comb(n, c) for (_, n), c in zip(groups, counts, strict=True))
            by = tuple((a, c) for (a, _), c in zip(groups, counts, strict=True) if c)
            out.append((Fraction(weight, ways * cards_played), Before(k, by)))
    return out


def _compositions(limits: list[int], total: int) -> Iterable[tuple[int, ...]]:
    """Tuples c with 0 <= c[i] <= limits[i] and sum(c) == total."""
    if not limits:
        if total == 0:
            yield ()
        return
    for first in range(min(limits[0], total) + 1):
        for rest in _compositions(limits[1:], total - first):
            yield (first, *rest)


def idol_total(idol: Idol, others: Sequence[str], cards_played: int, die: Die,
               most_dice: int) -> Total:
    """The exact :class:`Total` of ``idol`` when the other physical cards have attributes
    ``others`` and each player plays ``cards_played`` idols (model: module docstring).

    An idol never rolls more than ``most_dice`` (a player's whole supply; rule DG103
    reports idols that would need more), which also bounds the enumeration.
    """
    first = second = Fraction(0)
    low, high = None, 0
    changes = idol.changes()
    for p, before in situations(others, cards_played):
        n = min(idol.dice(before), most_dice)
        low = n if low is None else min(low, n)
        high = max(high, n)
        mean, square = pips(n, changes, die)
        first += p * mean
        second += p * square
    return Total(first, second - first * first, low or 0, high)


def mixture(parts: Sequence[tuple[Fraction, Total]]) -> Total:
    """The Total of picking one of ``parts`` (weight, Total) at random, by weight: the law
    of total variance. Raises ValueError when ``parts`` is empty."""
    if not parts:
        raise ValueError("a mixture needs at least one part")
    weight = sum((w for w, _ in parts), Fraction(0))
    mean = sum((w * t.mean for w, t in parts), Fraction(0)) / weight
    second = sum((w * (t.variance + t.mean ** 2) for w, t in parts), Fraction(0)) / weight
    return Total(mean, second - mean ** 2, min(t.dice_low for _, t in parts),
                 max(t.dice_high for _, t in parts))


def game_totals(all_instances: Sequence[Idol], cards_played: int, die: Die,
                most_dice: int) -> dict[str, Total]:
    """Card id → Total for every idol design among ``all_instances`` (physical cards);
    ``most_dice`` as for :func:`idol_total`."""
    out: dict[str, Total] = {}
    attributes = [i.attribute for i in all_instances]
    for index, idol in enumerate(all_instances):
        if idol.card.id in out:
            continue
        others = attributes[:index] + attributes[index + 1:]
        out[idol.card.id] = idol_total(idol, others, cards_played, die, most_dice)
    return out


ENUMERATION_LIMIT = 24
"""Most dice one roll is enumerated for (about 120,000 multisets); an idol is counted as
rolling no more than this or a player's supply, whichever is smaller."""


def totals(game: Game) -> dict[str, Total]:
    """Card id → exact Total for every idol design of ``game`` with at least one copy,
    from game.yaml ``facts`` (cards_played, die, dice_per_player)."""
    facts = game.facts
    most = min(int(facts["dice_per_player"]), ENUMERATION_LIMIT)
    return game_totals(instances(game), int(facts["cards_played"]), Die.of(game), most)
