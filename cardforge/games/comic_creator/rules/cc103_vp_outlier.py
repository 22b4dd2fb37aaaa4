"""VP out of line with difficulty: an Experience card's VP must fit how hard its cost is.

Method. Each Experience card's difficulty is ``d = -log2 P``, where ``P`` is the exact
probability that the reference pool named by ``facts.vp_outlier.pool`` (in game.yaml)
pays its cost. VP should rise with ``d``. For each card in turn, the other cards' VP are
fitted with a monotone (isotonic, non-decreasing) regression on ``d`` — the pool-adjacent
violators algorithm, cards of equal ``d`` taken in order of VP — so no single card can
bend the curve it is judged against. Cards of the same ``d`` and VP share one such fit
(a fit per distinct pair, over the distinct pairs with their counts), so the check grows
with the number of cards times a few, not with its square. The
fit's values just below and just above the card's difficulty bound what its VP should
be; a card more than ``facts.vp_outlier.tolerance`` VP outside that band is an outlier.
Outliers are taken out one at a time, the worst first, and the rest re-checked without
it, so one wild card cannot make its honest neighbours look wrong. Each is reported at
its ``vp``. So an easy cost on a high-VP card (a pair for 8 VP, where cards that easy give
1–2) and a hard cost on a low-VP card (five of a kind for 1 VP, where cards that hard give
6–8) are both caught. Cards whose cost the pool can never pay (``P = 0``) and game-ending
cards (whose VP never decides the game) are left out of the fit and the check.

Passing (VP rises with difficulty)::

    - {id: first-one-shot, cost: "X=X", vp: 1}
    - {id: weekly-serialisation, cost: RUN4, vp: 4}
    - {id: million-seller, cost: "X=X=X=X=X=X", vp: 8}

Failing (a pair is among the easiest costs, yet the card gives 8 VP)::

    - {id: first-one-shot, cost: "X=X", vp: 8}
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardforge.games.comic_creator.cc_costs import ends_game, parsed_cost, probability, reference_pools
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CC103"
NAME = "vp-outlier"
SCOPE = "game"
SEVERITY = "warning"
ADVISORY = True  # warnings of its own code from the data alone: a build need not run it


@dataclass(frozen=True)
class Point:
    """One Experience card on the curve: difficulty ``d`` (bits) and its ``vp``."""

    card: Card
    d: float
    vp: float


def isotonic(values: Sequence[float]) -> list[float]:
    """Non-decreasing least-squares fit of ``values`` (already ordered by x): pool-adjacent
    violators. Returns one fitted value per input value."""
    blocks: list[list[float]] = []  # [sum, count]
    for value in values:
        blocks.append([value, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, count = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
    fitted: list[float] = []
    for total, count in blocks:
        fitted.extend([total / count] * int(count))
    return fitted


def weighted_isotonic(values: Sequence[float], counts: Sequence[int]) -> list[float]:
    """Like :func:`isotonic` for ``counts[i]`` copies of each ``values[i]`` in turn: one
    fitted value per entry (identical to :func:`isotonic` on the expanded list, since VP are
    integers and the block sums exact)."""
    blocks: list[list[float]] = []  # [sum, count, entries]
    for value, count in zip(values, counts, strict=True):
        blocks.append([value * count, float(count), 1])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, weight, entries = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += weight
            blocks[-1][2] += entries
    fitted: list[float] = []
    for total, weight, entries in blocks:
        fitted.extend([total / weight] * int(entries))
    return fitted


def leave_one_out_bands(points: Sequence[Point]) -> dict[tuple[float, float], tuple[float, float]]:
    """For each distinct (d, vp) of ``points``: the (low, high) band that the monotone fit
    of the other points allows at ``d`` (one point of that pair left out).

    low is the fit at the hardest other point no harder than ``d`` (or -inf), high the fit
    at the easiest other point no easier than ``d`` (or +inf).
    """
    counts: dict[tuple[float, float], int] = {}
    for p in points:
        counts[(p.d, p.vp)] = counts.get((p.d, p.vp), 0) + 1
    keys = sorted(counts)
    bands = {}
    for index, (d, vp) in enumerate(keys):
        kept = [(key, counts[key] - (i == index)) for i, key in enumerate(keys)]
        kept = [(key, n) for key, n in kept if n]
        fitted = weighted_isotonic([key[1] for key, _ in kept], [n for _, n in kept])
        below = [f for (key, _), f in zip(kept, fitted, strict=True) if key[0] <= d]
        above = [f for (key, _), f in zip(kept, fitted, strict=True) if key[0] >= d]
        bands[(d, vp)] = (max(below) if below else -math.inf, min(above) if above else math.inf)
    return bands


def curve_points(game: Game, pool_name: str) -> list[Point]:
    """The Experience cards that take part in the check, with their difficulty in ``pool_name``."""
    pools = {p.name: p.pool for p in reference_pools(game)}
    pool = pools[pool_name]
    points = []
    for card in game.cards():
        cost = parsed_cost(card)
        if cost is None or "vp" not in card.data or ends_game(cost, game):
            continue
        chance = probability(cost, pool, game)
        if chance > 0:
            points.append(Point(card, -math.log2(chance), float(card.data["vp"])))
    return points


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at ``vp`` for each Experience card outside the fitted band."""
    settings = game.facts.get("vp_outlier")
    if not settings:
        return
    tolerance = float(settings["tolerance"])
    points = curve_points(game, settings["pool"])
    while len(points) > 2:
        bands = leave_one_out_bands(points)
        worst = max(((excess(p, bands[(p.d, p.vp)]), p) for p in points),
                    key=lambda pair: abs(pair[0][0]))
        (gap, low, high), point = worst
        if abs(gap) <= tolerance:
            return
        points = [p for p in points if p is not point]
        yield _problem(point, gap, low, high, tolerance, settings["pool"])


def excess(point: Point, band: tuple[float, float]) -> tuple[float, float, float]:
    """(signed VP distance outside ``band``, band low, band high)."""
    low, high = band
    if point.vp > high:
        return (point.vp - high, low, high)
    if point.vp < low:
        return (point.vp - low, low, high)
    return (0.0, low, high)


def _problem(point: Point, gap: float, low: float, high: float, tolerance: float, pool: str) -> Problem:
    chance = 2 ** -point.d
    vp = int(point.vp)
    if gap > 0:
        return Problem(point.card.locate("vp"), CODE,
                       f"{vp} VP is high for a cost paid {chance:.0%} of the time by the "
                       f"{pool} pool; cards this easy give up to {high:.1f} VP",
                       card=point.card.id,
                       hint=f"lower the VP to {math.floor(high + tolerance)} or less, "
                            "or make the cost harder")
    return Problem(point.card.locate("vp"), CODE,
                   f"{vp} VP is low for a cost paid only {chance:.1%} of the time by the "
                   f"{pool} pool; cards this hard give {low:.1f} VP or more",
                   card=point.card.id,
                   hint=f"raise the VP to {math.ceil(low - tolerance)} or more, or make the cost easier")
