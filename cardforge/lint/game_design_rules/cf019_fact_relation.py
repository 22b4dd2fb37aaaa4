"""Fact relation: two numbers of game.yaml that the rulebook ties together no longer agree.

A rulebook states its numbers in different sections, and they must keep fitting each other:
the cards dealt to every player come out of the deck, nobody is dealt more than the hand
limit, a die's opposite faces add up to what the flip rule says. game.yaml writes each such
relation once, as data, in a top-level ``relations:`` list (docs/workspace-games.md), each
with a comment naming the rulebook sections it joins::

    relations:
      - expect: "facts.hand.start <= facts.hand.limit"    # a CEL expression that must be true
        at: facts.hand.start                               # the fact to blame: a dotted path
        message: "a player is dealt more cards than the hand limit"
        hint: "deal fewer cards, or raise the limit"      # optional
        severity: error                                    # or warning (default error)

``expect`` sees ``facts``, ``players`` (``min``, ``max``), ``decks`` (deck id → ``size``:
the cards loaded, copies counted; ``count``: game.yaml's count or null; ``cards``: the card
maps) and ``dice`` (every DiXe-style die of the game's dice files, as written: ``id``,
``faces``…), plus CEL's functions and ``sum``, ``min``, ``max``, ``distinct``. Each
expression is compiled once and evaluated once a game. A relation that is false is
reported at the value of ``at`` in game.yaml, with the value, the message and the hint.
The relation itself is reported at its ``expect`` when it is not CEL (at the line and
column where it stops making sense), reads a name it does not get, cannot be evaluated (a
fact missing, a text compared with a number) or is not true or false; at its ``at`` when
that names nothing in game.yaml. Since ``decks`` counts loaded cards, the rule waits until
every card file loads cleanly.

Passing (Writers' Battle rulebook, 0-4 and 1-3: 4 cards dealt, a limit of 6)::

    facts: {hand: {start: 4, limit: 6}}
    relations:
      - expect: "facts.hand.start <= facts.hand.limit"
        at: facts.hand.start
        message: "nobody may start over the hand limit"

Failing (7 cards dealt over a limit of 6: reported at ``start: 7``)::

    facts: {hand: {start: 7, limit: 6}}
    relations:
      - expect: "facts.hand.start <= facts.hand.limit"
        at: facts.hand.start
        message: "nobody may start over the hand limit"
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from cardforge.cel.cel_expressions import ExpressionError
from cardforge.lint.declared import (
    compile_problem,
    compiled,
    describe,
    entries,
    entry_pointer,
    game_value,
    path_problem,
    severity,
    text_location,
    unknown_names,
)
from cardforge.lint.expect_text import blank_strings
from cardforge.loading.field_paths import MISSING, path_keys
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CF019"
NAME = "fact-relation"
SCOPE = "game"
SEVERITY = "error"

KEY = "relations"
"""game.yaml's top-level key the relations are written under."""
VARIABLES = frozenset({"facts", "players", "decks", "dice"})
"""Names a relation's expression gets."""
_CARDS = re.compile(r"\bcards\b")


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each relation of ``game`` that is false (at its ``at``) or cannot
    work (at its ``expect`` or ``at``)."""
    for index, entry in entries(game, KEY):
        expect, at, message = entry.get("expect"), entry.get("at"), entry.get("message")
        if not (isinstance(expect, str) and isinstance(at, str) and isinstance(message, str)):
            continue  # the schema (CF003) says what is missing
        where = (*entry_pointer(KEY, index), "expect")
        what = f"relation {index + 1}"
        expression = compiled(game, expect)
        if isinstance(expression, ExpressionError):
            yield compile_problem(game, where, expect, expression, CODE, what)
            continue
        blamed = game_value(game, at)
        if blamed is MISSING:
            yield path_problem(game, (*entry_pointer(KEY, index), "at"), at, CODE, f"{what} `at`")
            continue
        unknown = list(unknown_names(game, where, expect, expression, VARIABLES, CODE, what))
        if unknown:
            yield from unknown
            continue
        try:
            value = expression.evaluate(_variables(game, expression.names, expect))
        except ExpressionError as exc:
            yield Problem(text_location(game, where, expect, 0), CODE,
                          f"{what} cannot be evaluated: {exc.message}",
                          hint="check each name against game.yaml; guard a fact that may be "
                               "absent with has(facts.<name>)")
            continue
        if value is False:
            hint = entry.get("hint")
            yield Problem(game.manifest.locate(*path_keys(at)), CODE,
                          f"{message} ({at} is {describe(blamed)})", severity(entry),
                          hint=hint if isinstance(hint, str) and hint else
                          f"the relation `{expect.strip()}` (game.yaml relations:) must hold")
        elif value is not True:
            yield Problem(text_location(game, where, expect, 0), CODE,
                          f"{what} gives {describe(value)}, not true or false",
                          hint="write a condition, e.g. facts.hand.start <= facts.hand.limit")


def _variables(game: Game, names: frozenset[str], text: str) -> dict[str, Any]:
    """The values of the names the expression reads (``decks`` with card maps only when the
    text mentions ``cards``)."""
    variables: dict[str, Any] = {}
    if "facts" in names:
        variables["facts"] = game.facts
    if "players" in names:
        variables["players"] = game.info.get("players", {})
    if "decks" in names:
        with_cards = bool(_CARDS.search(blank_strings(text)))
        variables["decks"] = {deck_id: _deck(game, deck_id, with_cards) for deck_id in game.decks}
    if "dice" in names:
        variables["dice"] = [die for doc in game.dice_documents
                             for die in (doc.data.get("dice") or [] if isinstance(doc.data, Mapping) else [])]
    return variables


def _deck(game: Game, deck_id: str, with_cards: bool) -> dict[str, Any]:
    deck = game.decks[deck_id]
    value: dict[str, Any] = {"id": deck_id, "size": deck.size, "count": deck.spec.get("count")}
    if with_cards:
        value["cards"] = [card.data for card in deck.cards]
    return value
