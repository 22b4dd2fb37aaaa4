"""How many copies of a game's cards or dice a print product makes: game.yaml's ``print:``.

A box holds what the biggest table needs; a print-and-play file prints it. When the card
files or the dice files describe one player's set (DiXe on Card's starter sets) or one die
of each colour (Dice Tuners), game.yaml says how many copies to print, as a CEL expression
over ``players``, ``facts`` and ``decks`` (each deck's ``size``), so the number follows
from the facts::

    print:
      dice: {copies: "players.max + facts.dice_per_colour_extra"}   # Game Setup: players + 1
      cards: {copies: "(players.max + size(decks) - 1) / size(decks)"}

Products (``cards``, ``dice``) print that many copies, and the booklet's component list
counts them (:func:`copies`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge.errors import ConfigError
from cardforge.model.game_model import Game
from cardforge.problem import Location

KEY = "print"
"""game.yaml's top-level key."""
PRODUCTS = ("cards", "dice")
"""The products a ``print:`` entry may name."""
MAX_COPIES = 50
"""Most copies a product may print (a bound on what game.yaml can make a build write)."""


class GameNumberError(ConfigError):
    """A number game.yaml writes (a copies count, a board's size) that cannot be used:
    ``location`` is its value in game.yaml, ``detail`` what is wrong, ``hint`` what to do.
    Its message is ``"<location>: <detail>"``; CF021 reports the same as a Problem."""

    def __init__(self, location: Location, detail: str, hint: str) -> None:
        super().__init__(f"{location}: {detail}", hint=hint)
        self.location = location
        self.detail = detail


def copies(game: Game, product: str) -> int:
    """Copies of every card (``product`` ``"cards"``) or every custom die (``"dice"``) the
    print products make: game.yaml's ``print.<product>.copies`` (an integer or a CEL
    expression over ``players``, ``facts`` and ``decks``), 1 when absent. Raises
    ConfigError, at the line and column of the ``copies`` value with a hint, when the
    expression fails or its value is not a whole number from 1 to MAX_COPIES
    (GameNumberError)."""
    entry = (game.info.get(KEY) or {}).get(product) if isinstance(game.info.get(KEY), Mapping) else None
    if not isinstance(entry, Mapping) or "copies" not in entry:
        return 1
    return int(game_number(game, (KEY, product, "copies"), 1, MAX_COPIES, whole=True))


def game_number(game: Game, keys: tuple[str, ...], low: float, high: float, *,
                whole: bool = False) -> float:
    """The number game.yaml writes at ``keys`` (e.g. ``("print", "dice", "copies")``): a
    number, or a CEL expression over ``players``, ``facts`` and ``decks`` (id → ``size``).
    Raises GameNumberError (a ConfigError), at the value's line and column with a hint, when
    it is missing, the expression fails, or the value is not a number (a whole one if
    ``whole``) from ``low`` to ``high``."""
    value: Any = game.info
    for key in keys:
        value = value.get(key) if isinstance(value, Mapping) else None
    where = game.manifest.locate(*keys)
    name = ".".join(keys)
    if isinstance(value, str):
        from cardforge.cel.cel_expressions import (  # CEL: only when one is written
            ExpressionError,
            compile_expression,
        )

        try:
            value = compile_expression(value).evaluate(_variables(game))
        except ExpressionError as exc:
            raise GameNumberError(where, f"{name} cannot be worked out: {exc.message}",
                                  exc.hint or "write an expression over players, facts and "
                                              "decks, e.g. players.max + 1") from None
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not low <= value <= high:
        kind = "a whole number" if whole else "a number"
        raise GameNumberError(where, f"{name} is {value!r}, not {kind} from {low:g} to {high:g}",
                              "write a number, or an expression over players, facts and decks "
                              "such as players.max + 1")
    return value


def _variables(game: Game) -> dict[str, Any]:
    """What an expression reads: ``players``, ``facts``, ``decks`` (id → ``size``)."""
    return {"players": game.info.get("players", {}), "facts": game.facts,
            "decks": {deck_id: {"size": deck.size} for deck_id, deck in game.decks.items()}}
