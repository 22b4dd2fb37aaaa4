"""Which costs are strictly harder than which, decided exactly from the rolls that pay them.

A *universe* is a finite list of outcomes a player can have in hand; cost A is **strictly
harder** than cost B in a list of universes when every outcome of every universe that pays
A also pays B, and some outcome pays B but not A. So ``RUN5`` is harder than ``RUN4``,
``X=X=X=X`` than ``X=X=X``, six green dice than five, ``X=X=X Y=Y`` than ``X=X=X``; ``25+``
and ``RUN4`` are not comparable (each is paid by some roll that does not pay the other).
Strings are never compared: the answer is the dice model's (:mod:`cardforge.dice._solve`,
the search ``can_pay`` and the odds use).

Two kinds of universe:

- :func:`pool_universe`: every roll of a :class:`~cardforge.dice.odds.Pool`'s rolled dice
  (with its fixed dice added), as the costs see it: the value counts of all the dice, and,
  for each colour some cost names (``green``), that colour's value counts. Rolls are
  counted per colour group with :func:`cardforge.dice._counts.rolls`; more than
  :data:`cardforge.boundary.trust.MAX_ODDS_PATTERNS` outcomes raise :class:`OddsTooLarge`.
- :func:`hand_universe`: every hand of at most ``most`` dice drawn from a supply (colour →
  dice), each die showing the same value: for costs made of colours alone, whose payment
  does not depend on the values rolled (Dice Tuners overdrives).

:meth:`Universe.paying` is the bitmask of the outcomes that pay a cost (bit ``i``: outcome
``i``), remembered per cost; :func:`strictly_harder` compares two costs' masks. Both
enumerate at most MAX_ODDS_PATTERNS outcomes and test each once per cost.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product

from cardforge.boundary.trust import MAX_ODDS_PATTERNS
from cardforge.dice._counts import OddsTooLarge, rolls
from cardforge.dice._model import AnyDie, Cost
from cardforge.dice._solve import satisfiable
from cardforge.dice.odds import Pool

__all__ = ["OddsTooLarge", "Universe", "hand_universe", "named_colours", "pool_universe",
           "strictly_harder"]

Counts = tuple[tuple[int, int], ...]
Outcome = tuple[Counts, tuple[tuple[str, Counts], ...]]
"""(value → dice showing it, of all dice; per named colour, the same for that colour's dice)."""


@dataclass
class Universe:
    """The ``outcomes`` a player can hold; ``paying`` masks are remembered per cost."""

    outcomes: tuple[Outcome, ...]
    _masks: dict[Cost, int] = field(default_factory=dict, repr=False)

    def paying(self, cost: Cost) -> int:
        """Bitmask of the outcomes whose dice can pay ``cost`` (bit i: ``outcomes[i]``)."""
        if cost not in self._masks:
            mask = 0
            for i, (counts, colours) in enumerate(self.outcomes):
                if satisfiable(cost, dict(counts), {c: dict(m) for c, m in colours}):
                    mask |= 1 << i
            self._masks[cost] = mask
        return self._masks[cost]


def named_colours(costs: Sequence[Cost]) -> frozenset[str]:
    """The colours the ``costs`` name as components (``green`` in ``X=X green``)."""
    return frozenset(c.colour for cost in costs for c in cost.components if isinstance(c, AnyDie))


def _counts(counter: Mapping[int, int]) -> Counts:
    return tuple(sorted((v, n) for v, n in counter.items() if n))


def pool_universe(pool: Pool, faces: Sequence[int], colours: frozenset[str]) -> Universe:
    """Every roll of ``pool`` (dice showing ``faces``, repeats weighting nothing: a roll is
    in the universe or not), its fixed dice added, with the value counts of each of
    ``colours`` kept apart. Raises OddsTooLarge past MAX_ODDS_PATTERNS outcomes, ValueError
    for faces that are not positive integers."""
    if not faces or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in faces):
        raise ValueError(f"faces must be positive integers: {list(faces)!r}")
    values = sorted(set(faces))
    sides = tuple((v, 1) for v in values)
    groups: dict[str | None, int] = Counter()
    for colour, n in pool.rolled:
        groups[colour if colour in colours else None] += n
    order = sorted(groups, key=lambda g: (g is not None, g or ""))
    sizes = [math.comb(groups[g] + len(values) - 1, groups[g]) for g in order]
    if math.prod(sizes) > MAX_ODDS_PATTERNS:
        raise OddsTooLarge(f"{math.prod(sizes):,} rolls of {sum(groups.values())} dice are more "
                           f"than {MAX_ODDS_PATTERNS:,} (cardforge.boundary.trust.MAX_ODDS_PATTERNS)")
    fixed_all: Counter[int] = Counter(v for _, v in pool.fixed)
    fixed_by: dict[str, Counter[int]] = {c: Counter() for c in colours}
    for colour, v in pool.fixed:
        if colour in colours:
            fixed_by[colour][v] += 1
    outcomes: list[Outcome] = []
    for combo in product(*(rolls(groups[g], sides) for g in order)):
        every: Counter[int] = Counter(fixed_all)
        own = {c: Counter(fixed_by[c]) for c in colours}
        for g, (counts, _) in zip(order, combo, strict=True):
            shown = dict(zip(values, counts, strict=True))
            every.update(shown)
            if g is not None:
                own[g].update(shown)
        outcomes.append((_counts(every), tuple((c, _counts(own[c])) for c in sorted(colours))))
    return Universe(tuple(outcomes))


def hand_universe(supply: Mapping[str, int], most: int) -> Universe:
    """Every hand of at most ``most`` dice, at most ``supply[c]`` of colour ``c``, each die
    showing 1: the universe of costs made of colours alone. Raises OddsTooLarge past
    MAX_ODDS_PATTERNS hands."""
    colours = sorted(supply)
    ranges = [range(min(int(supply[c]), most) + 1) for c in colours]
    if math.prod(len(r) for r in ranges) > MAX_ODDS_PATTERNS:
        raise OddsTooLarge(f"hands of {most} dice of {len(colours)} colours are more than "
                           f"{MAX_ODDS_PATTERNS:,} (cardforge.boundary.trust.MAX_ODDS_PATTERNS)")
    outcomes = [(_counts({1: sum(hand)}),
                 tuple((c, _counts({1: k})) for c, k in zip(colours, hand, strict=True)))
                for hand in product(*ranges) if sum(hand) <= most]
    return Universe(tuple(outcomes))


def strictly_harder(a: Cost, b: Cost, universes: Sequence[Universe]) -> bool:
    """Whether ``a`` is strictly harder than ``b`` in ``universes``: every outcome paying
    ``a`` pays ``b``, some outcome pays ``b`` and not ``a``, and some outcome pays ``a`` (a
    cost nothing pays is no one's to compare: the supply rules report it)."""
    paid = different = False
    for universe in universes:
        mask_a, mask_b = universe.paying(a), universe.paying(b)
        if mask_a & ~mask_b:
            return False
        paid = paid or bool(mask_a)
        different = different or mask_a != mask_b
    return paid and different
