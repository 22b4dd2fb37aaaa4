"""Enumerating rolls as value counts, with exact integer weights, for the odds.

A roll of ``n`` dice, each showing one of ``len(faces)`` faces, has ``len(faces) ** n`` equally
likely outcomes; these functions group them by what a cost can tell apart and return how many
outcomes fall in each group (multinomial coefficients times face multiplicities).
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import lru_cache
from itertools import product

from cardforge.boundary.trust import MAX_ODDS_PATTERNS

Sides = tuple[tuple[int, int], ...]  # (value, how many faces show it), by value
Key = tuple[tuple[int | tuple[int, ...], ...], ...]
Block = tuple[int, int, tuple[int, ...], tuple[int, ...]]


class OddsTooLarge(ValueError):
    """Exact odds would visit more than :data:`~cardforge.boundary.trust.MAX_ODDS_PATTERNS` roll
    patterns (a die with many faces, or many dice): the computation stops instead of
    running for minutes."""


def _check(patterns: int) -> None:
    """Raise :class:`OddsTooLarge` once more than MAX_ODDS_PATTERNS ``patterns`` are visited."""
    if patterns > MAX_ODDS_PATTERNS:
        raise OddsTooLarge(f"exact odds need more than {MAX_ODDS_PATTERNS:,} roll patterns "
                           "(cardforge.boundary.trust.MAX_ODDS_PATTERNS)")


@lru_cache(maxsize=1 << 14)
def moves(rs: tuple[int, ...], m: int, f: tuple[int, ...], caps: tuple[int, ...],
           last: bool) -> list[tuple[tuple[int, ...], int | tuple[int, ...], int]]:
    """Ways some of the ``rs`` dice left per group show one value (``m`` faces of it): (dice
    left per group, the value's record, weight). The last face takes every die left."""
    if len(rs) == 1:  # the usual case, kept lean: the record is the capped count
        r = rs[0]
        ways = (0,) if not m else (r,) if last else range(r + 1)
        return [((r - c,), min(c + f[0], caps[0]), math.comb(r, c) * m**c) for c in ways]
    found = []
    for cs in product(*[(0,) if not m else (r,) if last else range(r + 1) for r in rs]):
        entry = (min(sum(cs) + sum(f), caps[0]),
                 *(min(c + g, cap) for c, g, cap in zip(cs[1:], f[1:], caps[1:], strict=True)))
        weight = m ** sum(cs) * math.prod(math.comb(r, c) for r, c in zip(rs, cs, strict=True))
        found.append((tuple(r - c for r, c in zip(rs, cs, strict=True)), entry, weight))
    return found


@lru_cache(maxsize=1024)
def distribution(ns: tuple[int, ...], blocks: tuple[Block, ...]) -> dict[Key, int]:
    """Weights (out of sides ** sum(ns)) of the reduced count vectors of rolled dice.
    Raises :class:`OddsTooLarge` when more than MAX_ODDS_PATTERNS (state, value count) pairs are visited.

    ``ns`` is the number of dice rolled per group: group 0 holds the colours the cost does not
    name, group g >= 1 the g-th ``AnyDie`` colour. ``blocks`` lists (values in the block,
    faces showing each value, fixed dice per group, caps): per value the key records the count
    of all dice, then of each group g >= 1, fixed dice included and each capped by its cap
    (just the count, not a tuple, when there is one group). A key holds one sorted tuple of
    these records per block.
    """
    faces = [(b, m, f, caps) for b, (size, m, f, caps) in enumerate(blocks) for _ in range(size)]
    last = max(k for k, face in enumerate(faces) if face[1])
    states: dict[tuple[tuple[int, ...], Key], int] = {(ns, ()): 1}
    visited = 0
    for k, (b, m, f, caps) in enumerate(faces):
        opens = k == 0 or faces[k - 1][0] != b
        step: dict[tuple[tuple[int, ...], Key], int] = defaultdict(int)
        for (rs, key), w in states.items():
            ways = moves(rs, m, f, caps, k == last)
            visited += len(ways)
            _check(visited)
            for left, entry, weight in ways:
                new = key + ((entry,),) if opens else \
                    key[:-1] + (tuple(sorted((*key[-1], entry))),)
                step[left, new] += w * weight
        states = step
    return {key: w for (rs, key), w in states.items() if not any(rs)}


@lru_cache(maxsize=256)
def sum_distribution(n: int, sides: Sides, start: int, total: int) -> dict[int, int]:
    """Weights of min(start + sum of ``n`` rolled dice, total). Raises :class:`OddsTooLarge`
    past MAX_ODDS_PATTERNS (state, count) pairs."""
    states: dict[tuple[int, int], int] = {(n, min(start, total)): 1}
    visited = 0
    for k, (v, m) in enumerate(sides):
        step: dict[tuple[int, int], int] = defaultdict(int)
        for (r, s), w in states.items():
            visited += r + 1
            _check(visited)
            for c in (r,) if k == len(sides) - 1 else range(r + 1):
                step[r - c, min(s + v * c, total)] += w * math.comb(r, c) * m**c
        states = step
    return {s: w for (r, s), w in states.items() if r == 0}


@lru_cache(maxsize=64)
def rolls(n: int, sides: Sides) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every count vector of ``n`` dice (counts aligned with ``sides``) and its weight.
    Raises :class:`OddsTooLarge` past MAX_ODDS_PATTERNS of them."""
    found: list[tuple[tuple[int, ...], int]] = []
    _check(math.comb(n + len(sides) - 1, n))

    def spread(k: int, left: int, counts: tuple[int, ...], weight: int) -> None:
        v, m = sides[k]
        if k == len(sides) - 1:
            found.append(((*counts, left), weight * m**left))
            return
        for c in range(left + 1 if m else 1):
            spread(k + 1, left - c, (*counts, c), weight * math.comb(left, c) * m**c)

    spread(0, n, (), 1)
    return tuple(found)
