"""Dominated cost: a card costs strictly more than another yet is worth less.

Card A's cost is *strictly harder* than card B's when everything a player can hold that
pays A also pays B, and not the other way round: ``RUN5`` than ``RUN4``, ``X=X=X=X`` than
``X=X=X``, three red dice than two, 3 pages than 2. A card that is harder to get and worth
less than another is an inversion no player would want: it is reported when A's ``value``
is below B's. A is the card priced too cheaply for its cost, the value to change (raise
it, or make A's cost easier than B's), so the Problem is at A's value line; both cards are
named, B with its file and line. A card beaten by several easier cards is reported once,
naming the most valuable of them; the other cards of A's cost are judged alone.

What is compared comes from game.yaml's ``card_costs:`` (docs/workspace-games.md): a
``value`` (VP, an effect's amount; a path or CEL expression) and optionally ``same``
(only cards equal in it are compared: amounts of one effect kind). Harder is decided
exactly, never from the text of the costs:

- ``dice`` costs, over ``pools``: every roll of each reference pool is enumerated
  (:mod:`cardforge.dice.dominance`, with the search the odds use) and A is harder when the
  rolls paying A are a strict subset of those paying B in the pools together (Comic
  Creator: the opening, mid and late pools of ``facts.reference_pools``). Costs of colours
  alone (Dice Tuners overdrives) need no pools: every hand of ``most`` dice of the
  ``supply`` is tried.
- ``amount`` costs: a larger amount (Writers' Battle, page costs).
- ``symbols`` costs: a strict superset of symbols (any dice showing A's show B's).

Identical costs are compared once (cards are grouped by cost), and the exact check runs
only on pairs whose odds of paying allow it and whose values are inverted. Pairs the model
cannot decide (a pool with more rolls than ``cardforge.boundary.trust.MAX_ODDS_PATTERNS``, a cost
nothing in the pools pays) are not reported; an entry with more than
:data:`MAX_DISTINCT_COSTS` distinct costs is reported at its entry (a warning) and not
compared. A value that is not a number leaves the card out; one that cannot be evaluated
is reported at the card, a declaration that cannot be read at its entry.

Passing (harder costs are worth more)::

    card_costs:
      - {deck: experience, cost: {field: cost}, value: vp, pools: facts.reference_pools}
    # experience.yaml
    - {id: weekly-serialisation, cost: RUN4, vp: 4}
    - {id: back-to-press, cost: RUN5, vp: 5}

Failing (every roll paying RUN5 pays RUN4; reported at back-to-press's ``vp``)::

    - {id: weekly-serialisation, cost: RUN4, vp: 4}
    - {id: back-to-press, cost: RUN5, vp: 3}
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from cardforge.cel.cel_expressions import ExpressionError
from cardforge.dice.cost import AnyDie, Cost
from cardforge.dice.dominance import (
    OddsTooLarge,
    Universe,
    hand_universe,
    named_colours,
    pool_universe,
    strictly_harder,
)
from cardforge.dice.odds import pay_probability
from cardforge.lint import card_costs as costs
from cardforge.lint import cost_pools as cost_data
from cardforge.lint.card_costs import CostEntry, CostItem, DeclarationError
from cardforge.model.game_model import Game
from cardforge.problem import Problem, Severity

CODE = "CF015"
NAME = "dominated-cost"
SCOPE = "game"
SEVERITY = "error"
MAX_DISTINCT_COSTS = 400
"""Distinct costs one entry may compare (pairs grow as its square)."""


@dataclass(frozen=True)
class Valued:
    """A cost of a card with the card's value, read by ``reader`` (which finds where the
    value is written, for a Problem)."""

    item: CostItem
    value: float
    reader: costs.CardReader


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each card worth less than a card whose cost is strictly easier."""
    for entry in costs.read_entries(game):
        if isinstance(entry, CostEntry) and entry.raw.get("value") is not None and entry.notation != "face":
            try:
                yield from _entry(game, entry)
            except DeclarationError as error:
                yield Problem(game.manifest.locate(*entry.pointer(*error.where)), CODE, error.message,
                              hint=error.hint or "see docs/workspace-games.md, card_costs:")


def _entry(game: Game, entry: CostEntry) -> Iterator[Problem]:
    value, same = costs.card_reader(game, entry, "value"), costs.card_reader(game, entry, "same")
    assert value is not None
    groups: dict[Hashable, list[Valued]] = defaultdict(list)
    for item in costs.items(entry, game):
        try:
            number = value.value(item.card, game)
            kind = same.value(item.card, game) if same else None
        except ExpressionError as exc:
            yield Problem(item.card.location, CODE, f"value of card {item.card.id!r} cannot be "
                          f"evaluated: {exc.message}", card=item.card.id, hint=exc.hint or None)
            continue
        if isinstance(number, int | float) and not isinstance(number, bool) and math.isfinite(number):
            groups[repr(kind)].append(Valued(item, float(number), value))
    distinct = len({v.item.parsed for group in groups.values() for v in group})
    if distinct > MAX_DISTINCT_COSTS:
        yield Problem(game.manifest.locate(*entry.pointer()), CODE, f"{distinct} distinct costs are "
                      f"more than {MAX_DISTINCT_COSTS} to compare; dominance is not checked",
                      Severity.WARNING, hint="split the entry with `where`")
        return
    harder = _judge(game, entry, [v.item.parsed for g in groups.values() for v in g])
    if harder is None:
        return
    for group in groups.values():
        yield from _inversions(group, harder, value.text if value.expression is None else "value")


def _inversions(group: list[Valued], harder: Callable[[Any, Any], bool], named: str) -> Iterator[Problem]:
    """One Problem per card beaten by the most valuable card whose cost is strictly easier."""
    by_cost: dict[Any, list[Valued]] = defaultdict(list)
    for valued in group:
        by_cost[valued.item.parsed].append(valued)
    best = {cost: max(cards, key=lambda v: v.value) for cost, cards in by_cost.items()}
    for cost, cards in by_cost.items():
        lowest = min(v.value for v in cards)
        rivals = [best[other] for other in by_cost if other != cost and best[other].value > lowest]
        rivals = [r for r in sorted(rivals, key=lambda r: -r.value) if harder(cost, r.item.parsed)]
        for valued in cards:
            beaten = [r for r in rivals if r.value > valued.value]
            if beaten:
                yield _problem(valued, beaten[0], len(beaten), named)


def _problem(card: Valued, rival: Valued, count: int, named: str) -> Problem:
    a, b = card.item, rival.item
    more = f"; {count - 1} other easier cost{'s' if count > 2 else ''} beat it too" if count > 1 else ""
    return Problem(card.reader.where(a.card), CODE,
                   f"{a.card.id!r} costs {a.shown}, strictly harder to pay than {b.shown} of "
                   f"{b.card.id!r} ({b.location.path.name}:{b.location.line}), yet its {named} is "
                   f"{_number(card.value)}, below {_number(rival.value)}{more}",
                   card=a.card.id, hint=f"raise its {named} to at least {_number(rival.value)}, or "
                                        f"make its cost easier than {b.shown}")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _judge(game: Game, entry: CostEntry, parsed: list[Any]) -> Callable[[Any, Any], bool] | None:
    """``harder(a, b)`` for the entry's notation, or None when the model cannot decide."""
    if entry.notation == "amount":
        return lambda a, b: a > b
    if entry.notation == "symbols":
        return lambda a, b: Counter(a) != Counter(b) and not Counter(b) - Counter(a)
    dice = [p for p in parsed if isinstance(p, Cost)]
    pools = cost_data.pools(game, entry)
    faces = cost_data.faces(game, entry)
    supply, most = cost_data.supply(game, entry), cost_data.most(game, entry)
    if not pools and (supply is None or most is None):
        return None
    try:
        odds = {c: [pay_probability(c, p, faces=faces) for p in pools] for c in set(dice)} if pools else None
    except OddsTooLarge:
        return None
    made: list[list[Universe] | None] = []

    def universes() -> list[Universe] | None:
        """The pools' rolls (or the supply's hands), made the first time they are needed."""
        if not made:
            try:
                made.append([pool_universe(pool, faces, named_colours(dice)) for pool in pools] if pools
                            else [hand_universe(supply or {}, most or 0)])
            except OddsTooLarge:
                made.append(None)
        return made[0]

    def harder(a: Cost, b: Cost) -> bool:
        if odds is None and not all(isinstance(c, AnyDie) for c in (*a.components, *b.components)):
            return False  # values matter, and no pools say how dice are rolled
        if odds is not None and any(x > y for x, y in zip(odds[a], odds[b], strict=True)):
            return False  # b is less likely paid somewhere: a cannot be a subset of it
        found = universes()
        return found is not None and strictly_harder(a, b, found)

    return harder
