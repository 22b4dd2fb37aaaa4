"""Custom properties that are constants, folded into the stylesheet before layout.

Templates name their colours, fonts and sizes once, as custom properties on ``:root``
(``--ink``, ``--font-title``, ``--line``; the palette and the page sizes too), and use
them with ``var()``. WeasyPrint resolves a ``var()`` for every element that uses it,
validating the declaration again each time: on a Comic Creator face about a tenth of
the layout time (docs/benchmarks.md). :func:`fold_constants` writes each such constant's
value in place of its ``var()`` once per stylesheet, as CSS post-processors do
(postcss-custom-properties with ``preserve: false``), so the faces print the same and are
laid out faster.

A custom property is a constant only when nothing can give it another value on any
element: every declaration of it in the stylesheet is in a top-level rule whose whole
selector is ``:root``, or every one is in a rule whose selector is ``html`` (the last one
wins, as in the cascade), none is
``!important``, its value is not empty and does not depend on a property that is not a
constant, and the name does not occur in any of the HTML fragments laid out with the
stylesheet (an inline ``style="--deck: …"`` sets it per face). Everything else is left
for WeasyPrint to resolve; the declarations themselves stay, so inline styles may still
use them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

ROOT_SELECTORS = frozenset({":root", "html"})
"""Selectors whose custom properties every element inherits, unless something overrides them."""


def fold_constants(css: str, fragments: Sequence[str] = ()) -> str:
    """``css`` with every ``var(--name)`` of a constant custom property (see the module
    documentation) replaced by its value; ``fragments`` are the HTML laid out with it (a
    name they mention is never folded). Returns ``css`` unchanged when it has no
    constants to fold. Comments are dropped from a folded stylesheet."""
    if "var(" not in css:
        return css
    mentioned = frozenset(name for name in _declared_names(css) if any(name in f for f in fragments))
    return _folded(css, mentioned)


def _declared_names(css: str) -> set[str]:
    """The custom property names ``css`` could declare (a cheap superset, for the fragment check)."""
    names = set()
    for part in css.split("--")[1:]:
        name = "--" + part.split(":", 1)[0].strip()
        if name[2:] and all(c.isalnum() or c in "-_" for c in name[2:]):
            names.add(name)
    return names


@lru_cache(maxsize=8)
def _folded(css: str, mentioned: frozenset[str]) -> str:
    """:func:`fold_constants` for ``css`` and the names the fragments mention (kept per
    stylesheet: a worker lays out many chunks with the same one)."""
    import tinycss2  # WeasyPrint's own CSS parser; only where faces are laid out

    rules = tinycss2.parse_stylesheet(css, skip_comments=True)
    values = _constants(rules, mentioned)
    if not values:
        return css
    for rule in rules:
        if rule.type in ("qualified-rule", "at-rule") and rule.content:
            rule.content = _substituted(rule.content, values)
    return tinycss2.serialize(rules)


def _constants(rules: list[Any], mentioned: frozenset[str]) -> dict[str, list[Any]]:
    """Name → value tokens of each constant custom property of the parsed ``rules``."""
    import tinycss2

    declared: dict[str, list[Any]] = {}
    selector: dict[str, str] = {}  # the root selector each name is declared under
    unfoldable = set(mentioned)
    for rule in rules:
        if rule.type not in ("qualified-rule", "at-rule") or not rule.content:
            continue
        root = tinycss2.serialize(rule.prelude).strip() if rule.type == "qualified-rule" else ""
        for name, value, important in _custom_declarations(rule.content):
            if root not in ROOT_SELECTORS or important or not _strip(value) \
                    or selector.setdefault(name, root) != root:  # :root outranks html whatever the order
                unfoldable.add(name)
            else:
                declared[name] = _strip(value)  # the last declaration wins, as in the cascade
    values = {name: value for name, value in declared.items() if name not in unfoldable}
    return _resolved(values)


def _custom_declarations(content: list[Any]) -> Iterable[tuple[str, list[Any], bool]]:
    """(name, value tokens, important) of each custom property declared in a rule's
    ``content``, nested rules and blocks included (those count as declared elsewhere)."""
    import tinycss2

    for item in tinycss2.parse_blocks_contents(content):
        if item.type == "declaration" and item.name.startswith("--"):
            yield item.name, item.value, item.important
        elif item.type in ("qualified-rule", "at-rule") and item.content:
            for name, value, _ in _custom_declarations(item.content):
                yield name, value, True  # inside another rule: never a constant


def _resolved(values: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """``values`` with the constants they use substituted; a value that uses a property
    that is not a constant (or is part of a cycle) is not a constant either."""
    resolved: dict[str, list[Any]] = {}
    visiting: set[str] = set()
    failed: set[str] = set()

    def resolve(name: str) -> bool:
        if name in resolved:
            return True
        if name not in values or name in visiting or name in failed:
            return False
        visiting.add(name)
        constant = all([resolve(used) for used in _var_names(values[name])])
        visiting.discard(name)
        if constant:
            resolved[name] = _substituted(values[name], resolved)
        else:
            failed.add(name)
        return constant

    for name in values:
        resolve(name)
    return resolved


def _var_names(tokens: list[Any]) -> Iterable[str]:
    """The custom property names the ``var()`` calls in ``tokens`` use."""
    for token in tokens:
        if token.type == "function" and token.lower_name == "var":
            name = _first_ident(token.arguments)
            if name:
                yield name
        for nested in _children(token):
            yield from _var_names(nested)


def _substituted(tokens: list[Any], values: dict[str, list[Any]]) -> list[Any]:
    """``tokens`` with each ``var(--name[, fallback])`` of a name in ``values`` replaced by
    its value (nested blocks and functions included)."""
    out: list[Any] = []
    for token in tokens:
        if token.type == "function" and token.lower_name == "var":
            name = _first_ident(token.arguments)
            if name in values:
                out.extend(values[name])
                continue
        if token.type == "function":
            token.arguments = _substituted(token.arguments, values)
        elif token.type in ("() block", "[] block", "{} block"):
            token.content = _substituted(token.content, values)
        out.append(token)
    return out


def _children(token: Any) -> list[list[Any]]:
    if token.type == "function":
        return [token.arguments]
    if token.type in ("() block", "[] block", "{} block"):
        return [token.content]
    return []


def _first_ident(arguments: list[Any]) -> str | None:
    """The custom property a ``var()``'s ``arguments`` name, if they start with one."""
    for token in arguments:
        if token.type in ("whitespace", "comment"):
            continue
        return token.value if token.type == "ident" and token.value.startswith("--") else None
    return None


def _strip(tokens: list[Any]) -> list[Any]:
    """``tokens`` without leading and trailing whitespace and comments."""
    kept = list(tokens)
    while kept and kept[0].type in ("whitespace", "comment"):
        kept.pop(0)
    while kept and kept[-1].type in ("whitespace", "comment"):
        kept.pop()
    return kept
