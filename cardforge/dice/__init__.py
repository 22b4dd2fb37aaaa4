"""Dice engine for card costs: the cost model and notation, paying with dice, exact odds.

- :mod:`cardforge.dice.cost`: ``Cost`` and its components, ``parse_cost`` (the compact notation,
  documented there) and ``cost_from_structured``.
- :mod:`cardforge.dice.pay`: ``Die`` and ``can_pay``, which returns the dice a payment spends.
- :mod:`cardforge.dice.odds`: ``Pool``, ``pay_probability`` (exact ``Fraction``) and
  ``min_dice_to_pay``.
- :mod:`cardforge.dice.dominance`: which costs are strictly harder than which, decided
  exactly over every roll of reference pools (or every hand of a supply), for CF015.

Rules follow the Comic Creator rulebook, Card Costs and its Q&A; the Comic Creator pack
(``cardforge.games.comic_creator``: faces, costs, rules CC101/CC102, diagrams) and the core
rules fed by game.yaml's ``card_costs:`` (CF015, CF016) use these modules; the private helpers
(``_model``, ``_solve``, ``_counts``) are used inside this package only. It stays in
core as a self-contained engine (imports: the standard library and ``cardforge.boundary.trust`` for
limits; never a pack). :mod:`cardforge.dice.custom_dice` is different: custom dice as data, shared
by every pack with custom dice and by the ``dice`` product.
"""

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
