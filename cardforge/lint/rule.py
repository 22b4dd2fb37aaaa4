"""The Rule contract, and the registry of every rule (core and game packs).

A rule is a module with:

- ``CODE``: 2–3 capital letters and 3 digits (``CF005``, ``CC103``);
- ``NAME``: a short kebab-case name (``duplicate-id``);
- ``SCOPE``: ``"file"`` (reported while loading: syntax, schema), ``"card"``, ``"deck"`` or
  ``"game"`` — what ``check`` is called with;
- ``SEVERITY``: ``"error"`` or ``"warning"`` by default;
- ``check(target, game)``: yields Problems (not needed for ``"file"`` rules);
- ``NEEDS_LAYOUT`` (optional, default False): True for a rule that reads laid-out faces
  or pages (:mod:`cardforge.lint.layout`); such rules run only under ``lint --layout``;
- a module docstring: the user documentation ``cardforge explain CODE`` prints, with one
  passing and one failing YAML example.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from cardforge.games.spec import GameSpec
from cardforge.problem import Problem, Severity

CODE_PATTERN = re.compile(r"^[A-Z]{2,3}[0-9]{3}$")
SCOPES = ("file", "card", "deck", "game")


@dataclass(frozen=True)
class Rule:
    """A loaded rule module: code, name, scope, default severity, documentation, check."""

    code: str
    name: str
    scope: str
    severity: Severity
    doc: str
    check: Callable[[Any, Any], Iterable[Problem]] | None
    pack: str  # "core" or a game pack id
    needs_layout: bool = False

    @property
    def summary(self) -> str:
        """The first line of the documentation."""
        return self.doc.strip().splitlines()[0] if self.doc.strip() else self.name


def from_module(module: ModuleType, pack: str) -> Rule:
    """Read a rule module into a :class:`Rule`.

    Raises ValueError naming the module when the contract is broken (bad code or scope,
    missing docstring or check).
    """
    code = getattr(module, "CODE", "")
    scope = getattr(module, "SCOPE", "")
    if not CODE_PATTERN.match(code):
        raise ValueError(f"rule module {module.__name__}: CODE {code!r} is not like CF001")
    if scope not in SCOPES:
        raise ValueError(f"rule module {module.__name__}: SCOPE must be one of {SCOPES}")
    check = getattr(module, "check", None)
    if scope != "file" and not callable(check):
        raise ValueError(f"rule module {module.__name__}: needs check(target, game)")
    if not module.__doc__:
        raise ValueError(f"rule module {module.__name__}: the docstring is the rule's documentation")
    return Rule(code=code, name=getattr(module, "NAME", code.lower()), scope=scope,
                severity=Severity(getattr(module, "SEVERITY", "error")), doc=module.__doc__,
                check=check, pack=pack, needs_layout=bool(getattr(module, "NEEDS_LAYOUT", False)))


def core_rules() -> list[Rule]:
    """The core (CF) rules, every module in ``cardforge.lint.rules``, by code."""
    from cardforge.lint import rules as package

    modules = [importlib.import_module(f"{package.__name__}.{info.name}")
               for info in pkgutil.iter_modules(package.__path__)]
    return sorted((from_module(m, "core") for m in modules), key=lambda r: r.code)


def pack_rules(spec: GameSpec) -> list[Rule]:
    """A game pack's rules, by code."""
    return sorted((from_module(m, spec.id) for m in spec.rules), key=lambda r: r.code)


def all_rules(specs: Iterable[GameSpec]) -> dict[str, Rule]:
    """Every rule by code: core first, then each pack's. Raises ValueError on a duplicate code."""
    table: dict[str, Rule] = {}
    for rule in [*core_rules(), *(r for s in specs for r in pack_rules(s))]:
        if rule.code in table:
            raise ValueError(f"rule code {rule.code} is defined twice ({table[rule.code].pack}, {rule.pack})")
        table[rule.code] = rule
    return table
