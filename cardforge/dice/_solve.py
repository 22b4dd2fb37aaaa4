"""The one satisfiability search behind ``can_pay`` (real dice) and the odds (value counts).

It works on values, not dice: ``counts`` maps a value to how many dice show it, and
``colour_counts[c]`` the same for the dice of colour ``c`` (only needed for ``AnyDie``
components). A *plan* gives, for each component of the cost in ``cost.components`` order, the
values of the dice it takes; the caller turns values into dice.

Rules (Comic Creator rulebook, Card Costs and Q&A): components take disjoint dice and nothing
ties the values of one component to another's, so 4-4-4-4 pays two pairs and 1-2-3 + 1-2-3
pays two straights of 3. The search is exhaustive over the choices that matter:

- ``AnyDie`` first (it needs a die of its colour), then of-a-kind groups (largest first) and
  straights (longest first), each trying every value or starting value; identical components
  take non-decreasing values, which removes only mirror-image duplicates.
- Even/odd components of one parity are pooled and take the lowest dice of that parity: only
  sums come after them, and leaving the highest dice is never worse for a sum.
- A lone sum takes the fewest dice (highest first); several sums are searched exhaustively.

``prefer`` (values of required-colour dice) adds, after the even/odd choice and a lone sum's
choice, one alternative that puts such a value inside the component (same number of dice), so
``can_pay`` can spend a green die inside the cost rather than adding one. Several sums get no
such alternative.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import combinations_with_replacement

from cardforge.dice._model import AnyDie, Component, Cost, OfAKind, Parity, Run, SumAtLeast

Plan = tuple[tuple[int, ...], ...]
_RANK = {AnyDie: 0, OfAKind: 1, Run: 2, Parity: 3, SumAtLeast: 4}


@lru_cache(maxsize=1024)
def _steps(cost: Cost) -> tuple[tuple[int, ...], ...]:
    """Component indices grouped into search steps, in search order."""
    comps = cost.components
    order = sorted(range(len(comps)), key=lambda i: (_RANK[type(comps[i])], -_size(comps[i])))
    steps: list[tuple[int, ...]] = []
    for i in order:
        c = comps[i]
        last = comps[steps[-1][0]] if steps else None
        pooled = isinstance(c, Parity) and isinstance(last, Parity) and last.parity == c.parity
        if pooled or (isinstance(c, SumAtLeast) and isinstance(last, SumAtLeast)):
            steps[-1] += (i,)
        else:
            steps.append((i,))
    return tuple(steps)


def _size(c: Component) -> int:
    return c.n if isinstance(c, OfAKind | Parity) else c.length if isinstance(c, Run) else 0


def _expand(left: Mapping[int, int], keep=lambda v: True, reverse: bool = False) -> list[int]:
    return [v for v in sorted(left, reverse=reverse) if keep(v) for _ in range(left[v])]


def _options(comps: tuple[Component, ...], step: tuple[int, ...], left: dict[int, int],
             colours: Mapping[str, Mapping[int, int]], floor: int | None,
             prefer: frozenset[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """The ways to pay one step, each as value tuples aligned with ``step``."""
    c = comps[step[0]]
    if isinstance(c, AnyDie):
        have = colours.get(c.colour, {})
        for v in sorted(have):
            if have[v] > 0 and (floor is None or v >= floor):
                yield ((v,),)
    elif isinstance(c, OfAKind):
        for v in sorted(left, key=lambda v: (left[v], v)):
            if left[v] >= c.n and (floor is None or v >= floor):
                yield ((v,) * c.n,)
    elif isinstance(c, Run):
        for s in sorted(left):
            if (floor is None or s >= floor) and all(left.get(s + k, 0) for k in range(c.length)):
                yield (tuple(range(s, s + c.length)),)
    elif isinstance(c, Parity):
        sizes = [comps[i].n for i in step]
        avail = _expand(left, lambda v: v % 2 == (c.parity == "odd"))
        if len(avail) < sum(sizes):
            return
        picks = [avail[: sum(sizes)]]
        hosts = sorted(g for g in prefer & set(avail))
        if hosts and not prefer & set(picks[0]):
            rest = list(avail)
            rest.remove(hosts[0])
            picks.append(sorted([hosts[0], *rest[: sum(sizes) - 1]]))
        for pick in picks:
            cuts = [sum(sizes[:k]) for k in range(len(sizes) + 1)]
            yield tuple(tuple(pick[a:b]) for a, b in zip(cuts, cuts[1:], strict=False))
    else:
        yield from _sums([comps[i].total for i in step], left, prefer)


def _sums(totals: list[int], left: Mapping[int, int],
          prefer: frozenset[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if sum(v * n for v, n in left.items()) < sum(totals):
        return
    avail = _expand(left, reverse=True)
    if len(totals) == 1:
        pick, acc = [], 0
        for v in avail:
            if acc >= totals[0]:
                break
            pick.append(v)
            acc += v
        if acc < totals[0]:
            return
        yield (tuple(pick),)
        hosts = sorted(prefer & set(avail), reverse=True)
        if hosts and not prefer & set(pick):
            rest = list(avail)
            rest.remove(hosts[0])
            alt = [*rest[: len(pick) - 1], hosts[0]]
            if sum(alt) >= totals[0]:
                yield (tuple(alt),)
        return
    yield from _cover(sorted(totals, reverse=True), dict(left), order=totals)


def _cover(totals: list[int], left: dict[int, int],
           order: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Disjoint dice for several sums (exhaustive); results aligned with ``order``."""
    found = _cover_sorted(totals, left)
    if found is not None:
        slots = {t: [] for t in order}
        for t, pick in zip(totals, found, strict=True):
            slots[t].append(pick)
        yield tuple(slots[t].pop(0) for t in order)


def _cover_sorted(totals: list[int], left: dict[int, int]) -> list[tuple[int, ...]] | None:
    if not totals:
        return []
    values = [v for v in sorted(left, reverse=True) if left[v] > 0]
    # values are >= 1, so a pick whose smallest die is needed has at most totals[0] dice
    for size in range(1, min(sum(left.values()), totals[0]) + 1):
        for pick in combinations_with_replacement(values, size):
            if sum(pick) < totals[0] or sum(pick) - pick[-1] >= totals[0]:
                continue  # too small, or its smallest die is not needed
            if any(pick.count(v) > left[v] for v in set(pick)):
                continue
            for v in pick:
                left[v] -= 1
            rest = _cover_sorted(totals[1:], left)
            for v in pick:
                left[v] += 1
            if rest is not None:
                return [pick, *rest]
    return None


def plans(cost: Cost, counts: Mapping[int, int],
          colour_counts: Mapping[str, Mapping[int, int]] | None = None,
          prefer: frozenset[int] = frozenset()) -> Iterator[Plan]:
    """Every way (up to the pruning in the module docstring) to pay ``cost`` from ``counts``.

    Yields plans: one tuple of values per component, in ``cost.components`` order. Yields
    nothing if the dice cannot pay. Counts must be non-negative.
    """
    comps = cost.components
    left = {v: n for v, n in counts.items() if n > 0}
    colours = {c: dict(m) for c, m in (colour_counts or {}).items()}
    chosen: list[tuple[int, ...]] = [()] * len(comps)
    steps = _steps(cost)

    def search(k: int) -> Iterator[Plan]:
        if k == len(steps):
            yield tuple(chosen)
            return
        step = steps[k]
        prev = steps[k - 1][0] if k else None
        twin = prev is not None and comps[prev] == comps[step[0]] and len(step) == 1
        floor = chosen[prev][0] if twin else None
        for option in _options(comps, step, left, colours, floor, prefer):
            die = comps[step[0]] if isinstance(comps[step[0]], AnyDie) else None
            for i, values in zip(step, option, strict=True):
                chosen[i] = values
                for v in values:
                    left[v] -= 1
                    if die is not None:
                        colours[die.colour][v] -= 1
            yield from search(k + 1)
            for values in option:
                for v in values:
                    left[v] += 1
                    if die is not None:
                        colours[die.colour][v] += 1

    return search(0)


def satisfiable(cost: Cost, counts: Mapping[int, int],
                colour_counts: Mapping[str, Mapping[int, int]] | None = None) -> bool:
    """Whether dice showing ``counts`` (value → number of dice) can pay ``cost``."""
    return next(plans(cost, counts, colour_counts), None) is not None
