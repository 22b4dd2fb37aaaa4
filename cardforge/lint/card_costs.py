"""game.yaml's ``card_costs:``: which card fields are costs, what they are worth, what pays them.

Read by CF015 (dominated cost) and CF016 (supply limit); docs/workspace-games.md documents
it for designers. Each entry of the top-level list::

    card_costs:
      - deck: experience                  # optional: every deck
        where: {kind: equipment}          # optional: only cards with these field values
        cost: {field: cost, notation: dice, faces: facts.dice.faces}
        value: vp                         # CF015: what the card is worth (path or CEL)
        same: overdrive.kind              # CF015, optional: compare only cards equal in this
        pools: facts.reference_pools      # CF015: the rolls dice costs are compared over
        supply: facts.dice.supply         # CF016: colour → dice of it in the game
        most: facts.dice_per_player       # CF016: the most dice (or amount) a player holds
        dice: {deck_field: set}           # symbols: the custom dice of the dice files

``cost.field`` is a dotted path into the card; a ``*`` step goes through every item of a
list (``combinations.*``, ``effects.*.value``), so one card may hold several costs.
``cost.notation`` says how a cost reads (:data:`NOTATIONS`): ``dice`` (default) is
cardforge's dice notation (:mod:`cardforge.dice.cost`: ``X=X Y=Y``, ``RUN4``, ``12+``,
``green``), its structured list, or a list of colour words (one die of each); ``symbols`` a
list of face names, each filled by one custom die showing it; ``face`` one value a die must
show; ``amount`` a number of something a player holds (pages, gold), harder when larger.
``cost.faces``, ``supply``, ``most`` and ``pools`` are read from game.yaml: a dotted path
(``facts.dice.supply``) or a CEL expression over game.yaml's top-level keys (``facts``,
``players``, ``decks``…); ``supply`` may also be ``{colours: <keys of a mapping, or a
list>, each: <dice of every colour>}``. ``value`` and ``same`` are a dotted path into the
card or a CEL expression over its fields, ``card`` and ``facts``, as in ``balance:``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError
from cardforge.dice.cost import Cost, CostSyntaxError, cost_from_structured, parse_cost
from cardforge.lint.declared import PATH, compiled, entries, entry_pointer
from cardforge.lint.declared_cards import evaluate, read_location, selects
from cardforge.loading.field_paths import path_keys
from cardforge.model.game_model import Card, Game
from cardforge.problem import Location

KEY = "card_costs"
NOTATIONS = ("dice", "symbols", "face", "amount")
Parsed = Cost | tuple[str, ...] | int | float


class DeclarationError(Exception):
    """What is wrong with an entry: ``message``, ``where`` (keys inside the entry) and ``hint``."""

    def __init__(self, message: str, where: tuple[str | int, ...] = (), hint: str = "") -> None:
        super().__init__(message)
        self.message, self.where, self.hint = message, where, hint


@dataclass(frozen=True)
class CostEntry:
    """One entry of ``card_costs:`` (``index`` in the list, -1 for a single mapping)."""

    index: int
    raw: Mapping[str, Any]
    field: tuple[str | int, ...]
    notation: str

    def pointer(self, *keys: str | int) -> tuple[str | int, ...]:
        """The pointer in game.yaml of this entry's key at ``keys``."""
        return (*entry_pointer(KEY, self.index), *keys)


@dataclass(frozen=True)
class CostItem:
    """One cost of a card: where it is inside the card (``keys``), as written, and read."""

    card: Card
    keys: tuple[str | int, ...]
    raw: Any
    parsed: Parsed

    @property
    def location(self) -> Location:
        """Where the cost is written."""
        return self.card.locate(*self.keys)

    @property
    def shown(self) -> str:
        """The cost for a message: a text or a list of words as written (``KIND4``, ``[red,
        red]``), a structured dice cost in the notation, a number as a number."""
        if isinstance(self.raw, str):
            return " ".join(self.raw.split())
        if isinstance(self.raw, list) and all(isinstance(s, str) for s in self.raw):
            return "[" + ", ".join(self.raw) + "]"
        if isinstance(self.parsed, Cost):
            return self.parsed.notation()
        return str(int(self.parsed)) if float(self.parsed).is_integer() else f"{self.parsed:g}"


def read_entries(game: Game) -> list[CostEntry | tuple[int, DeclarationError]]:
    """Each entry of ``card_costs:`` read, or (index, what is wrong with its ``deck`` or ``cost``)."""
    found: list[CostEntry | tuple[int, DeclarationError]] = []
    for index, raw in entries(game, KEY):
        cost, deck = raw.get("cost"), raw.get("deck")
        if deck is not None and deck not in game.decks:
            found.append((index, DeclarationError(f"card_costs names deck {deck!r}, which game.yaml "
                                                  "does not declare", ("deck",),
                                                  f"decks: {', '.join(game.decks)}")))
        elif not isinstance(cost, Mapping) or not isinstance(cost.get("field"), str) \
                or not PATH.match(str(cost["field"]).replace("*", "x")):
            found.append((index, DeclarationError("cost needs `field`, a dotted path to the card's "
                                                  "cost", ("cost",), "e.g. cost: {field: cost}")))
        else:
            notation = str(cost.get("notation", "dice"))
            if notation not in NOTATIONS:
                found.append((index, DeclarationError(f"unknown notation {notation!r}",
                                                      ("cost", "notation"),
                                                      f"notations: {', '.join(NOTATIONS)}")))
            else:
                found.append(CostEntry(index, raw, path_keys(cost["field"]), notation))
    return found


Keys = tuple[str | int, ...]


def _at(data: Any, keys: Keys, done: Keys = ()) -> Iterator[tuple[Keys, Any]]:
    """(keys, value) for each value at ``keys`` (``*`` steps through a list's items)."""
    if not keys:
        yield done, data
    elif keys[0] == "*" and isinstance(data, list):
        for i, item in enumerate(data):
            yield from _at(item, keys[1:], (*done, i))
    elif isinstance(data, Mapping) and keys[0] in data:
        yield from _at(data[keys[0]], keys[1:], (*done, keys[0]))


def parse(notation: str, raw: Any) -> Parsed | None:
    """``raw`` read in ``notation``; None when it cannot be read (its schema or cost-syntax
    rule reports it)."""
    if notation in ("face", "amount"):
        number = isinstance(raw, int | float) and not isinstance(raw, bool)
        return raw if number and (notation == "amount" or isinstance(raw, int)) else None
    if notation == "symbols":
        ok = isinstance(raw, list) and raw and all(isinstance(s, str) for s in raw)
        return tuple(raw) if ok else None
    try:
        if isinstance(raw, str):
            return _parse_text(raw)
        if isinstance(raw, list) and raw and all(isinstance(s, str) for s in raw):
            return _parse_text(" ".join(raw))
        return cost_from_structured(raw)
    except (CostSyntaxError, TypeError, ValueError):
        return None


@lru_cache(maxsize=4096)
def _parse_text(text: str) -> Cost:
    """:func:`~cardforge.dice.cost.parse_cost`, remembered (a Cost is immutable): a deck
    repeats a few hundred costs over thousands of cards. Raises what it raises."""
    return parse_cost(text)


def items(entry: CostEntry, game: Game) -> Iterator[CostItem]:
    """Every readable cost of the cards the entry selects, in deck and card order."""
    for card in game.cards():
        if selects(card, entry.raw):
            for keys, raw in _at(card.data, entry.field):
                parsed = parse(entry.notation, raw)
                if parsed is not None:
                    yield CostItem(card, keys, raw, parsed)


@dataclass(frozen=True)
class CardReader:
    """A ``value`` or ``same`` of an entry: a dotted path into the card, or an expression."""

    text: str
    expression: Expression | None

    def value(self, card: Card, game: Game) -> Any:
        """The card's value (None when the path leads nowhere). Raises ExpressionError."""
        if self.expression is None:
            found = next(_at(card.data, path_keys(self.text)), None)
            return None if found is None else found[1]
        return evaluate(self.expression, card, game, None)

    def where(self, card: Card) -> Location:
        """Where the card's value is written: the path's value, or the field the expression
        reads (:func:`~cardforge.lint.declared_cards.read_location`), else the card. Asked
        only for a Problem: finding a place costs more than reading the value."""
        if self.expression is None:
            keys = path_keys(self.text)
            return card.location if next(_at(card.data, keys), None) is None else card.locate(*keys)
        return read_location(card, self.expression, None)


def card_reader(game: Game, entry: CostEntry, key: str) -> CardReader | None:
    """The entry's ``key`` (``value`` or ``same``) ready to read cards; None when absent.
    Raises DeclarationError for an expression that does not compile."""
    text = entry.raw.get(key)
    if text is None:
        return None
    if not isinstance(text, str):
        raise DeclarationError(f"{key} is {text!r}, not a dotted path or an expression", (key,))
    if PATH.match(text):
        return CardReader(text, None)
    expression = compiled(game, text)
    if isinstance(expression, ExpressionError):
        raise DeclarationError(f"{key}: {expression.message}", (key,), expression.hint)
    return CardReader(text, expression)
