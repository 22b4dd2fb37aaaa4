"""Idol cards read for the rules and stats: icon, attribute, effects, dice rolled.

An idol's dice count depends on what is already in front of its player, so it is a
function of a :class:`Before` — the number of idols already played and how many of each
attribute (Dice Girls rule manual, [[Play on a card]]: a "?" idol's ability sets how many
dice it rolls; our ``extra-dice`` effects add dice the same way). Everything here reads
card data that passed the schema; values the lint rules reject (an unknown icon, a "?"
without a dice-count effect) count as 0 dice rather than raising, so stats and other rules
still run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardforge.model.game_model import Card, Game
from cardforge.model.language_text import localized

QUESTION = "?"
"""The dice icon whose count an effect sets (facts.dice_icons holds it too)."""

COUNT_SETTING = "dice-count"
"""The effect kind that sets a "?" idol's dice count."""

DICE_CHANGING = ("reroll", "set-die", "flip-low", "opponent-reroll")
"""Effect kinds that change rolled dice (applied after the roll, in card order)."""


@dataclass(frozen=True)
class Before:
    """What is in front of a player when an idol is played: ``idols`` already there and
    ``by_attribute`` (attribute → how many of them)."""

    idols: int
    by_attribute: tuple[tuple[str, int], ...] = ()

    def count(self, per: str, attribute: str | None = None) -> int:
        """Idols counted by ``per`` (``idols``: all; ``attribute``: those of ``attribute``)."""
        if per == "idols":
            return self.idols
        return dict(self.by_attribute).get(attribute or "", 0)

    @classmethod
    def of(cls, attributes: list[str]) -> Before:
        """The Before for idols of the given ``attributes`` already in front."""
        return cls(len(attributes), tuple(sorted(Counter(attributes).items())))


@dataclass(frozen=True)
class Idol:
    """One idol card design: its ``card``, ``attribute``, ``icon`` (int or "?") and
    ``effects`` (the structured effects, in card order)."""

    card: Card
    attribute: str
    icon: Any
    effects: tuple[dict[str, Any], ...]

    @classmethod
    def of(cls, card: Card) -> Idol:
        """The Idol view of a schema-valid idol card."""
        return cls(card, str(card.data.get("attribute", "")), card.data.get("dice"),
                   tuple(card.data.get("effects", ())))

    def count_effects(self) -> list[tuple[int, dict[str, Any]]]:
        """(index, effect) of each dice-count effect."""
        return [(i, e) for i, e in enumerate(self.effects) if e.get("kind") == COUNT_SETTING]

    def changes(self) -> tuple[tuple[str, int], ...]:
        """The dice-changing effects as (kind, number) in order: reroll/opponent-reroll
        count, set-die value, flip-low up-to."""
        out = []
        for effect in self.effects:
            kind = effect.get("kind")
            if kind in DICE_CHANGING:
                out.append((kind, int(effect.get("count", effect.get("value", effect.get("up-to", 0))))))
        return tuple(out)

    def dice(self, before: Before) -> int:
        """Dice this idol rolls when ``before`` is in front of its player: the icon's number
        (a "?" takes its dice-count effect's count plus ``plus``) and every extra-dice
        effect's ``count`` per counted idol, each at most its effect's ``max``. Unknown
        icons count 0."""
        if isinstance(self.icon, int) and not isinstance(self.icon, bool):
            base = self.icon
        else:
            counts = self.count_effects()
            base = 0
            if self.icon == QUESTION and counts:
                effect = counts[0][1]
                base = _capped(effect, int(effect.get("plus", 0))
                               + before.count(effect["per"], effect.get("attribute")))
        extra = sum(_capped(e, int(e["count"]) * before.count(e["per"], e.get("attribute")))
                    for e in self.effects if e.get("kind") == "extra-dice")
        return base + extra


def _capped(effect: dict[str, Any], dice: int) -> int:
    """``dice``, no more than the effect's ``max`` if it has one."""
    return min(dice, int(effect["max"])) if "max" in effect else dice


def idols(game: Game) -> list[Idol]:
    """Every idol card design of ``game``, in deck and file order."""
    return [Idol.of(card) for card in game.cards()]


def instances(game: Game) -> list[Idol]:
    """Every physical idol card: each design ``quantity`` times."""
    return [idol for idol in idols(game) for _ in range(idol.card.quantity)]


@dataclass(frozen=True)
class Die:
    """The game's die: ``faces`` (each equally likely) and ``opposite_sum``."""

    faces: tuple[int, ...]
    opposite_sum: int

    @property
    def mean(self) -> Fraction:
        """The average face, an exact Fraction (7/2 for an ordinary die)."""
        return Fraction(sum(self.faces), len(self.faces))

    @classmethod
    def of(cls, game: Game) -> Die:
        """The die of ``facts.die`` in game.yaml."""
        die = game.facts["die"]
        return cls(tuple(sorted(die["faces"])), int(die["opposite_sum"]))


def attribute_name(game: Game, attribute: str, lang: str) -> str:
    """The attribute's name in ``lang`` (else the source language, else its key)."""
    names = game.facts.get("attributes", {}).get(attribute, {}).get("name", {})
    return localized(names, lang, game.source_language) or attribute
