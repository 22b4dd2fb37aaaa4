"""A lint-as-data rule's own examples, evaluated: ``example: {pass: …, fail: …}`` in a
``lint:`` entry of game.yaml must pass and fail as they say, or ``cardforge explain``
would print a "failing" example that passes (CF012 reports the mismatch at the example).

An example is YAML, as ``explain`` prints it: for a card rule (``each: card``) the card's
fields, as a flow mapping's content (``cost: 1, attack: 5``) or a mapping; for a deck rule
(``each: deck``) the deck's cards, a list of such mappings. The expression sees what it
would see at lint: the fields by name, ``card`` (the fields as one map), ``facts``, and
for a deck rule ``cards`` and ``deck`` (``id``, ``size``: quantities added up, ``cards``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml

from cardforge.cel.cel_expressions import Expression, ExpressionError, to_cel
from cardforge.lint.data_checks import Entry
from cardforge.model.game_model import Game
from cardforge.problem import Problem

MAX_EXAMPLE = 4000
"""Characters of one example read, at most (an example is a line or two)."""

_EXPECTED = {"pass": True, "fail": False}
_BAD = object()


def example_problems(game: Game, entry: Entry, expression: Expression, code: str) -> Iterator[Problem]:
    """Under ``code``, a Problem at each of ``entry``'s examples that does not do what its
    key says (a pass example false, a fail example true), cannot be read as the fields of a
    card (a deck's cards), or cannot be evaluated."""
    for key, expected in _EXPECTED.items():
        text = entry.example.get(key)
        if not text:
            continue
        where = game.manifest.locate("lint", entry.index, "example", key)
        what = f"rule {entry.code}'s {key} example"
        variables = _variables(text, entry.each, game)
        if isinstance(variables, str):
            yield Problem(where, code, f"{what} is not {variables}",
                          hint="write it as YAML: cost: 1, attack: 5" if entry.each == "card"
                          else "write it as a YAML list of cards: [{cost: 1}, {cost: 2}]")
            continue
        try:
            value = expression.evaluate(variables)
        except ExpressionError as exc:
            yield Problem(where, code, f"{what} cannot be evaluated: {exc.message}",
                          hint="give the example every field the expression reads")
            continue
        if value is not expected:
            said = "true" if value is True else "false" if value is False else repr(value)
            yield Problem(where, code, f"{what} is {said} for `{entry.expect}`: it would "
                          f"{'fail' if expected else 'pass'}", hint=f"fix the example or the rule, "
                          f"so that `cardforge explain {entry.code}` shows what the rule does")


def _variables(text: str, each: str, game: Game) -> dict[str, Any] | str:
    """What the expression sees for example ``text``, or what the example should have been."""
    wanted = "a card's fields" if each == "card" else "a list of a deck's cards"
    if len(text) > MAX_EXAMPLE:
        return f"{wanted} of at most {MAX_EXAMPLE} characters"
    data = _yaml(text)
    if each == "card" and not isinstance(data, dict):
        data = _yaml("{" + text + "}")  # `cost: 1, attack: 5`: a flow mapping's content
    if data is _BAD:
        return f"YAML ({wanted})"
    facts = to_cel(game.facts)
    if each == "card":
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            return wanted
        return {**data, "card": to_cel(data), "facts": facts}
    if not isinstance(data, list) or not all(isinstance(card, dict) for card in data):
        return wanted
    size = sum(card.get("quantity", 1) if isinstance(card.get("quantity", 1), int) else 1 for card in data)
    cards = to_cel(data)
    deck = to_cel({"id": "example", "size": size})
    deck[to_cel("cards")] = cards
    return {"cards": cards, "deck": deck, "facts": facts}


def _yaml(text: str) -> Any:
    """``text`` read as YAML (plain data only), or ``_BAD``."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return _BAD
