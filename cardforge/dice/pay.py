"""Paying a cost with real dice: which dice to spend (Comic Creator rulebook, Card Costs, Q&A).

Each component takes its own dice; more dice than the cost shows may be spent; at least one
spent die must be of the required colour (green in Comic Creator), and when the dice that pay
the cost hold none, one more die of that colour, any value, is added (Q&A: "Do I have to pay
the exact number of dice…"). So a pool pays a cost exactly when its dice can pay the
components and it holds a die of the required colour.

Used by the Comic Creator pack only (see :mod:`cardforge.dice`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardforge.dice._model import AnyDie, Cost
from cardforge.dice._solve import Plan, plans

__all__ = ["Die", "can_pay"]


@dataclass(frozen=True)
class Die:
    """One die: its ``colour`` (a word such as ``"green"``) and the ``value`` it shows (>= 1).

    Raises ValueError for an empty colour or a value that is not a positive integer.
    """

    colour: str
    value: int

    def __post_init__(self) -> None:
        if not isinstance(self.colour, str) or not self.colour:
            raise ValueError(f"Die.colour must be a non-empty str, not {self.colour!r}")
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1:
            raise ValueError(f"Die.value must be a positive integer, not {self.value!r}")


def _hosts(cost: Cost, plan: Plan, prefer: frozenset[int], colour: str) -> bool:
    """Whether ``plan`` can spend a ``colour`` die inside one of the components."""
    for component, values in zip(cost.components, plan, strict=True):
        if isinstance(component, AnyDie):
            if component.colour == colour:
                return True
        elif prefer.intersection(values):
            return True
    return False


def _assign(cost: Cost, plan: Plan, dice: Sequence[Die], colour: str | None) -> list[list[int]]:
    """Indices into ``dice`` per component: AnyDie first (its colour is fixed), then the rest,
    sparing dice of ``colour``; then one of them is swapped in if the plan allows it."""
    free = set(range(len(dice)))
    picked: list[list[int]] = [[] for _ in cost.components]

    def take(k: int, value: int, want: str | None) -> None:
        ok = [i for i in sorted(free) if dice[i].value == value
              and (want is None or dice[i].colour == want)]
        i = min(ok, key=lambda i: dice[i].colour == colour)  # spare `colour` dice
        free.discard(i)
        picked[k].append(i)

    kinds = [(k, c) for k, c in enumerate(cost.components) if isinstance(c, AnyDie)]
    for k, c in kinds:
        take(k, plan[k][0], c.colour)
    for k, c in enumerate(cost.components):
        if not isinstance(c, AnyDie):
            for v in plan[k]:
                take(k, v, None)
    if colour is not None and not any(dice[i].colour == colour for p in picked for i in p):
        for k, c in enumerate(cost.components):
            if isinstance(c, AnyDie):
                continue
            for pos, i in enumerate(picked[k]):
                spare = [j for j in sorted(free)
                         if dice[j].colour == colour and dice[j].value == dice[i].value]
                if spare:
                    free.add(i)
                    free.discard(spare[0])
                    picked[k][pos] = spare[0]
                    return picked
        extra = min(j for j in free if dice[j].colour == colour)
        picked.append([extra])
    return picked


def can_pay(cost: Cost, dice: Sequence[Die], *,
            required_colour: str | None = None) -> tuple[Die, ...] | None:
    """The dice to spend to pay ``cost`` from ``dice``, or None if they cannot pay it.

    The witness lists each component's dice in ``cost.components`` order; no die appears twice
    (the same ``Die`` objects as given). With ``required_colour`` (``"green"`` for Comic
    Creator), a die of that colour is spent inside a component when some payment allows it,
    otherwise one more die of that colour is appended; None if ``dice`` holds none of it.
    Sums take as few dice as possible, highest first. Raises TypeError for non-``Die`` items.
    """
    dice = tuple(dice)
    for d in dice:
        if not isinstance(d, Die):
            raise TypeError(f"can_pay takes Die objects, not {type(d).__name__}")
    if required_colour is not None and all(d.colour != required_colour for d in dice):
        return None
    counts = Counter(d.value for d in dice)
    wanted = {c.colour for c in cost.components if isinstance(c, AnyDie)}
    colour_counts = {c: Counter(d.value for d in dice if d.colour == c) for c in wanted}
    prefer = frozenset(d.value for d in dice if d.colour == required_colour)
    chosen = None
    for plan in plans(cost, counts, colour_counts, prefer):
        if chosen is None:
            chosen = plan
        if required_colour is None or _hosts(cost, plan, prefer, required_colour):
            chosen = plan
            break
    if chosen is None:
        return None
    return tuple(dice[i] for part in _assign(cost, chosen, dice, required_colour) for i in part)
