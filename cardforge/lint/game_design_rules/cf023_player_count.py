"""Player count: a rule that depends on how many play does not work at every count
``players:`` allows.

A rulebook's numbers often scale with the table: dice rolled per player, cards dealt to
each, a market of one more than the players. ``players: {min, max}`` promises the game
works at every count in between, so each rule that depends on the count is written once
in game.yaml's top-level ``player_counts:`` list, as a CEL condition that must hold at
every count, with a comment naming the rulebook section it comes from::

    player_counts:
      - expect: "players + facts.draft.aside_per_roll <= facts.draft.rolled[players - 2]"
        message: "the draft rolls too few dice for every player to take one"
        hint: "lower players.max, or roll more dice"    # optional
        severity: error                                # or warning (default error)

``expect`` sees ``players`` (one count, a whole number), ``facts`` and ``decks`` (deck id
→ ``size``, the cards loaded with their copies, and ``count``). It is evaluated at every
count from ``players.min`` to ``players.max``. A condition false at some counts is
reported once, at ``players.max`` in game.yaml when the maximum fails (else at
``players.min``), naming every count where it fails. A condition that cannot be evaluated
at a count (a list too short for it, a fact missing) fails at that count. One that is not
CEL, or reads a name it does not get, is reported at its ``expect`` (CF012's checks).

Passing (the Dice Tuners draft: one die more than the players, two to four players)::

    players: {min: 2, max: 4}
    facts: {draft: {rolled: [3, 4, 5], aside_per_roll: 1}}
    player_counts:
      - expect: "players - 2 < size(facts.draft.rolled) &&
                 facts.draft.rolled[players - 2] == players + facts.draft.aside_per_roll"
        message: "the draft has no roll that leaves one die aside for this many players"

Failing (five players: the draft says nothing for five; reported at ``max: 5``)::

    players: {min: 2, max: 5}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardforge.cel.cel_expressions import ExpressionError
from cardforge.lint.declared import (
    compile_problem,
    compiled,
    entries,
    entry_pointer,
    severity,
    unknown_names,
)
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CF023"
NAME = "player-count"
SCOPE = "game"
SEVERITY = "error"

KEY = "player_counts"
"""game.yaml's top-level key of the conditions that must hold at every player count."""
VARIABLES = frozenset({"players", "facts", "decks"})
"""Names a condition reads."""
MAX_COUNTS = 100
"""The most player counts evaluated (``players.max - players.min + 1``); a wider range is
checked at its first :data:`MAX_COUNTS` counts and its maximum."""


def counts(game: Game) -> list[int]:
    """The player counts ``players:`` allows, in order (none when min or max is missing or
    not a whole number: the schema, CF003, reports it)."""
    players = game.info.get("players") if isinstance(game.info, Mapping) else None
    low = players.get("min") if isinstance(players, Mapping) else None
    high = players.get("max") if isinstance(players, Mapping) else None
    if not (isinstance(low, int) and isinstance(high, int)) or low > high:
        return []
    span = list(range(low, min(high, low + MAX_COUNTS - 1) + 1))
    return span if span[-1] == high else [*span, high]


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each ``player_counts:`` condition false at some allowed count (at
    players.max or players.min) or unusable (at its ``expect``)."""
    allowed = counts(game)
    for index, entry in entries(game, KEY):
        expect, message = entry.get("expect"), entry.get("message")
        if not (isinstance(expect, str) and isinstance(message, str)) or not allowed:
            continue  # the schema (CF003) says what is missing
        where = (*entry_pointer(KEY, index), "expect")
        what = f"player-count condition {index + 1}"
        expression = compiled(game, expect)
        if isinstance(expression, ExpressionError):
            yield compile_problem(game, where, expect, expression, CODE, what)
            continue
        unknown = list(unknown_names(game, where, expect, expression, VARIABLES, CODE, what))
        if unknown:
            yield from unknown
            continue
        decks = {deck_id: {"id": deck_id, "size": deck.size, "count": deck.spec.get("count")}
                 for deck_id, deck in game.decks.items()}
        failing = [n for n in allowed if not _holds(expression, n, game.facts, decks)]
        if not failing:
            continue
        bound = "max" if failing[-1] == allowed[-1] else "min"
        hint = entry.get("hint")
        shown = ", ".join(str(n) for n in failing)
        yield Problem(game.manifest.locate("players", bound), CODE,
                      f"at {shown} player{'s' if failing != [1] else ''}: {message} "
                      f"(players.{bound} is {allowed[-1] if bound == 'max' else allowed[0]})",
                      severity(entry),
                      hint=hint if isinstance(hint, str) and hint else
                      f"change players.{bound}, or the rule: `{expect.strip()}` must hold at every count")


def _holds(expression: Any, players: int, facts: Any, decks: Any) -> bool:
    """Whether the condition is true at ``players`` (an error evaluating it: false)."""
    try:
        return expression.evaluate({"players": players, "facts": facts, "decks": decks}) is True
    except ExpressionError:
        return False
