"""Cost curves: a deck's costs fitted against its cards' power by least squares (CF011).

A ``balance:`` entry of game.yaml (:class:`Entry`) names a deck, the field that is the
price (``cost``, a dotted path such as ``ability.cost``) and the power: each item a dotted
path into the card or a CEL expression over the card's fields and ``facts`` (named by a
one-key mapping, ``{skill: "facts.worth[skill.kind] * skill.amount"}``). :func:`judge`
selects the cards (``where``), turns their power into a feature matrix
(:mod:`cardforge.balance.curve_features`: a number is itself, a boolean 0/1, a text one column per
value seen, a list of texts one column per item seen, missing 0), fits

    cost ≈ intercept + Σ weight · feature      (numpy.linalg.lstsq)

after leaving out columns that are constant or a combination of earlier ones, and judges
each card by its *deleted residual* ``d = e / (1 − h)`` (``e`` its residual, ``h`` its
leverage): its cost minus what the fit of the *other* cards predicts, so an outlier cannot
hide by pulling the fit towards itself. Its spread ``s = √((SSE − e²/(1 − h)) / (n − p − 1))``
is the residual standard deviation of that fit without it (``n`` cards, ``p`` fitted
numbers, intercept included). A card is out of line when ``|d|`` exceeds both
``tolerance.points`` and ``tolerance.deviations · s``. Cards out of line are set aside
worst first and the others judged again, so one card far off cannot make honest ones look
off either (a card is out of line only while it stays so). Two suspects equally far off
that alone share a column (the only two cards with a keyword) cannot be told apart: with
either set aside the other cannot be judged; both are reported, each naming the other
(``Verdict.twins``). Costs, weights and residuals
are in the cost's own unit (cost points); a weight is cost points per unit of its column.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardforge.balance.curve_features import BalanceError, Entry, feature_matrix, read_entry
from cardforge.balance.least_squares import Fit, Pass, design
from cardforge.loading.field_paths import value_at
from cardforge.model.game_model import Card, Game

__all__ = ["BalanceError", "Entry", "Fit", "Result", "Verdict", "judge", "judge_game"]


@dataclass(frozen=True)
class Verdict:
    """One card's judgement. ``cost`` as written; ``predicted`` what the fit of the other
    cards predicts (None when the card cannot be judged: it alone has some feature,
    leverage ≈ 1); ``residual`` the deleted residual ``cost − predicted``; ``spread`` the
    residual standard deviation of the fit without the card; ``others`` that fit (made
    only for a card out of line)."""

    card: Card
    cost: float
    leverage: float
    predicted: float | None = None
    residual: float | None = None
    spread: float | None = None
    out_of_line: bool = False
    others: Fit | None = None
    twins: tuple[str, ...] = ()
    """Ids of the cards the fit cannot tell this one from: they alone share a power column
    with it, so without this card they cannot be judged, and which of them is off is not
    known (each is reported, naming the others)."""

    @property
    def judged(self) -> bool:
        """Whether the other cards could predict this card's cost."""
        return self.predicted is not None


@dataclass(frozen=True)
class Result:
    """What one ``balance:`` entry (``index`` in the list) found: ``fit`` over the selected
    cards that have a number at ``cost``, a :class:`Verdict` per card, ``too_few`` (why no
    card could be judged, or None) and ``error`` (an entry or value cardforge cannot use;
    then nothing else is set)."""

    index: int
    entry: Entry | None
    fit: Fit | None = None
    verdicts: tuple[Verdict, ...] = ()
    too_few: str | None = None
    error: BalanceError | None = None

    @property
    def out_of_line(self) -> list[Verdict]:
        """The verdicts of the cards out of line, in deck order."""
        return [v for v in self.verdicts if v.out_of_line]


def judge_game(game: Game) -> list[Result]:
    """A :class:`Result` for each entry of game.yaml's ``balance:``, in order; an entry
    naming no deck of ``decks:``, a power value or expression that cannot be used is a
    Result with ``error`` set."""
    results = []
    for index, raw in enumerate(game.info.get("balance") or []):
        try:
            entry = read_entry(index, raw)
            if entry.deck not in game.decks:
                raise BalanceError(f"balance entry {index + 1} names deck {entry.deck!r}, which "
                                   "game.yaml does not declare", where=("deck",),
                                   hint=f"decks: {', '.join(game.decks) or 'none'}")
            results.append(judge(entry, game.decks[entry.deck].cards, game.facts))
        except BalanceError as exc:
            results.append(Result(index, None, error=exc))
    return results


MAX_PASSES = 50
"""Cards set aside one at a time at most; past this many, the suspects left stand."""


def judge(entry: Entry, cards: Iterable[Card], facts: Mapping[str, Any]) -> Result:
    """Fit ``entry`` over ``cards`` (those matching ``where`` with a number at ``cost``) and
    judge each by its deleted residual. While some are out of line, the one furthest beyond
    its tolerance is set aside and the rest judged again without it; a card is out of line
    only while it stays so. So a card far off neither hides itself nor makes honest cards
    look off, and setting one aside makes no new suspect. After :data:`MAX_PASSES` the
    suspects left stand. The Result's fit is the last one, over the cards in line. Raises
    BalanceError for a power value or expression it cannot use."""
    chosen: list[Card] = []
    costs: list[float] = []
    for card in cards:
        cost = value_at(card.data, entry.cost)
        if entry.selects(card) and _is_number(cost):
            chosen.append(card)
            costs.append(float(cost))
    names, matrix = feature_matrix(entry, chosen, facts)
    if not chosen:
        return Result(entry.index, entry, too_few=f"no card of deck {entry.deck!r} has a number "
                      f"at {'.'.join(entry.cost)}{' and matches where' if entry.where else ''}")
    y = np.array(costs, dtype=float)
    x, kept = design(matrix, names)
    dropped = tuple(name for name in names if name not in kept)
    slack = 1e-9 * max(1.0, float(np.max(np.abs(y))))
    now = Pass(x, y, np.arange(len(y)), kept, dropped, entry.tolerance, slack)
    if now.d is None:
        return Result(entry.index, entry, now.fit, too_few=(
            f"{now.fit.n} card(s) are too few to judge a fit of {now.fit.p} numbers (the intercept "
            f"and a weight for {', '.join(kept) or 'no column'}): judging a card needs at least "
            f"{now.fit.p + 2}"))
    suspects = set(now.rows[now.out].tolist())
    verdicts: dict[int, Verdict] = {}
    for _ in range(MAX_PASSES):
        if not suspects:
            break
        worst = max(suspects, key=now.excess)
        after = Pass(x, y, now.rows[now.rows != worst], kept, dropped, entry.tolerance, slack)
        if after.d is None:  # the others cannot judge without it
            break
        # a suspect as far off as it (the same deleted residual, either sign) that cannot be
        # judged without it shares a column only with it: the fit cannot tell which of them
        # is off, so each is reported, naming the others
        twins = [i for i in suspects - {worst}
                 if _unjudged(after, i) and _same_size(now, i, worst)]
        group = [worst, *twins]
        for i in group:
            names = tuple(chosen[j].id for j in group if j != i)
            verdicts[i] = _verdict(now, chosen[i], i, after.fit, names)
        now = after if not twins else Pass(x, y, now.rows[~np.isin(now.rows, group)], kept,
                                           dropped, entry.tolerance, slack)
        if now.d is None:
            now = after
            break
        suspects = {i for i in suspects - set(group) if now.out[now.at(i)]}
    for i in now.rows.tolist():
        if i not in verdicts:
            verdicts[i] = _verdict(now, chosen[i], i, now.without(i) if i in suspects else None)
    return Result(entry.index, entry, now.fit, tuple(verdicts[i] for i in range(len(chosen))))


def _same_size(judging: Pass, i: int, j: int) -> bool:
    """Whether cards ``i`` and ``j`` have deleted residuals of the same size in ``judging``."""
    assert judging.d is not None
    return bool(np.isclose(abs(judging.d[judging.at(i)]), abs(judging.d[judging.at(j)]), rtol=1e-6))


def _unjudged(judging: Pass, i: int) -> bool:
    """Whether card ``i`` cannot be judged in the pass ``judging`` (leverage ≈ 1)."""
    assert judging.d is not None
    return bool(math.isnan(float(judging.d[judging.at(i)])))


def _verdict(judging: Pass, card: Card, i: int, others: Fit | None,
             twins: tuple[str, ...] = ()) -> Verdict:
    """Card ``i``'s verdict in the pass ``judging``; out of line when ``others`` (the fit it
    is judged against) is given; ``twins`` the cards it cannot be told from."""
    k = judging.at(i)
    assert judging.d is not None
    cost, d = float(judging.y[k]), float(judging.d[k])
    if math.isnan(d):
        return Verdict(card, cost, float(judging.leverage[k]))
    return Verdict(card, cost, float(judging.leverage[k]), cost - d, d, float(judging.spread[k]),
                   others is not None, others, twins)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
