"""Cost curve: a card's cost is out of line with what its power buys in the rest of its deck.

For each entry of game.yaml's ``balance:`` cardforge fits the deck's costs against the
cards' power by least squares, ``cost ≈ intercept + Σ weight · feature``, the way Elie
Bursztein appraised Hearthstone cards ("How to find undervalued Hearthstone cards
automatically", 2014: each card an equation of its attributes, the over-determined system
solved by ordinary least squares, each card's *true value* compared with its printed
cost). A power item is a number field, a boolean (0/1), an enum (a weight per value), a
keywords list (a weight per keyword) or a CEL expression over the card's fields and
``facts`` (``{reach: "size(facts.movement_types[movement].reach)"}``); a missing value
counts 0. Columns that are constant or a combination of others are left out.

Each card is judged against the fit of the *other* cards (its deleted residual), so a
card priced far off cannot drag the curve towards itself and hide. It is reported at its
cost line when its cost is further from that prediction than ``tolerance.points`` (default
1) and than ``tolerance.deviations`` (default 2) standard deviations of the others' own
misses. Cards out of line are set aside worst first and the others judged again, so one
wild card cannot make honest ones look off either: a card is reported only while it stays
out of line. The hint gives the others' fit, its R² and a cost in line. A card that alone has
some feature (an enum value or keyword no other card has) cannot be judged and is not
reported; ``cardforge stats <game>`` lists the weights, R² and such cards.

A fit that explains little of the costs judges nothing: when its R² (the share of the
costs' variance the power explains, over the cards in line) is below the entry's
``min_r2`` (default 0.5), CF011 gives one warning at the ``balance:`` entry instead of
verdicts, since a card far from a curve that misses most cards says little about the card.

Also reported, at the entry in game.yaml: a ``deck`` that ``decks:`` does not declare, a
power expression that does not compile, and too few cards for the power declared (a fit
of ``p`` numbers can judge a card only from ``p + 2`` cards on); at the card: a power
expression that cannot be evaluated for it, or a value that is no number, text or list
of texts.

Severity: warning. The verdict is a statistical judgement, not a broken rule: it depends
on the other cards, so editing one card can move another's verdict, and a designer may
price a card off the curve on purpose (``lint-ignore: [CF011]`` says so at the card).
``cardforge lint --strict`` fails on it, and configuration can make it an error.

Passing (cost = 1 + attack + defence, every card on the curve)::

    balance:
      - {deck: monsters, cost: cost, power: [attack, defence]}
    # monsters.yaml
    - {id: rat,    cost: 2, attack: 1, defence: 0}
    - {id: wolf,   cost: 4, attack: 2, defence: 1}
    - {id: bear,   cost: 6, attack: 3, defence: 2}
    - {id: troll,  cost: 7, attack: 3, defence: 3}
    - {id: golem,  cost: 5, attack: 1, defence: 3}

Failing (the dragon costs 0 where the others' curve asks 19; reported at its ``cost``)::

    - {id: dragon, cost: 0, attack: 9, defence: 9}
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from cardforge.model.game_model import Game
from cardforge.problem import Problem, Severity

if TYPE_CHECKING:
    from cardforge.balance.cost_curve import Result, Verdict

CODE = "CF011"
NAME = "cost-curve"
SCOPE = "game"
SEVERITY = "warning"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each card out of line, and for each entry that cannot judge."""
    if not game.info.get("balance"):
        return  # numpy, which the fit needs, is loaded only for a game that declares a curve
    from cardforge.balance.cost_curve import judge_game

    for result in judge_game(game):
        yield from _problems(game, result)


def _problems(game: Game, result: Result) -> Iterator[Problem]:
    entry_at = ("balance", result.index)
    if result.error is not None:
        error = result.error
        where = (error.card.locate(*error.where) if error.card  # the card's value, if one is to blame
                 else game.manifest.locate(*entry_at, *error.where))
        yield Problem(where, CODE, error.message, Severity.WARNING,
                      card=error.card.id if error.card else None, hint=error.hint or None)
        return
    if result.too_few is not None:
        yield Problem(game.manifest.locate(*entry_at), CODE, f"cost curve of deck "
                      f"{result.entry.deck!r} cannot be judged: {result.too_few}",
                      Severity.WARNING, hint="add cards, or declare fewer power items "
                                             "(an expression can add several into one)")
        return
    if unreliable(result):
        assert result.fit is not None and result.fit.r2 is not None and result.entry is not None
        yield Problem(game.manifest.locate(*entry_at), CODE,
                      f"cost curve of deck {result.entry.deck!r}: the costs explain little "
                      f"(R² {result.fit.r2:.2f}, below {result.entry.min_r2:g}): the verdicts are "
                      "unreliable, so no card is judged", Severity.WARNING,
                      hint="add power terms that make up the costs (power:), or declare a lower "
                           "min_r2 if the costs are meant to be loose")
        return
    for verdict in result.out_of_line:
        yield _out_of_line(result, verdict)


def unreliable(result: Result) -> bool:
    """Whether ``result``'s fit explains less of the costs than its entry's ``min_r2``
    (then no card is judged: ``cardforge stats`` says so too)."""
    fit, entry = result.fit, result.entry
    return fit is not None and entry is not None and fit.r2 is not None and fit.r2 < entry.min_r2


def _out_of_line(result: Result, verdict: Verdict) -> Problem:
    assert result.entry is not None and verdict.residual is not None and verdict.predicted is not None
    path = result.entry.cost
    side = "below" if verdict.residual < 0 else "above"
    cost = _number(verdict.cost)
    suggested = _number(max(0, half_up(verdict.predicted)))
    others = verdict.others.summary() if verdict.others else ""
    twins = (f"; only it and {', '.join(verdict.twins)} have some power the other cards lack, "
             "so which of them is off cannot be told") if verdict.twins else ""
    return Problem(verdict.card.locate(*path), CODE,
                   f"{'.'.join(path)} {cost} is {abs(verdict.residual):.1f} {side} what its power "
                   f"predicts ({verdict.predicted:.1f}) from the other cards of deck "
                   f"{result.entry.deck!r}{twins}", Severity.WARNING, card=verdict.card.id,
                   hint=f"the other cards' {others}; a cost of about {suggested} is in line "
                        f"(or change its power)")


def half_up(value: float) -> int:
    """``value`` rounded to the nearest integer, halves up (5.5 → 6), after cancelling the
    last bits a least-squares solver leaves (5.4999999999997 is 5.5): the same on every
    machine, whichever BLAS kernel solved the fit."""
    return math.floor(round(value, 6) + 0.5)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
