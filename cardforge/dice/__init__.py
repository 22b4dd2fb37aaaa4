"""Dice engine for card costs: the cost model and notation, paying with dice, exact odds.

Owns ``Cost`` and the compact notation (:mod:`~cardforge.dice.cost`), paying with real dice
(:mod:`~cardforge.dice.pay`), the exact chance a pool pays a cost (:mod:`~cardforge.dice.odds`),
which costs are strictly harder (:mod:`~cardforge.dice.dominance`) and custom dice as data
(:mod:`~cardforge.dice.custom_dice`); ``_model``, ``_solve`` and ``_counts`` are private to the
package. Rules follow the Comic Creator rulebook, Card Costs and its Q&A. May import only
:mod:`cardforge.boundary` (for its limits) and the standard library: a self-contained engine,
never a pack."""

from cardforge.dice.cost import (
    AnyDie,
    Component,
    Cost,
    CostSyntaxError,
    OfAKind,
    Parity,
    Run,
    SumAtLeast,
    cost_from_structured,
    parse_cost,
)
from cardforge.dice.odds import Pool, min_dice_to_pay, pay_probability
from cardforge.dice.pay import Die, can_pay

__all__ = [
    "AnyDie",
    "Component",
    "Cost",
    "CostSyntaxError",
    "Die",
    "OfAKind",
    "Parity",
    "Pool",
    "Run",
    "SumAtLeast",
    "can_pay",
    "cost_from_structured",
    "min_dice_to_pay",
    "parse_cost",
    "pay_probability",
]
