"""Declared size: a list with another number of items than game.yaml declares for it.

A rulebook gives sizes: a die has six faces, a card three combinations, a pick order one
pick for each card turned up. game.yaml writes each once, as data, in a top-level
``sizes:`` list (docs/workspace-games.md), and every list it names must have exactly that
many items, in every game and every workspace game copied from one::

    sizes:
      - list: cards.combinations              # what is counted (see below)
        count: facts.combinations_per_card    # a whole number, or CEL giving one
        deck: crypte                          # optional: one deck's cards only
        hint: "a card is flipped after three combinations"   # optional
        severity: error                       # or warning (default error)

``list`` is a dotted path starting with ``cards`` (a field of every card, of ``deck``'s
cards when given), ``dice`` (a field of every die of the game's dice files) or ``facts``
(a list in game.yaml itself); ``*`` stands for every item of a list or every value of a
mapping on the way (``facts.colours.*.die``, ``cards.effects.*.targets``). A card or die
without the field is not counted (the schema says whether it must have one). ``count`` sees
``facts``, ``players`` (``min``, ``max``) and ``owner``: the mapping the list is a value of
(the card, the die, the fact entry), so a size may depend on its neighbour
(``owner.players * facts.revealed_per_player``).

A list with another number of items is reported at its key (a sheet: at its cell), with
both numbers and where the declared one comes from. A declaration that cannot work is
reported in game.yaml: a ``list`` that does not start with ``cards``, ``dice`` or
``facts``, or whose ``facts`` path names nothing, or names something that is not a list,
at ``list``; a ``deck`` that is not declared, at ``deck``; a ``count`` that is not CEL,
reads a name it does not get, cannot be evaluated or is not a whole number, at ``count``.
Cards are judged one by one, so the rule runs on every card file that loaded.

Passing (DiXe on Card, 1. Goal: three combinations flip a card)::

    facts: {combinations_per_card: 3}
    sizes:
      - list: cards.combinations
        count: facts.combinations_per_card
    # a card of crypte.yaml:
    #   combinations: [[bomb, sun, aum], [aum, aum, yin-yang], [bomb, bomb, sun, skull]]

Failing (a card with two combinations: reported at its ``combinations:`` key)::

    facts: {combinations_per_card: 3}
    sizes:
      - list: cards.combinations
        count: facts.combinations_per_card
    # a card of crypte.yaml:
    #   combinations: [[bomb, sun, aum], [aum, aum, yin-yang]]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError
from cardforge.lint.declared import (
    compile_problem,
    compiled,
    describe,
    entries,
    entry_pointer,
    severity,
    text_location,
    unknown_names,
)
from cardforge.loading.document import Document
from cardforge.loading.field_paths import MISSING, value_at
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

CODE = "CF025"
NAME = "declared-size"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # each list is judged on its own: a card that did not load changes no other's

KEY = "sizes"
"""game.yaml's top-level key the declarations are written under."""
ROOTS = ("cards", "dice", "facts")
"""What a ``list`` path may start with."""
VARIABLES = frozenset({"facts", "players", "owner"})
"""Names a ``count`` expression gets."""
ANY = "*"
"""A path segment standing for every item of a list or value of a mapping."""


@dataclass(frozen=True)
class Found:
    """One list a declaration counts: its items, the mapping it is a value of, a label for
    messages (``card 'oni'``) and where to report it."""

    items: list[Any]
    owner: Mapping[str, Any]
    label: str
    where: Location
    card: str | None = None


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each list with another number of items than its declaration in
    game.yaml's ``sizes:`` (at the list), and for each declaration that cannot work (at it)."""
    for index, entry in entries(game, KEY):
        path, count = entry.get("list"), entry.get("count")
        if not isinstance(path, str) or isinstance(count, bool) or not isinstance(count, (int, str)):
            continue  # the schema (CF003) says what is missing
        pointer = entry_pointer(KEY, index)
        what = f"size {index + 1}"
        keys = tuple(path.split("."))
        if keys[0] not in ROOTS or len(keys) < 2 or not all(keys):
            yield Problem(game.manifest.locate(*pointer, "list"), CODE,
                          f"{what}: {path!r} does not name a list of cards, dice or facts",
                          hint="start with cards. (a card field), dice. (a field of each die) "
                               "or facts. (a list in game.yaml), e.g. cards.combinations")
            continue
        deck = entry.get("deck")
        if deck is not None and deck not in game.decks:
            yield Problem(game.manifest.locate(*pointer, "deck"), CODE,
                          f"{what}: deck {deck!r} is not declared in game.yaml",
                          hint=f"decks: {', '.join(game.decks) or 'none'}")
            continue
        counter = _counter(game, pointer, count, what)
        if isinstance(counter, Problem):
            yield counter
            continue
        if isinstance(counter, list):
            yield from counter
            continue
        found = list(_lists(game, keys, deck if isinstance(deck, str) else None))
        if keys[0] == "facts" and not found:
            yield Problem(game.manifest.locate(*pointer, "list"), CODE,
                          f"{what}: {path!r} names no list in game.yaml",
                          hint="write the dotted path of a list under facts:, * for every item "
                               "on the way (facts.colours.*.die)")
            continue
        yield from _judge(game, entry, pointer, what, path, count, counter, found)


def _judge(game: Game, entry: Mapping[str, Any], pointer: tuple[str | int, ...], what: str,
           path: str, count: int | str, counter: Expression | int,
           found: list[Found]) -> Iterator[Problem]:
    """The Problems of the lists ``found`` against the declared ``count``."""
    fixed = counter if isinstance(counter, int) else None
    if isinstance(counter, Expression) and "owner" not in counter.names:
        fixed = _evaluate(game, pointer, count, counter, {}, what)
        if isinstance(fixed, Problem):
            yield fixed
            return
    source = "" if isinstance(count, int) else f" ({str(count).strip()})"
    hint = entry.get("hint")
    for one in found:
        expected = fixed
        if expected is None:
            assert isinstance(counter, Expression)
            expected = _evaluate(game, pointer, count, counter, one.owner, what)
            if isinstance(expected, Problem):
                yield expected
                return
        if len(one.items) != expected:
            yield Problem(one.where, CODE,
                          f"{one.label}: {path.rsplit('.', 1)[-1]} has {len(one.items)} "
                          f"item{'s' if len(one.items) != 1 else ''}; game.yaml says {expected}{source}",
                          severity(entry),
                          hint=hint if isinstance(hint, str) and hint else
                          f"give it {expected}, or change game.yaml's {KEY}: entry for {path}",
                          card=one.card)


def _counter(game: Game, pointer: tuple[str | int, ...], count: int | str,
             what: str) -> Expression | int | Problem | list[Problem]:
    """The declared count: a whole number, or its expression compiled (a Problem, or the
    Problems of unknown names, when it cannot work)."""
    if isinstance(count, int):
        return count
    expression = compiled(game, count)
    where = (*pointer, "count")
    if isinstance(expression, ExpressionError):
        return compile_problem(game, where, count, expression, CODE, f"{what} `count`")
    unknown = list(unknown_names(game, where, count, expression, VARIABLES, CODE, f"{what} `count`"))
    return unknown or expression


def _evaluate(game: Game, pointer: tuple[str | int, ...], text: str | int,
              expression: Expression, owner: Mapping[str, Any], what: str) -> int | Problem:
    """The count ``expression`` gives for ``owner``, or the Problem at ``count`` saying why
    it gives no whole number."""
    where = text_location(game, (*pointer, "count"), str(text), 0)
    variables: dict[str, Any] = {"facts": game.facts, "players": game.info.get("players", {}),
                                 "owner": dict(owner)}
    try:
        value = expression.evaluate({k: v for k, v in variables.items() if k in expression.names})
    except ExpressionError as exc:
        return Problem(where, CODE, f"{what} `count` cannot be evaluated: {exc.message}",
                       hint="check each name against game.yaml (a fact missing?)")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return Problem(where, CODE, f"{what} `count` gives {describe(value)}, not a whole number",
                       hint="write a number, a fact holding one, or an expression giving one")
    return value


def _lists(game: Game, keys: tuple[str, ...], deck: str | None) -> Iterator[Found]:
    """Every list at ``keys`` (their first: cards, dice or facts) in ``game``."""
    root, rest = keys[0], keys[1:]
    if root == "cards":
        for deck_id, one in game.decks.items():
            if deck is None or deck_id == deck:
                for card in one.cards:
                    for items, owner, at in _walk(card.data, rest, ()):
                        yield Found(items, owner, f"card {card.id!r}",
                                    _locate(card.doc, (*card.pointer, *at)), card.id)
    elif root == "dice":
        for doc in game.dice_documents:
            dice = doc.data.get("dice") if isinstance(doc.data, Mapping) else None
            for index, die in enumerate(dice if isinstance(dice, list) else []):
                label = f"die {die.get('id')!r}" if isinstance(die, Mapping) else f"die {index + 1}"
                for items, owner, at in _walk(die, rest, ()):
                    yield Found(items, owner, label, _locate(doc, ("dice", index, *at)))
    else:
        for items, owner, at in _walk(game.facts, rest, ()):
            yield Found(items, owner, "facts." + ".".join(str(k) for k in at),
                        _locate(game.manifest, ("facts", *at)))


def _walk(value: Any, keys: tuple[str, ...],
          at: tuple[str | int, ...]) -> Iterator[tuple[list[Any], Mapping[str, Any], tuple[str | int, ...]]]:
    """(the list, the mapping holding it, its keys) for each list at ``keys`` below ``value``."""
    if not isinstance(value, (Mapping, list)):
        return
    head, rest = keys[0], keys[1:]
    if head == ANY:
        steps: list[tuple[str | int, Any]] = (list(value.items()) if isinstance(value, Mapping)
                                              else list(enumerate(value)))
    elif isinstance(value, Mapping):
        found = value_at(value, (head,))
        steps = [] if found is MISSING else [(head, found)]
    else:
        steps = [(int(head), value[int(head)])] if head.isdigit() and int(head) < len(value) else []
    for key, below in steps:
        if rest:
            yield from _walk(below, rest, (*at, key))
        elif isinstance(below, list):
            yield below, value if isinstance(value, Mapping) else {}, (*at, key)


def _locate(doc: Document, pointer: tuple[str | int, ...]) -> Location:
    """Where the list at ``pointer`` is: its key (a sheet: its cell)."""
    return doc.locate_key(*pointer) if isinstance(pointer[-1], str) else doc.locate(*pointer)
