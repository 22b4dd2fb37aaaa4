"""Rule expression: a lint rule written as data (game.yaml ``lint:``) that cannot work.

Each entry of ``lint:`` is a CEL expression that must be true for every card (or deck); see
docs/workspace-games.md. Reported in game.yaml:

- an ``expect`` that is not a CEL expression, at the line and column where it stops making
  sense (the rule is skipped);
- a ``code`` that a core or installed pack rule already has, or an earlier entry (the entry
  is skipped: a data rule never replaces another rule);
- a ``deck`` that game.yaml's ``decks:`` does not declare (the rule is skipped);
- an ``example:`` that does not do what it says: a ``pass`` example for which the
  expression is false, a ``fail`` example for which it is true, or one that cannot be read
  or evaluated, at the example (:mod:`cardforge.lint.data_examples`), so that ``cardforge
  explain`` never shows a "failing" example that passes;
- a warning for a name the expression reads that it will not get: not a field of the
  deck's cards (its ``fields:`` when declared, else any field its cards have), nor ``card``,
  ``deck``, ``facts`` (once a card) or ``deck``, ``cards``, ``facts`` (once a deck), nor a
  name a comprehension binds (``c`` in ``cards.map(c, c.cost)``), nor a type (``int``).

And at the card (or the deck's entry in game.yaml): an expression that cannot be evaluated
for it, at the rule's own severity (a field that card lacks: guard it with
``has(card.defence)``), and at the ``expect`` an expression whose value is not true or false.

Passing::

    lint:
      - code: GM101
        expect: "attack + defence <= 2 * cost + 2"
        message: too strong for its cost

Failing (``&&&`` is not CEL; CF005 is a core rule's code)::

    lint:
      - code: CF005
        expect: "attack <= 5 &&& cost > 0"
        message: too strong for its cost

Failing (the "failing" example passes: 2 + 2 is not more than 2 × 1 + 2)::

    lint:
      - code: GM101
        expect: "attack + defence <= 2 * cost + 2"
        message: too strong for its cost
        example: {pass: "cost: 2, attack: 3, defence: 3", fail: "cost: 1, attack: 2, defence: 2"}
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge.lint.data_checks import CARD_VARIABLES, DECK_VARIABLES
from cardforge.lint.data_examples import example_problems
from cardforge.lint.data_rules import Compiled, prepared
from cardforge.lint.expect_text import (
    TYPE_NAMES,
    bound_names,
    first_offset,
    is_identifier,
    locate_in_value,
    offset_at,
)
from cardforge.model.game_model import Game
from cardforge.problem import Problem, Severity

CODE = "CF012"
NAME = "rule-expression"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # a broken expression is reported even while a card has schema errors

BASE_FIELDS = frozenset({"id", "name", "quantity", "marks", "art"})
"""Fields every card may have, whatever its deck declares."""


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield the Problems of each ``lint:`` entry of ``game``: compile errors, taken codes,
    undeclared decks, names the expression will not get."""
    ready = prepared(game)
    first: dict[str, int] = {}
    for item in ready.compiled:
        entry = item.entry
        where = ("lint", entry.index)
        if item.error is not None:
            offset = offset_at(entry.expect, item.error.line, item.error.column)
            yield Problem(locate_in_value(game.manifest, (*where, "expect"), entry.expect, offset), CODE,
                          f"rule {entry.code}: {item.error.message}", hint=item.error.hint or None)
        owner = ready.reserved.get(entry.code)
        if owner is not None:
            pack = "core" if owner.pack == "core" else f"game pack {owner.pack}"
            yield Problem(game.manifest.locate(*where, "code"), CODE,
                          f"code {entry.code} is already the {pack} rule {owner.name}; this entry is skipped",
                          hint="give the rule a code of your own, e.g. GM101")
        elif entry.code in first:
            line = game.manifest.locate("lint", first[entry.code], "code").line
            yield Problem(game.manifest.locate(*where, "code"), CODE,
                          f"code {entry.code} is already used by the rule at line {line}; "
                          "this entry is skipped",
                          hint="give each rule its own code")
        else:
            first[entry.code] = entry.index
        if entry.deck is not None and entry.deck not in game.decks:
            close = difflib.get_close_matches(entry.deck, list(game.decks), n=1)
            yield Problem(game.manifest.locate(*where, "deck"), CODE,
                          f"rule {entry.code}: deck {entry.deck!r} is not declared in decks:",
                          hint=f"did you mean {close[0]!r}?" if close
                          else f"declared decks: {', '.join(game.decks)}")
        elif item.expression is not None:
            yield from _unknown_names(game, item)
            yield from example_problems(game, entry, item.expression, CODE)


def _unknown_names(game: Game, item: Compiled) -> Iterator[Problem]:
    """A warning at each name ``item``'s expression reads that it will not get."""
    entry, expression = item.entry, item.expression
    assert expression is not None
    if entry.each == "deck":
        known = DECK_VARIABLES
    else:
        fields = _fields(game, entry.deck)
        if fields is None:
            return
        known = CARD_VARIABLES | fields
    for name in sorted(expression.names - known - TYPE_NAMES - bound_names(entry.expect),
                       key=lambda n: first_offset(entry.expect, n)):
        close = difflib.get_close_matches(name, sorted(known), n=1)
        where = locate_in_value(game.manifest, ("lint", entry.index, "expect"), entry.expect,
                                first_offset(entry.expect, name))
        yield Problem(where, CODE, f"rule {entry.code} reads {name!r}, which it will not get",
                      Severity.WARNING,
                      hint=f"did you mean {close[0]!r}?" if close
                      else f"it can read: {', '.join(sorted(known)[:20])}")


def _fields(game: Game, deck: str | None) -> frozenset[str] | None:
    """The field names the cards of ``deck`` (None: every deck) may have: the deck's
    declared ``fields:`` and the base fields, else every field its cards have; None when
    nothing is known (no declaration and no card)."""
    names: set[str] = set()
    for deck_id in [deck] if deck is not None else list(game.decks):
        declared = game.decks[deck_id].spec.get("fields")
        if isinstance(declared, dict):
            names |= BASE_FIELDS | set(declared)
        else:
            names |= {key for card in game.decks[deck_id].cards for key in card.data}
    names = {name for name in names if is_identifier(name)}
    return frozenset(names) if names else None
