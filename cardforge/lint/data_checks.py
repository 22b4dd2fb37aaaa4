"""Running a data rule's expression (game.yaml ``lint:``, one :class:`Entry`) on a card or a deck.

What an expression sees (docs/workspace-games.md): once a card, the card's fields by name,
``card`` (the whole card), ``deck`` (``id``, ``size``: copies counted, ``cards``) and
``facts``; once a deck, ``deck``, ``cards`` and ``facts``. Only the names an expression
mentions are handed to it; the big values are converted for expressions once per game
(:class:`~cardforge.lint.data_values.Scope`: a deck's card list serves every card and
every rule), and a per-card rule evaluates once for cards alike in what it reads of them
(:class:`~cardforge.lint.data_values.Memo`).

Where the Problems go: a card for which the expression is false is reported under the
rule's code at the first field the expression reads that the card has (else at the card),
with ``card`` set so that ``lint-ignore`` works; a deck at its entry in game.yaml's
``decks:``. A card that lists the rule's code in ``lint-ignore`` is not evaluated at all.
An expression that cannot be evaluated for a card (a field it lacks) is CF012 at the card,
at the rule's own severity; one whose value is not true or false is CF012 at its ``expect``.
A rule whose evaluation goes past its steps, or past what is left of the rule's for the
lint (:func:`~cardforge.cel.cel_expressions.rule_budget`), is one CF012 at its ``expect`` and is
not evaluated again in that lint; the other rules go on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError, OverBudget
from cardforge.lint.data_values import Memo, Scope
from cardforge.lint.expect_text import bound_names, card_dependencies, fields_in_order
from cardforge.loading.yaml_source import gc_paused
from cardforge.model.game_model import Card, Deck, Game
from cardforge.problem import Location, Problem, Severity

RULE_EXPRESSION = "CF012"
"""The code of problems with a data rule itself (cardforge.lint.game_design_rules.cf012_rule_expression)."""
CARD_VARIABLES = frozenset({"card", "deck", "facts"})
"""Names a per-card expression gets besides the card's fields."""
DECK_VARIABLES = frozenset({"deck", "cards", "facts"})
"""Names a per-deck expression gets."""


@dataclass(frozen=True)
class Entry:
    """One ``lint:`` entry of game.yaml: ``index`` in the list, and its keys with their
    defaults (``name``: the code lowercased, ``each``: ``"card"``, ``deck``: None for every
    deck, ``severity``: error, ``hint``: empty, ``example``: ``{"pass": …, "fail": …}`` as given)."""

    index: int
    code: str
    name: str
    deck: str | None
    each: str
    expect: str
    message: str
    hint: str
    severity: Severity
    example: Mapping[str, str]


Check = Callable[[Any, Game], Iterator[Problem]]


def card_check(entry: Entry, expression: Expression, scope: Scope) -> Check:
    """``check(card, game)`` for a per-card data rule (see the module's documentation)."""
    fields = tuple(sorted(expression.names - CARD_VARIABLES))
    located = fields_in_order(entry.expect, frozenset(fields) - bound_names(entry.expect))
    wanted = CARD_VARIABLES & expression.names
    depends = card_dependencies(entry.expect, fields) if "card" in wanted else dict.fromkeys(fields, False)
    memo = Memo(depends, by_deck="deck" in wanted) if depends is not None else None
    hint = entry.hint or None
    stopped: list[OverBudget] = []
    budget = scope.budget()

    def evaluate(card: Card) -> Any:
        data = card.data
        variables = {name: data[name] for name in fields if name in data}
        if wanted:
            if "card" in wanted:
                variables["card"] = scope.card(card)
            if "deck" in wanted:
                variables["deck"] = scope.deck(card.deck)
            if "facts" in wanted:
                variables["facts"] = scope.facts()
        return expression.evaluate(variables, budget)

    def check(card: Card, game: Game) -> Iterator[Problem]:
        data = card.data
        if game is not scope.game or (entry.deck is not None and card.deck != entry.deck) \
                or entry.code in data.get("lint-ignore", ()) or stopped:
            return
        try:
            value = memo.outcome(card, evaluate) if memo is not None else evaluate(card)
        except OverBudget as exc:
            stopped.append(exc)
            yield over_budget(entry, game, exc, f"card {card.id!r}")
            return
        except ExpressionError as exc:
            yield unevaluable(entry, card.location, f"card {card.id!r}", exc, card.id,
                              [name for name in located if name not in data])
            return
        if value is False:
            where = next((card.locate(name) for name in located if name in data), card.location)
            yield Problem(where, entry.code, entry.message, entry.severity, card=card.id, hint=hint)
        elif value is not True:
            yield not_boolean(entry, game, value)
    return check


def deck_check(entry: Entry, expression: Expression, scope: Scope) -> Check:
    """``check(deck, game)`` for a per-deck data rule (see the module's documentation)."""
    wanted = DECK_VARIABLES & expression.names
    hint = entry.hint or None
    stopped: list[OverBudget] = []
    budget = scope.budget()

    def check(deck: Deck, game: Game) -> Iterator[Problem]:
        if game is not scope.game or (entry.deck is not None and deck.id != entry.deck) or stopped:
            return
        where = game.manifest.locate_key("decks", deck.id)
        try:
            variables: dict[str, Any] = {}
            if "deck" in wanted:
                variables["deck"] = scope.deck(deck.id)
            if "cards" in wanted:
                variables["cards"] = scope.cards(deck.id)
            if "facts" in wanted:
                variables["facts"] = scope.facts()
            with gc_paused():
                value = expression.evaluate(variables, budget)
        except OverBudget as exc:
            stopped.append(exc)
            yield over_budget(entry, game, exc, f"deck {deck.id!r}")
            return
        except ExpressionError as exc:
            yield unevaluable(entry, where, f"deck {deck.id!r}", exc, None)
            return
        if value is False:
            yield Problem(where, entry.code, entry.message, entry.severity, hint=hint)
        elif value is not True:
            yield not_boolean(entry, game, value)
    return check


def unevaluable(entry: Entry, where: Location, what: str, exc: ExpressionError,
                card: str | None, missing: Sequence[str] = ()) -> Problem:
    """CF012 at ``where``: rule ``entry`` cannot be evaluated for ``what`` (a card or deck),
    at the rule's severity, belonging to ``card`` (for ``lint-ignore``); ``missing`` are
    the fields the expression reads that the card lacks (the likely reason)."""
    message = f"rule {entry.code} cannot be evaluated for {what}: {exc.message}"
    hint = exc.hint or f"check the expression of {entry.code} in game.yaml"
    if missing:
        message += f" (the card has no {', '.join(map(repr, missing))})"
        hint = f"guard the field with has(): e.g. !has(card.{missing[0]}) || …"
    return Problem(where, RULE_EXPRESSION, message, entry.severity, card=card, hint=hint)


def over_budget(entry: Entry, game: Game, exc: OverBudget, what: str) -> Problem:
    """CF012 at the entry's ``expect`` in game.yaml: rule ``entry`` went past a step limit
    (its own, or the lint's) at ``what`` (a card or deck) and is not evaluated again."""
    return Problem(game.manifest.locate("lint", entry.index, "expect"), RULE_EXPRESSION,
                   f"rule {entry.code} stopped at {what}: {exc.message}; it is not checked "
                   "on the other cards", Severity.ERROR, hint=exc.hint)


def not_boolean(entry: Entry, game: Game, value: Any) -> Problem:
    """CF012 at the entry's ``expect`` in game.yaml: its value is ``value``, not a boolean.
    The same words for every card, so the report lists it once."""
    kinds = {int: "a number", float: "a number", str: "a text", list: "a list", dict: "a map"}
    kind = "null" if value is None else kinds.get(type(value), type(value).__name__)
    return Problem(game.manifest.locate("lint", entry.index, "expect"), RULE_EXPRESSION,
                   f"rule {entry.code}: `expect` gives {kind}, not true or false", Severity.ERROR,
                   hint="write a condition, e.g. `attack <= 2 * cost`, not a value")
