"""Exact odds of making a DiXe combination in one turn, by dynamic programming.

Throw rules (rulebook 2.2, 4.1, 4.2, 4.4): the player rolls every DiXe not yet placed on
the combination; after each throw they must place at least ``min_placed`` of the dice just
rolled (a symbol the combination still needs, or a character face, which is wild and
adapts to whatever is missing), or the throw fails and the combination is lost. A finished
combination ends the attempt; for the next one every DiXe is taken back and rolled again,
so a card's chance is the product of its combinations' chances. Expert modes cap the
jokers placed per throw and per combination in the turn (:class:`JokerLimits`).

State: (symbols still needed, jokers placed, dice left), where dice left is a multiset of
dice as the state sees them — each re-read against what is still needed, so DiXes that
differ only in symbols no longer useful merge. For each roll (how many dice of each kind
show a joker or a needed symbol), the best placement of any sub-count of it is found by a
running maximum over those counts, and the state's chance sums best chances over rolls.
Values are exact Fractions; floats only steer comparisons and exact ones break near-ties,
so the result is the exact optimum. Not modelled: saved symbols and skills (they only
help) and stopping early (it never helps to finish this turn).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from math import factorial, prod
from typing import Any

from cardforge.proc import forked

JOKER = "character"
"""The face that is wild (the DiXe's character)."""

WILD = -1
"""Category of a die showing its joker."""
MISS = -2
"""Category of a die showing nothing the combination still needs."""

Signature = tuple[tuple[int, int], ...]
"""A die as the state sees it: sorted (category, faces showing it); categories are WILD, a
needed symbol's index, or MISS."""
State = tuple[tuple[int, ...], int, tuple[tuple[Signature, int], ...]]
"""(needs per symbol, jokers placed, free dice as sorted (signature, how many)). Open
slots: sum(needs) - jokers."""


@dataclass(frozen=True)
class JokerLimits:
    """Caps on placing jokers: ``per_throw`` in one throw, ``per_combination`` over the turn
    (None: no cap). Normal mode has none; the rulebook's expert modes set one to 1."""

    per_throw: int | None = None
    per_combination: int | None = None


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of ``parts`` non-negative integers."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


class ComboSolver:
    """Best chance of finishing ``combination`` (symbol ids, repeats allowed) with ``dice``
    (each a sequence of face names; ``joker`` is wild) in one turn.

    Raises ValueError when there are no dice, a die has no faces, or ``min_placed`` < 1.
    """

    def __init__(self, combination: Sequence[str], dice: Sequence[Sequence[str]],
                 limits: JokerLimits = JokerLimits(), min_placed: int = 1,
                 joker: str = JOKER) -> None:
        if not dice or any(len(d) == 0 for d in dice) or min_placed < 1:
            raise ValueError("need at least one die, faces on every die, min_placed >= 1")
        self.symbols = sorted(set(combination))
        self.limits, self.min_placed, self.joker = limits, min_placed, joker
        needs = tuple(list(combination).count(s) for s in self.symbols)
        self.start: State = self.canonical(needs, 0, [(self.signature(d), 1) for d in dice])
        self._memo: dict[State, tuple[Fraction, float]] = {}

    def signature(self, faces: Sequence[str]) -> Signature:
        """A die's faces as sorted (category, face count) against the whole combination."""
        counts: dict[int, int] = {}
        for face in faces:
            key = WILD if face == self.joker else (
                self.symbols.index(face) if face in self.symbols else MISS)
            counts[key] = counts.get(key, 0) + 1
        return tuple(sorted(counts.items()))

    def canonical(self, needs: tuple[int, ...], jokers: int,
                  free: Sequence[tuple[Signature, int]]) -> State:
        """The state with each die re-read against what is still needed (a symbol no longer
        needed, or a joker past the turn's cap, counts as MISS) and equal dice merged."""
        wild_ok = self.limits.per_combination is None or jokers < self.limits.per_combination
        merged: dict[Signature, int] = {}
        for sig, n in free:
            if n == 0:
                continue
            cats: dict[int, int] = {}
            for key, count in sig:
                useful = (key == WILD and wild_ok) or (key >= 0 and needs[key] > 0)
                cats[key if useful else MISS] = cats.get(key if useful else MISS, 0) + count
            signature = tuple(sorted(cats.items()))
            merged[signature] = merged.get(signature, 0) + n
        return (needs, jokers, tuple(sorted(merged.items())))

    def state_for(self, needs: dict[str, int], jokers: int, dice: Sequence[Sequence[str]]) -> State:
        """The state where ``needs`` (symbol → copies still unmatched by placed symbols),
        ``jokers`` placed and ``dice`` (face lists) still to roll. Raises ValueError for a
        symbol not in the combination."""
        if any(s not in self.symbols for s in needs):
            raise ValueError(f"not in the combination: {sorted(set(needs) - set(self.symbols))}")
        counts = tuple(needs.get(s, 0) for s in self.symbols)
        return self.canonical(counts, jokers, [(self.signature(d), 1) for d in dice])

    def probability(self, state: State | None = None) -> Fraction:
        """Exact best chance of finishing from ``state`` (default: the start)."""
        return self._value(state or self.start)[0]

    @staticmethod
    def pairs(state: State) -> list[tuple[int, int]]:
        """(die group, category) for each useful thing a free die may show; roll vectors
        (see :meth:`outcomes`) are aligned to this list, grouped by die group."""
        return [(i, key) for i, (sig, _) in enumerate(state[2]) for key, _ in sig if key != MISS]

    def outcomes(self, state: State) -> dict[tuple[int, ...], int]:
        """Roll vector → weight, over every roll of the free dice. A roll vector counts the
        dice showing each entry of :meth:`pairs` (dice showing nothing useful are left
        out), capped at what may be placed of it in this throw. Weights count face
        combinations; they sum to the product of the free dice's face counts."""
        needs, jokers, free = state
        open_slots = sum(needs) - jokers
        wild_cap = open_slots
        if self.limits.per_throw is not None:
            wild_cap = min(wild_cap, self.limits.per_throw)
        if self.limits.per_combination is not None:
            wild_cap = min(wild_cap, self.limits.per_combination - jokers)
        table: dict[tuple[int, ...], int] = {(): 1}
        for sig, n in free:
            # more dice of one group showing one thing than may be placed change nothing
            caps = [wild_cap if key == WILD else min(open_slots, needs[key])
                    for key, _ in sig if key != MISS]
            rolls: dict[tuple[int, ...], int] = {}
            for split in _compositions(n, len(sig)):
                ways = factorial(n) // prod(factorial(r) for r in split)
                weight = ways * prod(c ** r for (_, c), r in zip(sig, split, strict=True))
                shown = (r for (key, _), r in zip(sig, split, strict=True) if key != MISS)
                part = tuple(min(r, cap) for r, cap in zip(shown, caps, strict=True))
                rolls[part] = rolls.get(part, 0) + weight
            table = {head + part: w * v for head, w in table.items() for part, v in rolls.items()}
        return table

    def place(self, state: State, vector: tuple[int, ...],
              pairs: list[tuple[int, int]] | None = None) -> State | None:
        """The state after placing exactly the dice counted by ``vector`` (aligned to
        :meth:`pairs`), or None when that placement is not allowed (too few or too many
        dice, a symbol placed more often than needed, a joker cap exceeded)."""
        needs, jokers, free = state
        placed = sum(vector)
        if placed < self.min_placed or placed > sum(needs) - jokers:
            return None
        new_needs, left, wild, spent = list(needs), [n for _, n in free], 0, False
        for (i, key), x in zip(pairs or self.pairs(state), vector, strict=True):
            if x:
                left[i] -= x
                if key == WILD:
                    wild += x
                else:
                    new_needs[key] -= x
                    spent = spent or new_needs[key] == 0
        limit = self.limits
        if min(new_needs) < 0 or (limit.per_throw is not None and wild > limit.per_throw) or (
                limit.per_combination is not None and jokers + wild > limit.per_combination):
            return None
        rest = [(sig, n) for (sig, _), n in zip(free, left, strict=True) if n]
        if spent or (wild and limit.per_combination is not None):  # faces became useless
            return self.canonical(tuple(new_needs), jokers + wild, rest)
        return (tuple(new_needs), jokers + wild, tuple(rest))

    def _best(self, state: State, vector: tuple[int, ...], memo: dict[tuple[int, ...], Any],
              pairs: list[tuple[int, int]]) -> tuple[float, Fraction, State] | None:
        """(float chance, exact chance, next state) of the best placement of a sub-count of
        ``vector``: placing exactly ``vector``, or the best one die below it in any
        coordinate (so every sub-count is weighed once). ``memo`` is per state."""
        if vector in memo:
            return memo[vector]
        best = None
        option = self.place(state, vector, pairs)
        if option is not None:
            exact, approx = self._value(option)
            best = (approx, exact, option)
        for i, count in enumerate(vector):
            if count:
                lower = self._best(state, vector[:i] + (count - 1,) + vector[i + 1:], memo, pairs)
                if lower is not None and (best is None or lower[0] > best[0] + 1e-9 or (
                        lower[0] >= best[0] - 1e-9 and lower[2] != best[2]
                        and lower[1] > best[1])):
                    best = lower
        memo[vector] = best
        return best

    def _value(self, state: State) -> tuple[Fraction, float]:
        """(exact, float) best chance from ``state``, memoised."""
        needs, jokers, free = state
        if sum(needs) - jokers <= 0:
            return (Fraction(1), 1.0)
        if state in self._memo:
            return self._memo[state]
        chosen: dict[State, tuple[int, Fraction]] = {}
        memo: dict[tuple[int, ...], Any] = {}
        pairs = self.pairs(state)
        for vector, weight in self.outcomes(state).items():
            found = self._best(state, vector, memo, pairs)
            if found is not None:
                count, exact = chosen.get(found[2], (0, found[1]))
                chosen[found[2]] = (count + weight, exact)
        total = sum((w * exact for w, exact in chosen.values()), Fraction(0))
        result = total / prod(sum(c for _, c in sig) ** n for sig, n in free) if free else total
        self._memo[state] = (result, float(result))
        return self._memo[state]


@dataclass(frozen=True)
class Query:
    """One combination's chance to compute, in a canonical form (so equal questions are
    equal): ``combination`` and ``dice`` sorted, each die a tuple of face names."""

    combination: tuple[str, ...]
    dice: tuple[tuple[str, ...], ...]
    limits: JokerLimits = JokerLimits()
    min_placed: int = 1
    joker: str = JOKER

    @classmethod
    def of(cls, combination: Sequence[str], dice: Sequence[Sequence[str]],
           limits: JokerLimits = JokerLimits(), min_placed: int = 1, joker: str = JOKER) -> Query:
        """The query for these arguments of :func:`combination_probability`."""
        return cls(tuple(sorted(combination)), tuple(sorted(tuple(d) for d in dice)), limits,
                   min_placed, joker)

    def solve(self) -> Fraction:
        """The exact chance (see :func:`combination_probability`)."""
        if len(self.combination) > len(self.dice):  # every placed die fills one slot
            return Fraction(0)
        return ComboSolver(self.combination, self.dice, self.limits, self.min_placed,
                           self.joker).probability()


MAX_KNOWN = 4096
"""Chances remembered in this process; past it, the memo starts again (a batch of
:func:`solve_all` is kept whole, however large)."""

_KNOWN: dict[Query, Fraction] = {}


def _remember(query: Query, chance: Fraction) -> Fraction:
    if len(_KNOWN) >= MAX_KNOWN:
        _KNOWN.clear()
    _KNOWN[query] = chance
    return chance


def _solved(query: Query) -> Fraction:
    known = _KNOWN.get(query)
    return known if known is not None else _remember(query, query.solve())


def _solve_each(queries: Sequence[Query]) -> list[Fraction]:
    return [query.solve() for query in queries]


def solve_all(queries: Iterable[Query]) -> None:
    """Compute the chance of every one of ``queries`` not yet remembered, and remember it:
    about half of them in a forked child process meanwhile (:mod:`cardforge.proc.forked`), so
    two cores take about half the time (a game's cards are thousands of states each).
    Where no child can be forked (no fork, a daemon process), all are computed here, one
    after the other; where other threads run (``cardforge preview``: a fork would copy the
    locks they hold), none is computed now, each when it is asked for. See
    :class:`ComboSolver` for errors (the child is stopped when this process's part fails)."""
    todo = list(dict.fromkeys(q for q in queries if q not in _KNOWN))
    if len(todo) < 2 or threading.active_count() > 1:
        return
    if len(_KNOWN) + len(todo) > MAX_KNOWN:
        _KNOWN.clear()  # room for the whole batch
    todo.sort(key=lambda q: (len(q.combination), len(set(q.combination))), reverse=True)
    there, here = todo[0::2], todo[1::2]  # alternate, so both halves hold long and short ones
    pending = forked.start(partial(_solve_each, there))
    try:
        solved = dict(zip(here, _solve_each(here), strict=True))
    except BaseException:
        pending.abandon()
        raise
    solved.update(zip(there, pending.result(), strict=True))
    _KNOWN.update(solved)


def combination_probability(combination: Sequence[str], dice: Sequence[Sequence[str]],
                            limits: JokerLimits = JokerLimits(), min_placed: int = 1,
                            joker: str = JOKER) -> Fraction:
    """Exact best chance (a Fraction in [0, 1]) of finishing ``combination`` in one turn
    with every one of ``dice`` in hand (0 when it needs more symbols than there are dice).
    Remembered (:func:`solve_all` computes many at once). See :class:`ComboSolver` for
    errors."""
    return _solved(Query.of(combination, dice, limits, min_placed, joker))


def card_probabilities(combos: Sequence[Sequence[str]], dice: Sequence[Sequence[str]],
                       limits: JokerLimits = JokerLimits(), min_placed: int = 1,
                       joker: str = JOKER) -> tuple[list[Fraction], Fraction]:
    """(chance of each combination, chance of the whole card) in one turn: the card's
    chance is the product, since every DiXe is taken back between combinations (4.4)."""
    each = [combination_probability(c, dice, limits, min_placed, joker) for c in combos]
    return each, prod(each, start=Fraction(1))
