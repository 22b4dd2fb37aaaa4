"""Declarations core rules read from game.yaml: dotted paths, CEL compiled once per game, located.

The rules fed by what a game declares (``instant_win:`` for CF017, ``game_enders:`` for
CF018, ``relations:`` for CF019; docs/workspace-games.md) share this: the mapping entries of
a top-level list (:func:`entries`), a dotted path such as ``facts.hand.start`` read and
located in game.yaml (read by :mod:`cardforge.loading.field_paths`), each expression text compiled
once per loaded game (:func:`compiled`, as :mod:`cardforge.lint.data_rules` does for
``lint:``), and the Problems of an expression that cannot work, at the line and column of
game.yaml where it stops making sense (:func:`compile_problem`, :func:`unknown_names`,
reusing :mod:`cardforge.lint.expect_text`).
"""

from __future__ import annotations

import difflib
import re
import weakref
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError, compile_expression
from cardforge.lint.expect_text import (
    TYPE_NAMES,
    bound_names,
    first_offset,
    locate_in_value,
    offset_at,
)
from cardforge.loading.document import Pointer
from cardforge.loading.field_paths import MISSING, path_keys, value_at
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem, Severity

PATH = re.compile(r"^[A-Za-z_][\w-]*(\.[\w-]+)*$")
"""A dotted path: ``facts.hand.start``, ``players.max``, ``ability.cost`` (digits index lists)."""


_COMPILED: weakref.WeakKeyDictionary[Game, dict[str, Expression | ExpressionError]] = \
    weakref.WeakKeyDictionary()


def entries(game: Game, key: str) -> list[tuple[int, Mapping[str, Any]]]:
    """(index, entry) for each mapping in game.yaml's top-level list ``key`` (none when
    absent); a single mapping is read as a list of one (index 0 then points at the mapping)."""
    items = game.info.get(key) if isinstance(game.info, dict) else None
    if isinstance(items, Mapping):
        return [(-1, items)]
    return [(i, item) for i, item in enumerate(items if isinstance(items, list) else [])
            if isinstance(item, Mapping)]


def entry_pointer(key: str, index: int) -> Pointer:
    """The pointer of entry ``index`` of ``key`` (-1: ``key`` is one mapping)."""
    return (key,) if index < 0 else (key, index)


def game_value(game: Game, path: object) -> Any:
    """The value of game.yaml at the dotted ``path`` (``facts.vp_goal``), or MISSING (also
    for a path that is no dotted path)."""
    if not isinstance(path, str) or not PATH.match(path):
        return MISSING
    return value_at(game.info, path_keys(path))


def path_problem(game: Game, pointer: Pointer, path: object, code: str, what: str) -> Problem:
    """``code`` at ``pointer`` (a key of a declaration): ``path`` names nothing in game.yaml;
    the hint names a close key where there is one."""
    keys = path_keys(path) if isinstance(path, str) and PATH.match(path) else ()
    found: Any = game.info
    for depth, key in enumerate(keys):
        if value_at(found, (key,)) is MISSING:
            known = [str(k) for k in found] if isinstance(found, Mapping) else []
            close = difflib.get_close_matches(str(key), known, n=1)
            prefix = ".".join(str(k) for k in keys[:depth])
            hint = (f"did you mean {'.'.join(filter(None, (prefix, close[0])))}?" if close
                    else f"{prefix or 'game.yaml'} has: {', '.join(known[:12]) or 'nothing'}")
            break
        found = value_at(found, (key,))
    else:
        hint = "write a dotted path such as facts.vp_goal"
    return Problem(game.manifest.locate(*pointer), code,
                   f"{what}: {path!r} is not in game.yaml", hint=hint)


def compiled(game: Game, text: str) -> Expression | ExpressionError:
    """``text`` compiled, or the ExpressionError compiling it raised: once per loaded game."""
    cache = _COMPILED.setdefault(game, {})
    if text not in cache:
        try:
            cache[text] = compile_expression(text)
        except ExpressionError as exc:
            cache[text] = exc
    return cache[text]


def text_location(game: Game, pointer: Pointer, text: str, offset: int) -> Location:
    """Where character ``offset`` of the expression ``text`` at ``pointer`` is in game.yaml."""
    return locate_in_value(game.manifest, pointer, text, offset)


def compile_problem(game: Game, pointer: Pointer, text: str, error: ExpressionError,
                    code: str, what: str) -> Problem:
    """``code`` where the expression ``text`` at ``pointer`` stops being CEL (an error)."""
    where = text_location(game, pointer, text, offset_at(text, error.line, error.column))
    return Problem(where, code, f"{what}: {error.message}", hint=error.hint or None)


def unknown_names(game: Game, pointer: Pointer, text: str, expression: Expression,
                  known: Collection[str], code: str, what: str) -> Iterator[Problem]:
    """An error at each name ``expression`` reads that it will not get (not in ``known``,
    a type, nor a comprehension's bound name), at the name, with a "did you mean"."""
    unknown = expression.names - set(known) - TYPE_NAMES - bound_names(text)
    for name in sorted(unknown, key=lambda n: first_offset(text, n)):
        close = difflib.get_close_matches(name, sorted(known), n=1)
        yield Problem(text_location(game, pointer, text, first_offset(text, name)), code,
                      f"{what} reads {name!r}, which it does not get",
                      hint=f"did you mean {close[0]!r}?" if close
                      else f"it can read: {', '.join(sorted(known))}")


def severity(entry: Mapping[str, Any]) -> Severity:
    """The entry's ``severity`` (warning or, by default, error)."""
    return Severity.WARNING if entry.get("severity") == "warning" else Severity.ERROR


def describe(value: Any) -> str:
    """A short text of a YAML value for a message (lists and maps cut at 60 characters)."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."
