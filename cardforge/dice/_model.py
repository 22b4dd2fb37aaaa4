"""The cost model: frozen components and ``Cost`` (see :mod:`cardforge.dice.cost` for the
notation and the rules they follow, Comic Creator rulebook, Card Costs)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

__all__ = ["OfAKind", "Run", "Parity", "SumAtLeast", "AnyDie", "Component", "Cost"]

_COLOUR = re.compile(r"[a-z]+")
KEYWORDS = ("KIND", "RUN", "EVEN", "ODD")


def is_colour(word: object) -> bool:
    """Whether ``word`` can name a die colour in the notation: lower-case a-z, not a keyword."""
    return isinstance(word, str) and bool(_COLOUR.fullmatch(word)) and word.upper() not in KEYWORDS
LETTERS = "XYZ"
_MAX_FACE = 6  # dice_needed assumes six-sided dice


def _check_count(name: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be an integer >= {least}, not {value!r}")


@dataclass(frozen=True)
class OfAKind:
    """``n`` dice showing one value (Card Costs: ``X=X``…). Raises ValueError if n < 2."""

    n: int

    def __post_init__(self) -> None:
        _check_count("OfAKind.n", self.n, 2)


@dataclass(frozen=True)
class Run:
    """``length`` dice showing consecutive values, e.g. 2-3-4-5 (Card Costs). ValueError if < 2."""

    length: int

    def __post_init__(self) -> None:
        _check_count("Run.length", self.length, 2)


@dataclass(frozen=True)
class Parity:
    """``n`` dice each showing an even (or odd) value, repeats allowed (Card Costs: ALL EVEN).

    ``parity`` is ``"even"`` or ``"odd"``; ``n >= 1``. Raises ValueError otherwise.
    """

    parity: str
    n: int

    def __post_init__(self) -> None:
        if self.parity not in ("even", "odd"):
            raise ValueError(f"Parity.parity must be 'even' or 'odd', not {self.parity!r}")
        _check_count("Parity.n", self.n, 1)


@dataclass(frozen=True)
class SumAtLeast:
    """Any dice whose values add up to ``total`` or more (Card Costs: ``12+``). total >= 1."""

    total: int

    def __post_init__(self) -> None:
        _check_count("SumAtLeast.total", self.total, 1)


@dataclass(frozen=True)
class AnyDie:
    """One die of ``colour``, any value (Card Costs: the green ``X``). The colour is a lower-case
    word a-z other than a keyword (kind, run, even, odd); ValueError otherwise."""

    colour: str

    def __post_init__(self) -> None:
        if not is_colour(self.colour):
            raise ValueError(f"AnyDie.colour must be a lower-case word, not {self.colour!r}")


Component = OfAKind | Run | Parity | SumAtLeast | AnyDie


def _order(c: Component) -> tuple:
    """Canonical order of components: of-a-kind, runs, even, odd, sums, dice by colour."""
    if isinstance(c, OfAKind):
        return (0, c.n)
    if isinstance(c, Run):
        return (1, c.length)
    if isinstance(c, Parity):
        return (2 if c.parity == "even" else 3, c.n)
    if isinstance(c, SumAtLeast):
        return (4, c.total)
    return (5, c.colour)


@dataclass(frozen=True)
class Cost:
    """A card's cost: a non-empty multiset of components, each paid by its own dice.

    Components are stored in canonical order, so two costs listing the same components in a
    different order are equal. Raises ValueError if empty, TypeError for a non-component.
    """

    components: tuple[Component, ...]

    def __post_init__(self) -> None:
        items = tuple(self.components)
        for c in items:
            if not isinstance(c, OfAKind | Run | Parity | SumAtLeast | AnyDie):
                raise TypeError(f"not a cost component: {c!r}")
        if not items:
            raise ValueError("a cost needs at least one component")
        object.__setattr__(self, "components", tuple(sorted(items, key=_order)))

    def notation(self) -> str:
        """The canonical compact form, e.g. ``"X=X Y=Y=Y RUN3 12+"``; parses back to ``self``.

        Of-a-kind groups of up to 5 dice use letters (X, then Y, then Z); others use ``KIND<n>``.
        """
        parts: list[str] = []
        letters = iter(LETTERS)
        for c in self.components:
            if isinstance(c, OfAKind):
                letter = next(letters, None) if c.n <= 5 else None
                parts.append("=".join(letter * c.n) if letter else f"KIND{c.n}")
            elif isinstance(c, Run):
                parts.append(f"RUN{c.length}")
            elif isinstance(c, Parity):
                parts.append(f"{c.parity.upper()}{c.n}")
            elif isinstance(c, SumAtLeast):
                parts.append(f"{c.total}+")
            else:
                parts.append(c.colour)
        return " ".join(parts)

    @property
    def dice_needed(self) -> int:
        """Fewest dice that can pay this cost with six-sided dice (1..6): the sum over components
        of n, length, n, ceil(total / 6) and 1. A lower bound only when no d6 roll can pay
        (e.g. ``RUN7``); see ``cardforge.dice.odds.min_dice_to_pay`` for other faces."""
        total = 0
        for c in self.components:
            if isinstance(c, OfAKind | Parity):
                total += c.n
            elif isinstance(c, Run):
                total += c.length
            elif isinstance(c, SumAtLeast):
                total += math.ceil(c.total / _MAX_FACE)
            else:
                total += 1
        return total

    def __str__(self) -> str:
        return self.notation()
