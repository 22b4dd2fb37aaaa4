"""Lint rules written as data: game.yaml's ``lint:`` entries as :class:`~cardforge.lint.rule.Rule`.

A designer writes a rule as a CEL expression that must be true (docs/workspace-games.md,
"Lint rules as data"); every game, built-in or workspace-defined, may. This module reads the
entries (:func:`read_entries`), compiles each expression once per loaded game
(:func:`compiled`, shared with CF012, which reports what is wrong with the entries), and
makes the rules the engine runs (:func:`data_rules`, :func:`with_data_rules`): their ``pack``
is the game's id, so they never run on another game. What an expression sees, and where
its Problems go, is :mod:`cardforge.lint.data_checks`.

An entry is left out of the rules (CF012 says why) when its expression does not compile,
its ``deck`` is not declared, or its code is a core or installed pack rule's, or an earlier
entry's.
"""

from __future__ import annotations

import textwrap
import weakref
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError
from cardforge.lint.data_checks import Entry, Scope, card_check, deck_check
from cardforge.lint.declared import compiled as compiled_text
from cardforge.lint.rule import CODE_PATTERN, Rule, all_rules
from cardforge.model.game_model import Game
from cardforge.model.game_packs import GameSpec, discover
from cardforge.problem import Severity


def read_entries(info: Any) -> list[Entry]:
    """The entries of ``info["lint"]`` (game.yaml as plain data), in order. Entries the schema
    would refuse (no code like GM101, no ``expect`` or ``message`` text) are left out, so
    this never raises, even on a game.yaml that was not validated."""
    items = info.get("lint") if isinstance(info, dict) else None
    entries = []
    for index, raw in enumerate(items if isinstance(items, list) else []):
        if not isinstance(raw, dict):
            continue
        code, expect, message = raw.get("code"), raw.get("expect"), raw.get("message")
        if not (isinstance(code, str) and CODE_PATTERN.match(code) and isinstance(expect, str)
                and isinstance(message, str)):
            continue
        example = raw.get("example") if isinstance(raw.get("example"), dict) else {}
        deck = raw.get("deck")
        entries.append(Entry(
            index=index, code=code, name=_text(raw.get("name")) or code.lower(),
            deck=deck if isinstance(deck, str) else None,
            each="deck" if raw.get("each") == "deck" else "card", expect=expect, message=message,
            hint=_text(raw.get("hint")),
            severity=Severity.WARNING if raw.get("severity") == "warning" else Severity.ERROR,
            example={k: v for k, v in example.items() if k in ("pass", "fail") and isinstance(v, str)}))
    return entries


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class Compiled:
    """An entry and its compiled ``expression``, or the ``error`` compiling it raised."""

    entry: Entry
    expression: Expression | None
    error: ExpressionError | None


@dataclass(frozen=True)
class Prepared:
    """What one loaded game's data rules need once: its entries ``compiled``, and the codes
    ``reserved`` by core and pack rules (installed packs and the game's own)."""

    compiled: tuple[Compiled, ...]
    reserved: Mapping[str, Rule]


_PREPARED: weakref.WeakKeyDictionary[Game, Prepared] = weakref.WeakKeyDictionary()


def prepared(game: Game) -> Prepared:
    """The game's entries compiled, and the reserved codes: made on the first call for this
    loaded game and kept as long as it lives, so each expression compiles once per load.
    Raises what :func:`cardforge.lint.rule.all_rules` raises for broken installed packs."""
    if game not in _PREPARED:
        items = []
        for entry in read_entries(game.info):
            found = compiled_text(game, entry.expect)  # once per text and loaded game
            items.append(Compiled(entry, None, found) if isinstance(found, ExpressionError)
                         else Compiled(entry, found, None))
        _PREPARED[game] = Prepared(tuple(items), reserved_rules(game.spec))
    return _PREPARED[game]


def compiled(game: Game) -> tuple[Compiled, ...]:
    """The game's ``lint:`` entries, each compiled once per loaded game (see :func:`prepared`)."""
    return prepared(game).compiled


def reserved_rules(spec: GameSpec | None = None) -> dict[str, Rule]:
    """Core rules and every installed pack's (and ``spec``'s, when it is not installed), by
    code: the codes a data rule may not take. Raises what ``all_rules`` and ``discover`` raise."""
    specs = dict(discover())
    if spec is not None:
        specs.setdefault(spec.id, spec)
    return all_rules(specs.values())


def data_rules(game: Game, taken: Collection[str] = ()) -> dict[str, Rule]:
    """The rules of ``game``'s ``lint:`` that can run, by code: scope ``card`` or ``deck``
    (from ``each``), pack ``game.id``. Left out (CF012 reports them): an expression that does
    not compile, an undeclared ``deck``, a code in ``taken``, a core or pack rule's, or an
    earlier entry's. The rules of one call share one :class:`Scope` (facts and decks
    converted for expressions once)."""
    ready = prepared(game)
    scope = Scope(game, len(ready.compiled))
    rules: dict[str, Rule] = {}
    for item in ready.compiled:
        entry, expression = item.entry, item.expression
        if expression is None or entry.code in rules or entry.code in taken \
                or entry.code in ready.reserved or (entry.deck is not None and entry.deck not in game.decks):
            continue
        make = card_check if entry.each == "card" else deck_check
        rules[entry.code] = _rule(entry, game.id, make(entry, expression, scope))
    return rules


def with_data_rules(rules: Mapping[str, Rule], game: Game | None) -> dict[str, Rule]:
    """``rules`` and the data rules of ``game`` (none when it did not load): the table to lint
    that one game with. A data rule never replaces a rule of ``rules``."""
    table = dict(rules)
    if game is not None:
        table.update(data_rules(game, taken=table))
    return table


def described_rules(game_id: str, info: Any, reserved: Collection[str]) -> list[Rule]:
    """Rules for the documentation only (``cardforge explain``): one per entry of ``info``
    (game.yaml as plain data, not necessarily valid) whose code is not in ``reserved`` nor an
    earlier entry's. Their ``check`` is None: they cannot run. Never raises."""
    rules: dict[str, Rule] = {}
    for entry in read_entries(info):
        if entry.code not in reserved and entry.code not in rules:
            rules[entry.code] = _rule(entry, game_id, None)
    return list(rules.values())


def _rule(entry: Entry, game_id: str, check: Any) -> Rule:
    return Rule(code=entry.code, name=entry.name, scope=entry.each, severity=entry.severity,
                doc=documentation(entry, game_id), check=check, pack=game_id)


def documentation(entry: Entry, game_id: str) -> str:
    """The text ``cardforge explain`` prints for ``entry``: the message as summary line, what
    is checked (the expression), the hint, and the examples' YAML."""
    where = f"deck {entry.deck!r}" if entry.deck else "every deck"
    once = f"once a card of {where}" if entry.each == "card" else f"once a deck ({where})"
    parts = [entry.message,
             textwrap.fill(f"A rule of the game {game_id}, written as data in cards/{game_id}/"
                           f"game.yaml (`lint:`), checked {once}. This must be true (a CEL "
                           "expression):", 88),
             _indented(entry.expect)]
    if entry.hint:
        parts.append(textwrap.fill(f"Hint: {entry.hint}", 88))
    for key, title in (("pass", "Passing"), ("fail", "Failing")):
        if entry.example.get(key):
            parts += [f"{title}::", _indented(entry.example[key])]
    return "\n\n".join(parts) + "\n"


def _indented(text: str) -> str:
    return textwrap.indent(text.strip("\n"), "    ")
