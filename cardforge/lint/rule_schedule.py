"""Where and when a rule runs, derived from what it declares it needs: the engine's side of
the rule contract (:mod:`cardforge.lint.rule` has the table).

A rule author declares facts about the rule (``NEEDS``, ``JUDGES_WHAT_LOADED``,
``ADVISORY``); :func:`schedule` turns them into the four decisions the engine makes:

- the **lane** (:mod:`cardforge.lint.lanes`): ``"main"`` for a rule that starts processes of
  its own (it needs ``"layout"``: layout workers; or ``"processes"``: a forked child of its
  own), checked first in ``cardforge lint``'s own process, since the lanes' child is a
  daemon, which may not have children (layout workers could not start there, and
  :mod:`cardforge.proc.forked` would run a ``"processes"`` rule's child's work in the
  daemon itself: right, but on one core); ``"shared"`` for a rule
  needing a per-game state other rules build too (``"catalogs"``), checked in the second
  lane's child with every other such rule, so the state is built once; ``"any"`` otherwise;
- whether it is given **layout** options (``check(target, game, layout)``) and so runs only
  under ``lint --layout``;
- what it **waits for** when some file failed to load: ``"nothing"`` (a card rule, or a rule
  that judges only what loaded), ``"deck"`` (a deck rule: each deck whose files all loaded)
  or ``"game"`` (a game rule: every file of the game);
- whether a build's **gate** (which keeps only errors) runs it: ``"always"``, or
  ``"when-error"`` for an advisory rule, run only when its code's severity, as configured,
  is an error (for a warning-level rule: when the configuration raises it).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardforge.lint.rule import STARTS_PROCESSES, Rule


@dataclass(frozen=True)
class Schedule:
    """One rule's schedule: ``lane`` (``"main"``, ``"shared"`` or ``"any"``), ``layout``
    (called with layout options, only under ``lint --layout``), ``waits_for``
    (``"nothing"``, ``"deck"`` or ``"game"``) and ``gate`` (``"always"`` or
    ``"when-error"``)."""

    lane: str
    layout: bool
    waits_for: str
    gate: str


def schedule(rule: Rule) -> Schedule:
    """The schedule the engine derives from ``rule``'s declarations (see the module docstring)."""
    if rule.needs & STARTS_PROCESSES:
        lane = "main"
    elif rule.shared_states:
        lane = "shared"
    else:
        lane = "any"
    if rule.scope in ("deck", "game") and not rule.judges_what_loaded:
        waits_for = rule.scope
    else:
        waits_for = "nothing"
    return Schedule(lane=lane, layout=rule.needs_layout, waits_for=waits_for,
                    gate="when-error" if rule.advisory else "always")
