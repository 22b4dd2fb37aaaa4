"""Rules run in two processes at once: a forked child takes the rules that share a game's
costly state, then helps with the others.

A rule declares what its check needs (``NEEDS``, :mod:`cardforge.lint.rule`); the lane is
derived from it (:func:`cardforge.lint.rule_schedule.schedule`). A need other than
``"layout"`` and ``"processes"`` names a costly per-game state the rule builds and shares
with other rules (today ``"catalogs"``: :func:`cardforge.i18n.catalog_state.state` parses
every PO file of the game). With two lanes (``cardforge lint`` on a machine with two or
more cores, unless ``--jobs 1``), a child is forked after the game loaded (it shares the
game without copying it). It runs every rule of the ``"shared"`` lane, so each state is
still built once, while this process runs the rules of the ``"main"`` lane first (they
need ``"layout"``: layout workers, or ``"processes"``: a child sharing the rule's work;
a daemon child may not start processes), then the
other rules from the first on; when the child is done with its own, it takes the other
rules from the last on, until the two meet (each rule is claimed once, under a lock). Only
what the rules found crosses back (pickled). The results are given in the rules' order
whatever lane ran them, so a report is the same with one lane or two.

Where fork is not available, or the child fails, :mod:`cardforge.proc.forked` runs the child's
part here, the rules it had claimed included: the result is the same, only later.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from cardforge.lint.rule import Rule
from cardforge.lint.rule_schedule import schedule
from cardforge.proc import forked
from cardforge.proc.claims import Claims

T = TypeVar("T")


def in_lanes(rules: Sequence[Rule], check: Callable[[Rule], T], lanes: int) -> list[T]:
    """``check(rule)`` for each of ``rules``, in their order. With ``lanes`` ≥ 2, and rules
    both in the ``"shared"`` lane and not (:func:`cardforge.lint.rule_schedule.schedule`),
    a forked child checks the shared lane's and then helps with the others (see the module
    docstring); ``check`` must then return what pickles. A rule of the ``"main"`` lane (it
    needs ``"layout"`` or ``"processes"``) is always checked here, first: it starts
    processes, which the child, a daemon process, may not. ``lanes`` 1 (or 0) checks every
    rule here, in order."""
    lane = [schedule(rule).lane for rule in rules]
    here = [i for i, name in enumerate(lane) if name == "main"]
    apart = [i for i, name in enumerate(lane) if name == "shared"]
    others = [i for i, name in enumerate(lane) if name == "any"]
    if lanes < 2 or not apart or not others + here:
        return [check(rule) for rule in rules]
    try:
        claims = Claims(len(others))
    except (OSError, ImportError):  # no shared memory or semaphores here: one lane
        return [check(rule) for rule in rules]
    child = forked.start(partial(_child_lane, rules, apart, others, claims, check))
    found: dict[int, T] = {i: check(rules[i]) for i in here}
    while (k := claims.first()) is not None:
        found[others[k]] = check(rules[others[k]])
    found.update(child.result())
    return [found[i] for i in range(len(rules))]


def _child_lane(rules: Sequence[Rule], apart: list[int], others: list[int], claims: Claims,
                check: Callable[[Rule], T]) -> dict[int, T]:
    """The child's part: the ``apart`` rules, those of ``others`` this lane claimed before
    (when the part runs again after the child failed), then others claimed from the last."""
    found = {i: check(rules[i]) for i in apart}
    for k in claims.claimed_from_last():
        found[others[k]] = check(rules[others[k]])
    while (k := claims.last()) is not None:
        found[others[k]] = check(rules[others[k]])
    return found
