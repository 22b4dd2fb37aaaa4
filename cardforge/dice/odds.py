"""Exact chance that a pool of dice pays a cost (Comic Creator rulebook, Card Costs), no sampling.

As far as a cost cares, a roll is the multiset of values shown: colours matter only for the
required colour, a property of the pool since a spare die may be added (Card Costs Q&A), and
for ``AnyDie`` components. So the rolled dice's value counts are enumerated with multinomial
weights (integers out of ``len(faces) ** n``), the fixed dice are added, and each count vector
is tested with the same search ``can_pay`` uses (:mod:`cardforge.dice._solve`).

To keep that small (:mod:`cardforge.dice._counts` enumerates): a count is capped at the most
dice of that value one payment could use (a pair needs at most 2 threes), and values the cost
treats alike (all of them for of-a-kind costs, each parity for even/odd) are merged by
sorting their counts. A lone sum needs only the running total; one sum beside other
components needs the total and the counts capped for the others, since the roll pays iff the
total minus the least those others can take reaches the sum. Colours named by ``AnyDie``
components are counted apart. Distributions are cached per (dice, faces, reduction),
satisfiability per (cost, counts) and results per (cost, dice, faces, fixed dice).

Used by the Comic Creator pack and the core rules fed by ``card_costs:`` (see :mod:`cardforge.dice`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from cardforge.dice._counts import OddsTooLarge, Sides, distribution, rolls, sum_distribution
from cardforge.dice._model import AnyDie, Component, Cost, OfAKind, Parity, Run, SumAtLeast
from cardforge.dice._solve import plans, satisfiable

__all__ = ["OddsTooLarge", "Pool", "pay_probability", "min_dice_to_pay"]

D6 = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Pool:
    """A player's dice: ``rolled`` (colour, number rolled) and ``fixed`` (colour, preset value,
    e.g. red dice from Skill cards). Raises ValueError for negative counts or values < 1."""

    rolled: tuple[tuple[str, int], ...]
    fixed: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rolled", tuple((c, n) for c, n in self.rolled))
        object.__setattr__(self, "fixed", tuple((c, v) for c, v in self.fixed))
        for what, pairs, least in (("rolled count", self.rolled, 0), ("fixed value", self.fixed, 1)):
            for colour, n in pairs:
                if not isinstance(colour, str) or not colour:
                    raise ValueError(f"pool colour must be a non-empty str, not {colour!r}")
                if isinstance(n, bool) or not isinstance(n, int) or n < least:
                    raise ValueError(f"{what} for {colour} must be an integer >= {least}: {n!r}")

    @classmethod
    def from_mapping(cls, data: Mapping) -> Pool:
        """From game.yaml's shape: ``{"rolled": {"white": 2, "green": 3}, "fixed": [{"colour":
        "red", "value": 6}]}`` (``fixed`` optional; other keys such as label are ignored).
        Raises ValueError naming what is malformed."""
        rolled, fixed = data.get("rolled") if isinstance(data, Mapping) else None, None
        if not isinstance(rolled, Mapping):
            raise ValueError("a pool needs 'rolled': a mapping of colour to number of dice")
        fixed = data.get("fixed") or []
        if not isinstance(fixed, Sequence) or not all(
                isinstance(d, Mapping) and set(d) == {"colour", "value"} for d in fixed):
            raise ValueError("a pool's 'fixed' is a list of {colour: ..., value: ...}")
        return cls(tuple(rolled.items()), tuple((d["colour"], d["value"]) for d in fixed))

    @property
    def held(self) -> Counter[str]:
        """Dice per colour, rolled and fixed together."""
        held: Counter[str] = Counter()
        for colour, n in self.rolled:
            held[colour] += n
        held.update(colour for colour, _ in self.fixed)
        return held


def _sides(faces: Sequence[int]) -> Sides:
    if not faces or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in faces):
        raise ValueError(f"faces must be a non-empty sequence of positive integers: {faces!r}")
    return tuple(sorted(Counter(faces).items()))


def _cap(cost: Cost, v: int) -> int:
    """The most dice showing ``v`` that one payment of ``cost`` can need. A sum needs at most
    ceil(total / v) of them: a die it does not need can be left out."""
    cap = 0
    for c in cost.components:
        if isinstance(c, OfAKind):
            cap += c.n
        elif isinstance(c, Parity):
            cap += c.n if v % 2 == (c.parity == "odd") else 0
        elif isinstance(c, SumAtLeast):
            cap += -(-c.total // v)
        else:
            cap += 1
    return cap


@lru_cache(maxsize=1 << 18)
def _sat(cost: Cost, counts: tuple[tuple[int, int], ...],
         colours: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]) -> bool:
    return satisfiable(cost, dict(counts), {c: dict(m) for c, m in colours})


@lru_cache(maxsize=4096)
def _numerator(cost: Cost, ns: tuple[int, ...], sides: Sides,
               fixed: tuple[tuple[tuple[int, int], ...], ...]) -> int:
    """Weight (out of faces ** sum(ns)) of the rolls that, with the ``fixed`` dice, pay.

    ``ns`` and ``fixed`` (per group, (value, dice) pairs) are grouped as in ``_distribution``.
    """
    comps = cost.components
    sums = [c for c in comps if isinstance(c, SumAtLeast)]
    if len(sums) == 1 and len(ns) == 1:
        return _numerator_one_sum(cost, ns[0], sides, dict(fixed[0]))
    colours = sorted({c.colour for c in comps if isinstance(c, AnyDie)})
    wanted = Counter(c.colour for c in comps if isinstance(c, AnyDie))
    mult, fixed_at = dict(sides), [dict(f) for f in fixed]
    kinds = {type(c) for c in comps}

    def alike(v: int) -> tuple:
        """What the cost sees of value v; values alike are interchangeable."""
        same = (mult.get(v, 0), tuple(f.get(v, 0) for f in fixed_at),
                (_cap(cost, v), *(wanted[c] for c in colours)))
        if kinds & {Run, SumAtLeast}:
            return (v, *same)
        return (v % 2, *same) if Parity in kinds else same

    groups: dict[tuple, list[int]] = defaultdict(list)
    for v in sorted(set(mult).union(*fixed_at), key=lambda v: (alike(v), v)):
        groups[alike(v)].append(v)
    values = [v for block in groups.values() for v in block]
    layout = tuple((len(block), *alike(block[0])[-3:]) for block in groups.values())
    numerator = 0
    for key, w in distribution(ns, layout).items():
        entries = [e if isinstance(e, tuple) else (e,) for part in key for e in part]
        counts = tuple(sorted((v, e[0]) for v, e in zip(values, entries, strict=True)))
        own = tuple((c, tuple(sorted((v, e[g]) for v, e in zip(values, entries, strict=True))))
                    for g, c in enumerate(colours, 1))
        if _sat(cost, counts, own):
            numerator += w
    return numerator


@lru_cache(maxsize=1 << 16)
def _least_spend(cost: Cost, counts: tuple[tuple[int, int], ...]) -> int | None:
    """Smallest total of the values a payment of ``cost`` takes from ``counts`` (None: none)."""
    return min((sum(map(sum, plan)) for plan in plans(cost, dict(counts))), default=None)


def _numerator_one_sum(cost: Cost, n: int, sides: Sides, fixed: dict[int, int]) -> int:
    """``_numerator`` for one sum (total T) beside components R: a roll pays iff its total minus
    the least a payment of R can take is >= T, and what R can take depends only on the counts
    capped for R. A lone sum needs only the running total."""
    total = next(c.total for c in cost.components if isinstance(c, SumAtLeast))
    start = sum(v * k for v, k in fixed.items())
    if len(cost.components) == 1:
        dist = sum_distribution(n, sides, start, total)
        return sum(w for s, w in dist.items() if s >= total)
    rest = Cost(tuple(c for c in cost.components if not isinstance(c, SumAtLeast)))
    values = [v for v, _ in sides]
    caps = [_cap(rest, v) for v in values]
    extra = tuple((v, min(k, _cap(rest, v))) for v, k in fixed.items() if v not in values)
    numerator = 0
    for counts, w in rolls(n, sides):
        s = start + sum(v * c for v, c in zip(values, counts, strict=True))
        if s < total:
            continue
        key = tuple((v, min(c + fixed.get(v, 0), cap))
                    for v, c, cap in zip(values, counts, caps, strict=True))
        spend = _least_spend(rest, key + extra)
        if spend is not None and s - spend >= total:
            numerator += w
    return numerator


def pay_probability(cost: Cost, pool: Pool, *, faces: Sequence[int] = D6,
                    required_colour: str | None = None) -> Fraction:
    """Exact probability that one roll of ``pool``'s rolled dice (each showing one of ``faces``
    with equal chance; repeat a value to weight it) lets the pool pay ``cost``.

    0 if the pool holds no die of ``required_colour`` (green in Comic Creator) or too few of an
    ``AnyDie`` colour. Raises ValueError for bad ``faces`` (must be positive integers), and
    :class:`OddsTooLarge` (a ValueError naming the cost, dice and faces) when the exact odds
    would take more than :data:`cardforge.boundary.trust.MAX_ODDS_PATTERNS` roll patterns: a die with
    many faces in a large pool.
    """
    sides = _sides(faces)
    held = pool.held
    if required_colour is not None and not held[required_colour]:
        return Fraction(0)
    dies = Counter(c.colour for c in cost.components if isinstance(c, AnyDie))
    if any(held[c] < k for c, k in dies.items()):
        return Fraction(0)
    if len(dies) == len(cost.components):
        return Fraction(1)
    colours = sorted(dies)
    group = {c: g for g, c in enumerate(colours, 1)}
    ns = [0] * (len(colours) + 1)
    for colour, k in pool.rolled:
        ns[group.get(colour, 0)] += k
    fixed = [Counter() for _ in ns]
    for colour, v in pool.fixed:
        fixed[group.get(colour, 0)][v] += 1
    try:
        numerator = _numerator(cost, tuple(ns), sides, tuple(tuple(sorted(f.items())) for f in fixed))
    except OddsTooLarge as exc:
        raise OddsTooLarge(f"the odds of paying {cost} with {sum(ns)} rolled dice of "
                           f"{len(faces)} faces are too costly to compute: {exc}; use a die "
                           "with fewer faces or a smaller pool") from None
    return Fraction(numerator, len(faces) ** sum(ns))


def _least(c: Component, values: set[int]) -> int | None:
    """Fewest dice showing ``values`` that pay component ``c``, or None if none can."""
    if isinstance(c, Run):
        ok = any(all(s + k in values for k in range(c.length)) for s in values)
        return c.length if ok else None
    if isinstance(c, Parity):
        return c.n if any(v % 2 == (c.parity == "odd") for v in values) else None
    if isinstance(c, SumAtLeast):
        return -(-c.total // max(values))
    return c.n if isinstance(c, OfAKind) else 1


def min_dice_to_pay(cost: Cost, faces: Sequence[int] = D6) -> int | None:
    """Fewest dice with these ``faces`` whose values can pay ``cost`` (colours aside: an
    ``AnyDie`` counts one die), or None if no number of them ever can (``RUN7`` on d6,
    ``EVEN3`` on odd-only faces). Components take disjoint dice, so this is a sum over them.
    Raises ValueError for bad ``faces``."""
    values = {v for v, _ in _sides(faces)}
    parts = [_least(c, values) for c in cost.components]
    return None if None in parts else sum(parts)
