"""Card expressions of the declarations CF017 (``instant_win:``) and CF018 (``game_enders:``).

An entry of those lists picks cards (``deck``: one deck, else every deck; ``where``: field
values, as in ``balance:``) and may say what a card's dice cost is: ``cost: {field: cost,
faces: facts.dice.faces}`` names a field in cardforge's dice notation (``X=X``, ``KIND10``,
``RUN4``; see :mod:`cardforge.dice.cost`) and the fact listing the faces a die shows. Its
CEL expressions (``ends``, ``payable``) see the card's fields by name, ``card``, ``facts``
and, with ``cost``, ``dice_cost``::

    dice_cost: {notation: "KIND10", dice: 10, rolls: true, of_a_kind: 10}

``dice`` is the fewest dice whose faces can pay the cost, ``rolls`` whether any roll of
those faces ever pays it (false for ``RUN7`` on six faces; ``dice`` is then 0), and
``of_a_kind`` the largest group of equal dice it asks for (0 for none). A card without the
field gets ``dice_cost: null``; a card whose cost cannot be read is left out (the cost's
own rule reports it).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError
from cardforge.dice.cost import CostSyntaxError, OfAKind, cost_from_structured, parse_cost
from cardforge.dice.odds import min_dice_to_pay
from cardforge.lint.data_values import Memo, Scope
from cardforge.lint.declared import game_value
from cardforge.lint.expect_text import bound_names, fields_in_order
from cardforge.loading.field_paths import MISSING, has_values, path_keys, value_at
from cardforge.model.game_model import Card, Game
from cardforge.problem import Location

CARD_NAMES = frozenset({"card", "facts", "dice_cost"})
"""Names a card expression gets besides the card's fields."""
D6 = (1, 2, 3, 4, 5, 6)


class Unreadable(Exception):
    """A card whose dice cost cannot be read: the rule leaves it out."""


@dataclass(frozen=True)
class CostSpec:
    """``cost:`` of an entry: the card's field (as keys) and the die's faces."""

    field: tuple[str | int, ...]
    faces: tuple[int, ...]


def cost_spec(game: Game, raw: object) -> CostSpec | None | str:
    """The entry's ``cost:`` read: None when absent; a text saying what is wrong when its
    ``field`` is no dotted path or its ``faces`` no fact listing whole numbers."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("field"), str):
        return "cost needs `field`, the card field holding the dice cost"
    faces: Any = D6 if raw.get("faces") is None else game_value(game, raw.get("faces"))
    if faces is MISSING or not isinstance(faces, list | tuple) or not faces \
            or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        return f"cost faces {raw.get('faces')!r} is not a fact listing whole numbers"
    return CostSpec(path_keys(raw["field"]), tuple(faces))


def dice_cost(card: Card, spec: CostSpec) -> dict[str, Any] | None:
    """The card's ``dice_cost`` (see the module documentation); None when it has no such
    field. Raises Unreadable for a cost that cannot be read."""
    raw = value_at(card.data, spec.field)
    if raw is MISSING or raw is None:
        return None
    try:
        cost = parse_cost(raw) if isinstance(raw, str) else cost_from_structured(raw)
        needed = min_dice_to_pay(cost, spec.faces)
    except (CostSyntaxError, TypeError, ValueError):
        raise Unreadable from None
    kinds = [c.n for c in cost.components if isinstance(c, OfAKind)]
    return {"notation": cost.notation(), "dice": needed or 0, "rolls": needed is not None,
            "of_a_kind": max(kinds, default=0)}


def selects(card: Card, entry: Mapping[str, Any]) -> bool:
    """Whether the entry's ``deck`` and ``where`` pick ``card``."""
    deck = entry.get("deck")
    return (not isinstance(deck, str) or card.deck == deck) and matches(card, entry.get("where"))


def matches(card: Card, where: object) -> bool:
    """Whether ``card`` has every value of ``where`` (a mapping of dotted field paths to
    values; a list field holds the value); True without ``where``."""
    if not isinstance(where, Mapping):
        return True
    return has_values(card.data, {path_keys(str(path)): wanted for path, wanted in where.items()})


def evaluate(expression: Expression, card: Card, game: Game, spec: CostSpec | None) -> Any:
    """The value of a card expression for ``card``. Raises ExpressionError, and Unreadable
    when it reads ``dice_cost`` of a card whose cost cannot be read.

    ``facts`` is converted for expressions once a game, and the outcome is remembered by
    what the expression reads of a card (its fields, and the cost field for ``dice_cost``;
    :class:`cardforge.lint.data_values.Memo`), unless it reads the whole ``card``: cards
    alike in those cost one evaluation."""
    if "card" in expression.names or (spec is not None and (len(spec.field) != 1
                                                              or not isinstance(spec.field[0], str))):
        return _evaluate(expression, card, game, spec)
    memos = _MEMOS.setdefault(game, {})
    memo = memos.get((expression, spec))
    if memo is None:
        depends = dict.fromkeys(expression.names - CARD_NAMES, False)
        if spec is not None and "dice_cost" in expression.names:
            depends[str(spec.field[0])] = False
        memo = memos[(expression, spec)] = Memo(depends, by_deck=False)
    return memo.outcome(card, lambda one: _evaluate(expression, one, game, spec))


_MEMOS: weakref.WeakKeyDictionary[Game, dict[tuple[Expression, CostSpec | None], Memo]] = \
    weakref.WeakKeyDictionary()
_SCOPES: weakref.WeakKeyDictionary[Game, Scope] = weakref.WeakKeyDictionary()


def _evaluate(expression: Expression, card: Card, game: Game, spec: CostSpec | None) -> Any:
    """:func:`evaluate` without the memo."""
    names = expression.names
    variables: dict[str, Any] = {name: card.data[name] for name in names - CARD_NAMES
                                 if name in card.data}
    if "card" in names:
        variables["card"] = card.data
    if "facts" in names:
        variables["facts"] = _facts(game)
    if "dice_cost" in names:
        if spec is None:
            raise ExpressionError("dice_cost needs the entry's `cost: {field, faces}`",
                                  hint="add cost: {field: cost, faces: facts.dice.faces}")
        variables["dice_cost"] = dice_cost(card, spec)
    return expression.evaluate(variables)


def _facts(game: Game) -> Any:
    """game.yaml's facts converted for expressions once a game; as they are when they
    cannot be (the evaluation then says why, as for any value)."""
    if game not in _SCOPES:
        _SCOPES[game] = Scope(game)
    try:
        return _SCOPES[game].facts()
    except ExpressionError:
        return game.facts


def read_location(card: Card, expression: Expression, spec: CostSpec | None) -> Location:
    """Where on ``card`` the value an expression judges is written: the cost field when the
    expression reads ``dice_cost``, else the first of the card's fields it reads, else the card."""
    reads_cost = spec is not None and "dice_cost" in expression.names
    if spec is not None and reads_cost and value_at(card.data, spec.field) is not MISSING:
        return card.locate(*spec.field)
    fields = frozenset(expression.names - CARD_NAMES) - bound_names(expression.text)
    for name in fields_in_order(expression.text, fields):
        if name in card.data:
            return card.locate(name)
    return card.location
