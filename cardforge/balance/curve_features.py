"""The parts of a ``balance:`` entry (:class:`Entry`) and the feature matrix it makes.

A power item is a dotted path into the card (``attack``, ``bonus.attack``, ``keywords``) or
a CEL expression (:mod:`cardforge.cel.cel_expressions`) over the card's fields by name, ``card``
and ``facts``; a one-key mapping names it (``{reach: "size(facts.moves[movement].reach)"}``),
else its text is its name. Each card's value becomes columns (:func:`feature_matrix`):

- a number is one column named after the item (``attack``), a boolean 0 or 1;
- a text (an enum value) is one column per distinct value seen, ``element=fire``, 1 or 0;
- a list of texts (keywords) is one column per distinct item seen, ``keywords=flying``;
- a missing value (or null) is 0 in every column of the item.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardforge.cel.cel_expressions import Expression, ExpressionError, compile_expression
from cardforge.loading.field_paths import MISSING, has_values, value_at
from cardforge.model.game_model import Card

PATH = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$")
"""A dotted path (``ability.cost``); any other power item is an expression."""


class BalanceError(Exception):
    """A ``balance:`` entry or a card value cardforge cannot use. ``message`` says why;
    ``card`` is the card it happened at (None: the entry itself), ``where`` the keys inside
    the entry (``("power", 2)``), or inside the card with ``card`` (its value to blame, if
    one is), and ``hint`` what to do."""

    def __init__(self, message: str, *, card: Card | None = None,
                 where: tuple[str | int, ...] = (), hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.card = card
        self.where = where
        self.hint = hint


MIN_R2 = 0.5
"""A fit explaining less of the costs' variance than this judges no card (``min_r2``)."""


@dataclass(frozen=True)
class Tolerance:
    """How far off a card may be: ``points`` of cost, and ``deviations`` residual standard
    deviations (of the fit without the card)."""

    points: float = 1.0
    deviations: float = 2.0


@dataclass(frozen=True)
class Feature:
    """One power item: its column ``name``, the ``source`` as written and, for an
    expression, the compiled ``expression`` (None for a dotted path)."""

    name: str
    source: str
    expression: Expression | None = None

    def value(self, card: Card, facts: Mapping[str, Any]) -> Any:
        """The card's raw value of this item (None when missing). Raises BalanceError for an
        expression that cannot be evaluated for the card."""
        if self.expression is None:
            found = value_at(card.data, tuple(self.source.split(".")))
            return None if found is MISSING else found
        variables = {**card.data, "card": card.data, "facts": facts}
        try:
            return self.expression.evaluate(variables)
        except ExpressionError as exc:
            raise BalanceError(f"power {self.name!r} cannot be evaluated for card {card.id!r}: "
                               f"{exc.message}", card=card, hint=exc.hint) from None


@dataclass(frozen=True)
class Entry:
    """One ``balance:`` entry, read: its ``index`` in the list, the ``deck``, the ``cost``
    path as keys, the ``power`` features, ``where`` (path keys → value), ``tolerance`` and
    ``min_r2``, the least R² of a fit whose verdicts are given."""

    index: int
    deck: str
    cost: tuple[str, ...]
    power: tuple[Feature, ...]
    where: dict[tuple[str, ...], Any] = field(default_factory=dict)
    tolerance: Tolerance = Tolerance()
    min_r2: float = MIN_R2

    def selects(self, card: Card) -> bool:
        """Whether ``card`` has every ``where`` value (a list field: holds the value)."""
        return has_values(card.data, self.where)


def read_entry(index: int, raw: Mapping[str, Any]) -> Entry:
    """The :class:`Entry` of a schema-valid ``balance:`` item at ``index``. Raises
    BalanceError for a power expression that does not compile or a cost that is no path."""
    cost = str(raw["cost"])
    if not PATH.match(cost):
        raise BalanceError(f"balance cost {cost!r} is not a dotted path to a field", where=("cost",),
                           hint="name the price field, e.g. cost or ability.cost")
    power = []
    for position, item in enumerate(raw["power"]):
        name, source = next(iter(item.items())) if isinstance(item, Mapping) else (item, item)
        expression = None
        if not PATH.match(source):
            try:
                expression = compile_expression(source)
            except ExpressionError as exc:
                raise BalanceError(f"power {name!r} is neither a dotted path nor an expression: "
                                   f"{exc.message}", where=("power", position), hint=exc.hint) from None
        power.append(Feature(str(name), source, expression))
    tolerance = raw.get("tolerance") or {}
    return Entry(index, str(raw["deck"]), tuple(cost.split(".")), tuple(power),
                 {tuple(str(k).split(".")): v for k, v in (raw.get("where") or {}).items()},
                 Tolerance(float(tolerance.get("points", 1)), float(tolerance.get("deviations", 2))),
                 float(raw.get("min_r2", MIN_R2)))


def feature_matrix(entry: Entry, cards: Sequence[Card],
                   facts: Mapping[str, Any]) -> tuple[list[str], np.ndarray]:
    """Column names and the len(cards) × columns matrix of ``entry``'s power over ``cards``
    (see the module documentation); items in order, an item's values in sorted order.
    Raises BalanceError for a value that is neither number, boolean, text nor list of texts."""
    names: list[str] = []
    columns: list[list[float]] = []
    for feature in entry.power:
        values = [_checked(feature, card, feature.value(card, facts)) for card in cards]
        if any(isinstance(v, (int, float)) for v in values):
            names.append(feature.name)
            columns.append([float(v) if isinstance(v, (int, float)) else 0.0 for v in values])
        labels = {v for v in values if isinstance(v, str)}
        labels |= {item for v in values if isinstance(v, list) for item in v}
        for label in sorted(labels):
            names.append(f"{feature.name}={label}")
            columns.append([1.0 if v == label or (isinstance(v, list) and label in v) else 0.0
                            for v in values])
    matrix = np.array(columns, dtype=float).T if columns else np.zeros((len(cards), 0))
    return names, matrix.reshape(len(cards), len(names))


def _checked(feature: Feature, card: Card, value: Any) -> Any:
    """``value`` when a power value can be made of it (None, number, boolean, text, list of
    texts). Raises BalanceError naming the card and the item."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        if math.isfinite(value):
            return value
    elif isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    shape = "a mapping" if isinstance(value, Mapping) else f"{type(value).__name__} {value!r}"[:60]
    raise BalanceError(f"power {feature.name!r} of card {card.id!r} is {shape}, not a number, "
                       "boolean, text or list of texts", card=card,
                       where=tuple(feature.source.split(".")) if feature.expression is None else (),
                       hint="name one of its fields (bonus.attack), or write an expression that "
                            "makes a number of it, e.g. sum(bonus.map(k, bonus[k]))")
