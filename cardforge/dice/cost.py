"""Card costs: what dice a card asks for, and the compact notation card files write them in.

A cost (Comic Creator rulebook, Card Costs) is a list of components. Each component is paid by
its own dice: no die pays two components, and nothing ties the values of one component to
another's. So four equal dice pay two pairs, five equal dice pay a pair and a three, and one
straight may be used twice (1-2-3 and 1-2-3 from six dice). Spending more dice than the cost
shows is allowed, and at least one spent die must be green (Card Costs and the Q&A).

Notation
--------
Components are separated by spaces and/or ``&``: ``X=X & Y=Y`` is the same cost as ``X=X Y=Y``.

=============  ===============================================================
``X=X``        two dice of one value; ``X=X=X`` three, ``X=X=X=X`` four, and so on.
               A group repeats one letter (X, Y or Z; spaces around ``=`` are fine) and
               each group has its own letter. Different letters do not demand different
               values: ``X=X Y=Y`` is paid by 4-4-4-4 as well as by 2-2-5-5.
``KIND10``     n dice of one value (n >= 2): ``KIND6`` is ``X=X=X=X=X=X``.
``12+``        any dice adding up to 12 or more.
``RUN4``       a straight: dice showing 4 consecutive values (n >= 2).
``EVEN3``      three dice each showing an even value, repeats allowed; ``ODD3`` likewise.
``green``      one die of that colour (any lower-case word), any value.
=============  ===============================================================

Examples: ``X=X=X Y=Y`` (a three and a pair), ``RUN3 RUN3`` (two straights of 3), ``25+``,
``KIND10`` (ten of a kind), ``EVEN3``, ``green``, ``X=X & 10+``.

A mistake raises :class:`CostSyntaxError` carrying a message, a hint and the 0-based offset of
the first character that cannot be read (``len(text)`` when the text stops too early), e.g.
``run4`` → offset 0, hint "keywords are upper case: RUN4".

Used by the Comic Creator pack and the core rules fed by ``card_costs:`` (see :mod:`cardforge.dice`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import ascii_letters, digits

from cardforge.dice._model import (
    KEYWORDS,
    LETTERS,
    AnyDie,
    Component,
    Cost,
    OfAKind,
    Parity,
    Run,
    SumAtLeast,
    is_colour,
)

__all__ = ["OfAKind", "Run", "Parity", "SumAtLeast", "AnyDie", "Component", "Cost",
           "CostSyntaxError", "parse_cost", "cost_from_structured"]

#: keyword → (smallest number, example)
_KEYWORDS = dict(zip(KEYWORDS, [(2, "KIND6"), (2, "RUN4"), (1, "EVEN3"), (1, "ODD3")],
                     strict=True))
_FORMS = "a cost is made of X=X, X=X=X…, KIND<n>, <n>+, RUN<n>, EVEN<n>, ODD<n> and colour words"


class CostSyntaxError(ValueError):
    """A cost that cannot be read: ``message`` (what is wrong), ``offset`` (0-based index of the
    offending character in the text; always 0 for structured costs) and ``hint`` (a fix)."""

    def __init__(self, message: str, offset: int, hint: str) -> None:
        super().__init__(message, offset, hint)
        self.message = message
        self.offset = offset
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} (at offset {self.offset}; hint: {self.hint})"


def _span(text: str, i: int, chars: str) -> int:
    """Index just past the run of ``chars`` starting at ``i``."""
    while i < len(text) and text[i] in chars:
        i += 1
    return i


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _group(text: str, i: int, used: set[str]) -> tuple[OfAKind, int]:
    """An of-a-kind group starting at ``text[i]`` (a letter of LETTERS)."""
    letter, end, size = text[i], i + 1, 1
    while (j := _skip_space(text, end)) < len(text) and text[j] == "=":
        k = _skip_space(text, j + 1)
        if k < len(text) and text[k] == letter:
            size, end = size + 1, k + 1
        elif k < len(text) and text[k] in LETTERS:
            raise CostSyntaxError(f"{letter}={text[k]} mixes letters in one group", k,
                                  "one group repeats one letter; write two groups for two "
                                  "values: X=X Y=Y")
        else:
            raise CostSyntaxError(f"'=' must be followed by {letter}", k,
                                  f"finish the group with the same letter: {letter}={letter}")
    if size == 1:
        raise CostSyntaxError(f"a lone {letter} is not a cost", i,
                              f"write {letter}={letter} for a pair; for one die of a colour, "
                              "any value, write the colour: green")
    if letter in used:
        raise CostSyntaxError(f"letter {letter} already names another group", i,
                              "give each group its own letter: X=X Y=Y (equal values still "
                              "pay it); beyond three groups write KIND<n>")
    used.add(letter)
    return OfAKind(size), end


def _word(text: str, i: int, used: set[str]) -> tuple[Component, int]:
    """A letter group, keyword or colour starting at ``text[i]`` (an ASCII letter)."""
    j = _span(text, i, ascii_letters)
    k = _span(text, j, digits)
    word, number = text[i:j], text[j:k]
    if len(word) == 1 and word in LETTERS:
        return _group(text, i, used)
    if word.upper() in _KEYWORDS and not word.isupper():
        shown = word.upper() + (number or "<n>")
        raise CostSyntaxError(f"{text[i:k]!r} is not a keyword", i,
                              f"keywords are upper case: {shown}")
    after = _skip_space(text, j)
    if len(word) == 1 and word in LETTERS.lower() and after < len(text) and text[after] == "=":
        raise CostSyntaxError(f"group letters are upper case, not {word!r}", i,
                              f"write {word.upper()}={word.upper()}")
    if word.isupper():
        if word not in _KEYWORDS:
            raise CostSyntaxError(f"unknown keyword {word!r}", i,
                                  "keywords are KIND<n>, RUN<n>, EVEN<n> and ODD<n>; "
                                  "colours are lower case")
        least, example = _KEYWORDS[word]
        if not number:
            raise CostSyntaxError(f"{word} needs a number", j, f"write e.g. {example}")
        _check_digits(number, j)
        if int(number) < least:
            raise CostSyntaxError(f"{word} needs a number of at least {least}", j,
                                  f"write e.g. {example}")
        n = int(number)
        return (OfAKind(n) if word == "KIND" else Run(n) if word == "RUN"
                else Parity(word.lower(), n)), k
    if not is_colour(word):
        raise CostSyntaxError(f"{word!r} is neither a keyword nor a colour", i,
                              f"colours are lower case: {word.lower()}")
    if number:
        raise CostSyntaxError(f"a colour takes no number: {text[i:k]!r}", j,
                              f"write the colour once per die: {word} {word}")
    return AnyDie(word), j


def _component(text: str, i: int, used: set[str]) -> tuple[Component, int]:
    """The component starting at ``text[i]`` (not a space or ``&``) and the index past it."""
    ch = text[i]
    if ch in ascii_letters:
        return _word(text, i, used)
    if ch in digits:
        j = _span(text, i, digits)
        _check_digits(text[i:j], i)
        if j < len(text) and text[j] == "+":
            if int(text[i:j]) < 1:
                raise CostSyntaxError("a sum must be at least 1", i, "write e.g. 12+")
            return SumAtLeast(int(text[i:j])), j + 1
        raise CostSyntaxError(f"a number needs '+' after it: {text[i:j]}", j,
                              f"write {int(text[i:j])}+ for a sum of at least {int(text[i:j])}")
    raise CostSyntaxError(f"unexpected character {ch!r}", i, _FORMS)


MAX_DIGITS = 4
"""Digits a number in a cost may have: no roll of dice needs a count or a sum past 9999."""


def _check_digits(number: str, at: int) -> None:
    """Raise CostSyntaxError at ``at`` for a number longer than :data:`MAX_DIGITS`."""
    if len(number) > MAX_DIGITS:
        raise CostSyntaxError(f"number {number[:8]}… is too large", at,
                              f"numbers in a cost have at most {MAX_DIGITS} digits")


def parse_cost(text: str) -> Cost:
    """Read a cost in the compact notation (module docstring), e.g. ``"X=X=X Y=Y"``.

    Raises CostSyntaxError (message, offset, hint) for anything it cannot read, including an
    empty cost; TypeError if ``text`` is not a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"a cost in notation is a str, not {type(text).__name__}")
    components: list[Component] = []
    used: set[str] = set()
    i, amp = 0, None  # amp: offset of an '&' still waiting for the component after it
    while (i := _skip_space(text, i)) < len(text):
        if text[i] == "&":
            if not components or amp is not None:
                raise CostSyntaxError("'&' must stand between two components", i,
                                      "write it between components: X=X & Y=Y")
            amp, i = i, i + 1
            continue
        component, end = _component(text, i, used)
        if end < len(text) and not (text[end].isspace() or text[end] == "&"):
            raise CostSyntaxError(f"unexpected {text[end]!r} after {text[i:end]!r}", end,
                                  "separate components with a space or &: X=X Y=Y")
        components.append(component)
        amp, i = None, end
    if amp is not None:
        raise CostSyntaxError("nothing follows '&'", amp,
                              "remove the last & or add a component after it")
    if not components:
        raise CostSyntaxError("empty cost", 0, "write at least one component, e.g. X=X or 12+")
    return Cost(tuple(components))


#: structured kind → (key of its number or colour, smallest number or None for a colour)
_STRUCTURED = {"of-a-kind": ("n", 2), "run": ("length", 2), "even": ("n", 1),
               "odd": ("n", 1), "sum": ("at-least", 1), "die": ("colour", None)}


def _structured_one(item: object, where: str) -> Component:
    if not isinstance(item, Mapping):
        raise CostSyntaxError(f"{where} is not a mapping", 0,
                              'write each component as e.g. {"kind": "of-a-kind", "n": 2}')
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in _STRUCTURED:
        raise CostSyntaxError(f"{where} has unknown kind {kind!r}", 0,
                              "kind is one of: " + ", ".join(_STRUCTURED))
    key, least = _STRUCTURED[kind]
    example = '"green"' if least is None else str(max(least, 3))
    shape = f'{{"kind": "{kind}", "{key}": {example}}}'
    extra = sorted(set(item) - {"kind", key}, key=str)
    if extra:
        raise CostSyntaxError(f"{where} ({kind}) has unexpected key(s) {extra}", 0,
                              f"a {kind} component is {shape}")
    value = item.get(key)
    if least is None:
        if not is_colour(value):
            raise CostSyntaxError(f"{where} (die) needs a lower-case colour, not {value!r}",
                                  0, f"write {shape}")
        return AnyDie(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise CostSyntaxError(f"{where} ({kind}) needs {key!r}: an integer >= {least}, "
                              f"not {value!r}", 0, f"write {shape}")
    if kind == "of-a-kind":
        return OfAKind(value)
    if kind == "run":
        return Run(value)
    if kind == "sum":
        return SumAtLeast(value)
    return Parity(kind, value)


def cost_from_structured(items: Sequence[Mapping[str, object]]) -> Cost:
    """Build a cost from a list of component mappings, as card files may write it:
    ``{"kind": "of-a-kind", "n": 3}``, ``{"kind": "run", "length": 4}``, ``{"kind": "even",
    "n": 3}``, ``{"kind": "odd", "n": 3}``, ``{"kind": "sum", "at-least": 12}``,
    ``{"kind": "die", "colour": "green"}``.

    Raises CostSyntaxError (offset 0; the message names the component, counting from 1) for a
    non-list or empty list, an unknown kind, a missing, extra or out-of-range key.
    """
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Sequence) or not items:
        raise CostSyntaxError("a structured cost is a non-empty list of components", 0,
                              'write e.g. [{"kind": "of-a-kind", "n": 2}]')
    return Cost(tuple(_structured_one(item, f"component {n}") for n, item in enumerate(items, 1)))
