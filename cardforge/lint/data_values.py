"""The values data rules (game.yaml ``lint:``) evaluate their expressions on, made cheaply.

:class:`Scope` converts a game's big values for expressions once and keeps them (facts, a
deck's card list, its deck map); :class:`Memo` remembers a per-card expression's outcome by
what it reads of a card. The cyclic garbage collector is paused
(:func:`cardforge.loading.yaml_source.gc_paused`) over the conversions and evaluations that make
hundreds of thousands of objects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardforge.cel.cel_expressions import Budget, ExpressionError, rule_budget, to_cel
from cardforge.loading.yaml_source import gc_paused
from cardforge.model.game_model import Card, Game


class Scope:
    """The values one loaded game's data rules share, converted for expressions once and
    kept: ``facts``, each deck's card list and deck map (each card's map is an item of its
    deck's list). A value expressions cannot hold raises ExpressionError, every time it is
    asked for. ``rules`` is how many data rules share it: :meth:`budget` gives each its
    share of a lint's evaluation steps."""

    def __init__(self, game: Game, rules: int = 1) -> None:
        self.game = game
        self.rules = rules
        self._values: dict[tuple[str, str], Any] = {}
        self._by_card: dict[int, Any] = {}

    def budget(self) -> Budget:
        """A new rule's evaluation steps for this lint (:func:`cardforge.cel.cel_expressions.rule_budget`)."""
        return rule_budget(self.rules)

    def facts(self) -> Any:
        """game.yaml's ``facts:``."""
        return self._once(("facts", ""), lambda: to_cel(self.game.facts))

    def cards(self, deck_id: str) -> Any:
        """The list of the deck's card maps."""
        return self._once(("cards", deck_id), lambda: self._convert_cards(deck_id))

    def deck(self, deck_id: str) -> Any:
        """The deck as a map: ``id``, ``size`` (copies counted), ``cards``."""
        def make() -> Any:
            value = to_cel({"id": deck_id, "size": self.game.decks[deck_id].size})
            value[to_cel("cards")] = self.cards(deck_id)
            return value
        return self._once(("deck", deck_id), make)

    def card(self, card: Card) -> Any:
        """The card's map: the one in its deck's list when that is converted already, else
        the card alone (not kept: per-card rules remember their outcomes, so a deck's cards
        are converted whole only for an expression that reads ``deck`` or ``cards``)."""
        found = self._by_card.get(id(card))
        return found if found is not None else to_cel(card.data)

    def _convert_cards(self, deck_id: str) -> Any:
        cards = self.game.decks[deck_id].cards
        values = to_cel([card.data for card in cards])
        self._by_card.update((id(card), value) for card, value in zip(cards, values, strict=True))
        return values

    def _once(self, key: tuple[str, str], make: Callable[[], Any]) -> Any:
        if key not in self._values:
            try:
                with gc_paused():
                    self._values[key] = make()
            except ExpressionError as exc:
                self._values[key] = exc
        value = self._values[key]
        if isinstance(value, ExpressionError):
            raise value
        return value


class Memo:
    """One per-card expression's outcomes (a value, or the ExpressionError it raised) by
    what it reads of a card: the fields of ``depends`` (their values, or only whether the
    card has them), and the card's deck when ``by_deck``. Expressions have no side effects,
    so cards alike in those cost one evaluation, whatever their other fields. At most
    :data:`MAX_MEMO` outcomes are kept."""

    def __init__(self, depends: dict[str, bool], by_deck: bool) -> None:
        self._depends = tuple(sorted(depends.items()))
        self._by_deck = by_deck
        self._outcomes: dict[tuple[Any, ...], Any] = {}

    def outcome(self, card: Card, evaluate: Callable[[Card], Any]) -> Any:
        """The value of ``evaluate(card)``, remembered. Raises its ExpressionError."""
        data = card.data
        key = tuple((name in data) if presence else _frozen(data.get(name, ABSENT))
                    for name, presence in self._depends)
        if self._by_deck:
            key += (card.deck,)
        try:
            found = self._outcomes.get(key, ABSENT)
        except TypeError:  # a value that cannot be a key (a YAML set): not remembered
            return evaluate(card)
        if found is ABSENT:
            if len(self._outcomes) >= MAX_MEMO:
                self._outcomes.clear()
            try:
                found = evaluate(card)
            except ExpressionError as exc:
                found = exc
            self._outcomes[key] = found
        if isinstance(found, ExpressionError):
            raise found
        return found


MAX_MEMO = 100_000
"""Outcomes a per-card rule remembers."""
ABSENT = object()
"""A field a card does not have, in a memo key."""


def _frozen(value: Any) -> Any:
    """``value`` (YAML data) as a hashable key that tells apart what CEL tells apart
    (1, 1.0 and true; a list and a map)."""
    if isinstance(value, dict):
        return ("map", tuple((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("list", tuple(_frozen(item) for item in value))
    return (type(value), value)
