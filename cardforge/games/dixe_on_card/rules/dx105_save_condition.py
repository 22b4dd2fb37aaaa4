"""Save condition: the card's ``save`` uses game.yaml's vocabulary and a valid slot count.

``save.what`` must be a key of ``facts.save_conditions`` and ``save.when`` a key of
``facts.save_timings`` that the condition allows (its ``when`` list: a missed combination
is only known at the end of a turn). ``save.slots``, the half squares the DiXe climbs
before a symbol is saved, must lie within ``facts.backup_slots``.
Each Problem points at the field to change.

Passing::

    save: {when: each-throw, what: pair-or-three, slots: 1}

Failing (a missed combination is checked at the end of a turn; three slots is too many)::

    save: {when: each-throw, what: missed-combination, slots: 3}
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DX105"
NAME = "save-condition"
SCOPE = "card"
SEVERITY = "error"


def _unknown(card: Card, key: str, value: object, table: dict, what: str) -> Problem:
    close = difflib.get_close_matches(str(value), list(table), n=1)
    return Problem(card.locate("save", key), CODE, f"save {key} {value!r} is not a known {what}",
                   card=card.id, hint=f"did you mean {close[0]!r}?" if close
                   else f"known: {', '.join(table)}")


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each unknown or disallowed ``save`` field."""
    save = card.data.get("save")
    if not isinstance(save, dict):
        return
    conditions, timings = game.facts["save_conditions"], game.facts["save_timings"]
    what, when, slots = save.get("what"), save.get("when"), save.get("slots")
    if what not in conditions:
        yield _unknown(card, "what", what, conditions, "save condition")
    if when not in timings:
        yield _unknown(card, "when", when, timings, "save timing")
    elif what in conditions and when not in conditions[what]["when"]:
        allowed = ", ".join(conditions[what]["when"])
        yield Problem(card.locate("save", "when"), CODE,
                      f"{what!r} cannot be checked at {when!r}", card=card.id,
                      hint=f"{what!r} is checked at: {allowed} (game.yaml facts.save_conditions)")
    low, high = game.facts["backup_slots"]["min"], game.facts["backup_slots"]["max"]
    if isinstance(slots, int) and not low <= slots <= high:
        yield Problem(card.locate("save", "slots"), CODE,
                      f"{slots} backup slots; a card has {low} to {high}", card=card.id,
                      hint="game.yaml facts.backup_slots gives the range")
