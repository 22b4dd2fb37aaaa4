"""Exact chance that a pool of dice pays a cost (Comic Creator rulebook, Card Costs), no sampling.

As far as a cost cares, a roll is the multiset of values shown: colours matter only for the
required colour, a property of the pool since a spare die may be added (Card Costs Q&A), and
for ``AnyDie`` components. So the rolled dice's value counts are enumerated with multinomial
weights (integers out of ``len(faces) ** n``), the fixed dice are added, and each count vector
is tested with the same search ``can_pay`` uses (:mod:`cardforge.dice._solve`).

To keep that small, a count is capped at the most dice of that value any payment could use
(a pair needs at most 2 threes), and values the cost treats alike (all of them for
of-a-kind costs, each parity for even/odd) are merged by sorting their counts; a lone sum is
reduced to the running total. Distributions are cached per (dice, faces, that reduction),
satisfiability per (cost, counts) and results per (cost, dice, faces, fixed dice).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from cardforge.dice._model import AnyDie, Component, Cost, OfAKind, Parity, Run, SumAtLeast
from cardforge.dice._solve import satisfiable

__all__ = ["Pool", "pay_probability", "min_dice_to_pay"]

D6 = (1, 2, 3, 4, 5, 6)
Sides = tuple[tuple[int, int], ...]  # (value, how many faces show it), by value
Key = tuple[tuple[int, ...], ...]


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


@lru_cache(maxsize=1024)
def _distribution(n: int, blocks: tuple[tuple[int, int, int, int], ...]) -> dict[Key, int]:
    """Weights (out of sides ** n) of the reduced count vectors of ``n`` rolled dice.

    ``blocks`` lists (faces in block, faces showing each value, fixed dice per value, cap); a
    key holds, per block, the sorted capped counts (rolled plus fixed) of its values.
    """
    faces = [(b, m, f, cap) for b, (size, m, f, cap) in enumerate(blocks) for _ in range(size)]
    last = max(k for k, face in enumerate(faces) if face[1])
    states: dict[tuple[int, Key], int] = {(n, ()): 1}
    for k, (b, m, f, cap) in enumerate(faces):
        opens = k == 0 or faces[k - 1][0] != b
        step: dict[tuple[int, Key], int] = defaultdict(int)
        for (r, key), w in states.items():
            for c in (0,) if not m else (r,) if k == last else range(r + 1):
                x = min(c + f, cap)
                new = key + ((x,),) if opens else key[:-1] + (tuple(sorted(key[-1] + (x,))),)
                step[r - c, new] += w * math.comb(r, c) * m**c
        states = step
    return {key: w for (r, key), w in states.items() if r == 0}


@lru_cache(maxsize=256)
def _sum_distribution(n: int, sides: Sides, start: int, total: int) -> dict[int, int]:
    """Weights of min(start + sum of ``n`` rolled dice, total)."""
    rolled = [(v, m) for v, m in sides]
    states: dict[tuple[int, int], int] = {(n, min(start, total)): 1}
    for k, (v, m) in enumerate(rolled):
        step: dict[tuple[int, int], int] = defaultdict(int)
        for (r, s), w in states.items():
            for c in (r,) if k == len(rolled) - 1 else range(r + 1):
                step[r - c, min(s + v * c, total)] += w * math.comb(r, c) * m**c
        states = step
    return {s: w for (r, s), w in states.items() if r == 0}


@lru_cache(maxsize=1 << 18)
def _sat(cost: Cost, counts: tuple[tuple[int, int], ...],
         colours: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()) -> bool:
    return satisfiable(cost, dict(counts), {c: dict(m) for c, m in colours})


def _blocks(cost: Cost, sides: Sides, fixed: Mapping[int, int]) -> list[tuple[int, ...]]:
    """Values grouped into blocks the cost cannot tell apart, each block in value order."""
    mult, kinds = dict(sides), {type(c) for c in cost.components}
    universe = sorted(set(mult) | set(fixed))

    def alike(v: int) -> tuple:
        same = (mult.get(v, 0), fixed.get(v, 0), _cap(cost, v))
        if kinds & {Run, SumAtLeast, AnyDie}:
            return (v, *same)
        return (v % 2, *same) if Parity in kinds else same
    groups: dict[tuple, list[int]] = defaultdict(list)
    for v in sorted(universe, key=lambda v: (alike(v), v)):
        groups[alike(v)].append(v)
    return list(groups.values())


@lru_cache(maxsize=4096)
def _numerator(cost: Cost, n: int, sides: Sides, fixed: tuple[tuple[int, int], ...]) -> int:
    """Weight (out of faces ** n) of the rolls of ``n`` dice that, with ``fixed``, pay."""
    fixed_at = dict(fixed)
    if len(cost.components) == 1 and isinstance(cost.components[0], SumAtLeast):
        total = cost.components[0].total
        start = sum(v * k for v, k in fixed)
        return sum(w for s, w in _sum_distribution(n, sides, start, total).items() if s >= total)
    mult, blocks = dict(sides), _blocks(cost, sides, fixed_at)
    layout = tuple((len(b), mult.get(b[0], 0), fixed_at.get(b[0], 0), _cap(cost, b[0]))
                   for b in blocks)
    return sum(w for key, w in _distribution(n, layout).items()
               if _sat(cost, tuple(sorted(zip((v for b in blocks for v in b),
                                              (x for part in key for x in part), strict=True)))))


def _numerator_colours(cost: Cost, pool: Pool, sides: Sides) -> int:
    """As ``_numerator`` when ``AnyDie`` components make colours matter: the dice of each such
    colour are enumerated apart from the rest."""
    colours = sorted({c.colour for c in cost.components if isinstance(c, AnyDie)})
    rolled = Counter()
    for colour, k in pool.rolled:
        rolled[colour if colour in colours else None] += k
    mult = dict(sides)
    universe = sorted(set(mult) | {v for _, v in pool.fixed})
    caps = [_cap(cost, v) for v in universe]
    layout = tuple((1, mult.get(v, 0), 0, cap) for v, cap in zip(universe, caps, strict=True))
    groups = [*colours, None]
    dists = [_distribution(rolled[g], layout).items() for g in groups]
    fixed = {g: Counter(v for c, v in pool.fixed if c == g or (g is None and c not in colours))
             for g in groups}
    numerator = 0
    for combo in product(*dists):
        vectors = [[x for (x,) in key] for key, _ in combo]
        own = {g: tuple((v, vec[i] + fixed[g][v]) for i, v in enumerate(universe))
               for g, vec in zip(groups, vectors, strict=True)}
        counts = tuple((v, min(sum(own[g][i][1] for g in groups), caps[i]))
                       for i, v in enumerate(universe))
        if _sat(cost, counts, tuple((g, own[g]) for g in colours)):
            numerator += math.prod(w for _, w in combo)
    return numerator


def pay_probability(cost: Cost, pool: Pool, *, faces: Sequence[int] = D6,
                    required_colour: str | None = None) -> Fraction:
    """Exact probability that one roll of ``pool``'s rolled dice (each showing one of ``faces``
    with equal chance; repeat a value to weight it) lets the pool pay ``cost``.

    0 if the pool holds no die of ``required_colour`` (green in Comic Creator) or too few of an
    ``AnyDie`` colour. Raises ValueError for bad ``faces`` (must be positive integers).
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
    n = sum(k for _, k in pool.rolled)
    if dies:
        numerator = _numerator_colours(cost, pool, sides)
    else:
        fixed = tuple(sorted(Counter(v for _, v in pool.fixed).items()))
        numerator = _numerator(cost, n, sides, fixed)
    return Fraction(numerator, len(faces) ** n)


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
