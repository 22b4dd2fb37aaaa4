"""Comic Creator costs and dice facts as the rules and stats need them.

Reads each card's ``cost`` once (cached on the card) and the dice facts from game.yaml:
``facts.dice.faces``, ``facts.dice.supply``, ``facts.payment_colour``,
``facts.green_per_player``, ``facts.reference_pools``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardforge.dice.cost import Cost, CostSyntaxError, OfAKind, cost_from_structured, parse_cost
from cardforge.dice.odds import OddsTooLarge, Pool, pay_probability
from cardforge.errors import DataError
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

_KEY = "comic-creator.cost"


def card_cost(card: Card) -> Cost | None:
    """The card's parsed cost; None if it has no ``cost``. Raises CostSyntaxError (cached too)."""
    if _KEY not in card.derived:
        raw = card.data.get("cost")
        try:
            if raw is None:
                card.derived[_KEY] = None
            elif isinstance(raw, str):
                card.derived[_KEY] = parse_cost(raw)
            else:
                card.derived[_KEY] = cost_from_structured(raw)
        except CostSyntaxError as exc:
            card.derived[_KEY] = exc
    value = card.derived[_KEY]
    if isinstance(value, CostSyntaxError):
        raise value
    return value


def parsed_cost(card: Card) -> Cost | None:
    """Like :func:`card_cost`, but None for an unreadable cost (CC101 reports those)."""
    try:
        return card_cost(card)
    except CostSyntaxError:
        return None


def faces(game: Game) -> tuple[int, ...]:
    """Die face values (``facts.dice.faces``), e.g. (1, 2, 3, 4, 5, 6)."""
    return tuple(game.facts["dice"]["faces"])


def payment_colour(game: Game) -> str | None:
    """The colour at least one spent die must have (``facts.payment_colour``), or None."""
    return game.facts.get("payment_colour")


def ends_game(cost: Cost, game: Game) -> bool:
    """Whether taking a card with ``cost`` ends the game at once (Card Costs: ten of a kind),
    i.e. it asks for ``facts.game_ending_kind`` or more dice of one value."""
    limit = game.facts.get("game_ending_kind")
    return limit is not None and any(isinstance(c, OfAKind) and c.n >= limit for c in cost.components)


@dataclass(frozen=True)
class ReferencePool:
    """A named dice pool from ``facts.reference_pools``: label per language, and the Pool."""

    name: str
    label: Mapping[str, str]
    pool: Pool


def reference_pools(game: Game) -> list[ReferencePool]:
    """The reference pools in game.yaml order."""
    pools: dict[str, Any] = game.facts.get("reference_pools", {})
    return [ReferencePool(name, spec.get("label", {"en": name}), Pool.from_mapping(spec))
            for name, spec in pools.items()]


def probability(cost: Cost, pool: Pool, game: Game) -> Fraction:
    """Exact probability that ``pool`` pays ``cost`` under the game's faces and payment colour.

    Raises DataError when the dice are too many for exact odds (more roll patterns than
    ``cardforge.boundary.trust.MAX_ODDS_PATTERNS``): at ``facts.dice.faces`` for a die of more than
    six faces, else at the reference pool's ``rolled``."""
    try:
        return pay_probability(cost, pool, faces=faces(game), required_colour=payment_colour(game))
    except OddsTooLarge as exc:
        where = game.fact_location("dice", "faces")
        if len(faces(game)) <= 6:
            named = [p.name for p in reference_pools(game) if p.pool == pool]
            where = game.fact_location("reference_pools", named[0], "rolled") if named else where
        raise DataError([Problem(where, "CF003", str(exc),
                                 hint="exact odds need few faces and dice: a d6 or a d10 and the "
                                      "pools of the rulebook")], what=f"{game.id}'s dice") from None
