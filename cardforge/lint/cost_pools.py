"""The game's side of a ``card_costs:`` entry (:mod:`cardforge.lint.card_costs`): what pays the costs.

``cost.faces`` (the values a die shows), ``supply`` (colour → dice of it), ``most`` (the
most dice, or amount, one player holds), ``pools`` (the reference dice pools) are each a
dotted path into game.yaml (``facts.dice.supply``) or a CEL expression over its top-level
keys (``facts``, ``players``, ``decks``…); ``supply`` may also be ``{colours, each}``, the
same number of dice of every colour. ``dice: {deck_field: set}`` picks the custom dice of
the game's dice files that belong to a card's deck. Each reader raises
:class:`~cardforge.lint.card_costs.DeclarationError` (at the key) for what it cannot use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge.cel.cel_expressions import ExpressionError
from cardforge.dice.odds import Pool
from cardforge.lint.card_costs import CostEntry, DeclarationError
from cardforge.lint.declared import PATH, compiled, game_value
from cardforge.loading.field_paths import MISSING
from cardforge.model.game_model import Game

D6 = (1, 2, 3, 4, 5, 6)
"""The faces a die shows when ``cost.faces`` does not say."""


def game_data(game: Game, entry: CostEntry, *keys: str) -> Any:
    """The value the entry's key at ``keys`` names in game.yaml (a dotted path or a CEL
    expression over game.yaml's top-level keys); MISSING when the key is absent, the value
    itself when it is no text. Raises DeclarationError."""
    raw: Any = entry.raw
    for key in keys:
        raw = raw.get(key, MISSING) if isinstance(raw, Mapping) else MISSING
    if not isinstance(raw, str):
        return raw
    if PATH.match(raw):
        value = game_value(game, raw)
        if value is MISSING:
            raise DeclarationError(f"{'.'.join(keys)}: {raw!r} is not in game.yaml", keys,
                                   "write a dotted path such as facts.dice.supply")
        return value
    expression = compiled(game, raw)
    try:
        if isinstance(expression, ExpressionError):
            raise expression
        return expression.evaluate(dict(game.info))
    except ExpressionError as exc:
        raise DeclarationError(f"{'.'.join(keys)}: {exc.message}", keys, exc.hint) from None


def _count(value: Any, keys: tuple[str, ...], what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise DeclarationError(f"{'.'.join(keys)} is {value!r}, not a number of {what}", keys)
    return int(value)


def faces(game: Game, entry: CostEntry) -> tuple[int, ...]:
    """The values a die shows (``cost.faces``; 1–6 when absent). Raises DeclarationError."""
    value = game_data(game, entry, "cost", "faces")
    if value is MISSING:
        return D6
    if not isinstance(value, list) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value):
        raise DeclarationError(f"cost.faces is {value!r}, not a list of whole numbers >= 1",
                               ("cost", "faces"))
    return tuple(value)


def supply(game: Game, entry: CostEntry) -> dict[str, int] | None:
    """Colour → dice of it (``supply``), or None. Raises DeclarationError."""
    raw = entry.raw.get("supply")
    if raw is None:
        return None
    if isinstance(raw, Mapping) and "colours" in raw:
        colours = game_data(game, entry, "supply", "colours")
        each = _count(game_data(game, entry, "supply", "each"), ("supply", "each"), "dice")
        if not isinstance(colours, Mapping | list):
            raise DeclarationError("supply.colours names no mapping or list", ("supply", "colours"))
        return {str(colour): each for colour in colours}
    value = game_data(game, entry, "supply")
    if not isinstance(value, Mapping):
        raise DeclarationError(f"supply is {value!r}, not a mapping of colour to dice", ("supply",),
                               "e.g. supply: facts.dice.supply")
    return {str(c): _count(n, ("supply",), "dice") for c, n in value.items()}


def most(game: Game, entry: CostEntry) -> int | None:
    """The most dice (or amount) one player holds at once (``most``), or None."""
    value = game_data(game, entry, "most")
    return None if value is MISSING or value is None else _count(value, ("most",), "dice")


def pools(game: Game, entry: CostEntry) -> list[Pool] | None:
    """The reference pools dice costs are compared over (``pools``: a mapping of name to
    ``{rolled, fixed}``, or a list of them), or None. Raises DeclarationError."""
    value = game_data(game, entry, "pools")
    if value is MISSING or value is None:
        return None
    listed = list(value.values()) if isinstance(value, Mapping) else value
    if not isinstance(listed, list):
        raise DeclarationError(f"pools is {value!r}, not a mapping or list of pools", ("pools",),
                               "e.g. pools: facts.reference_pools")
    try:
        return [Pool.from_mapping(pool) for pool in listed]
    except ValueError as exc:
        raise DeclarationError(f"pools: {exc}", ("pools",),
                               "each pool is {rolled: {colour: dice}, fixed: [{colour, value}]}") from None


def custom_dice(game: Game, entry: CostEntry, deck: str) -> list[tuple[str, frozenset[str]]]:
    """(id, faces) of each die of the game's dice files that belongs to ``deck`` (its
    ``dice.deck_field`` names the deck; every die without ``deck_field``)."""
    spec = entry.raw.get("dice")
    field = spec.get("deck_field") if isinstance(spec, Mapping) else None
    found = []
    for doc in game.dice_documents:
        listed = doc.data.get("dice") if isinstance(doc.data, Mapping) else None
        for die in listed if isinstance(listed, list) else []:
            if isinstance(die, Mapping) and isinstance(die.get("faces"), list) \
                    and (field is None or die.get(field) == deck):
                found.append((str(die.get("id", "?")), frozenset(map(str, die["faces"]))))
    return found
