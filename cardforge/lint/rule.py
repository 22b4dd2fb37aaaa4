"""The Rule contract, and the registry of every rule (core and game packs).

A rule is a module with:

- ``CODE``: 2–3 capital letters and 3 digits (``CF005``, ``CC103``);
- ``NAME``: a short kebab-case name (``duplicate-id``);
- ``SCOPE``: ``"file"`` (reported while loading: syntax, schema), ``"card"``, ``"deck"`` or
  ``"game"`` — what ``check`` is called with;
- ``SEVERITY``: ``"error"`` or ``"warning"`` by default;
- ``check(target, game)``: yields Problems (not needed for ``"file"`` rules);
- ``RUNS_ON_INCOMPLETE`` (optional, default False): True for a ``game`` rule that is
  right even while some card failed to load: it reads game.yaml only, or judges what it
  sees without counting (duplicate ids and names, translations), so it runs over the
  files that loaded. Other game rules wait until every file loads cleanly, and deck rules
  until their deck's files do (:mod:`cardforge.lint.not_run` says which were left out);
- ``NEEDS_LAYOUT`` (optional, default False): True for a rule that reads laid-out faces
  or pages (:mod:`cardforge.lint.layout_measures`); such rules run only under ``lint --layout``
  and are called ``check(target, game, layout)`` with the run's
  :class:`~cardforge.lint.layout_measures.LayoutOptions` (workspace, face cache, jobs);
- ``FORKS`` (optional, default False): True for a rule that spreads its own work over a
  forked child process (:mod:`cardforge.proc.forked`); like a ``NEEDS_LAYOUT`` rule it always
  runs in ``cardforge lint``'s main process, since a lane's child may not have children;
- ``ADVISORY`` (optional, default False): True for a warning-level rule that reports only
  its own code, from the game's data alone (no file read): a build, which stops only on
  errors, does not run it unless the configuration raises its code to an error (a crash
  of it, CF000, then stops ``cardforge lint`` only). The costly balance rules (CC103,
  DG104, DX106, WB105) are;
- ``SHARES`` (optional): the name of the costly per-game state the rule builds and shares
  with other rules (``"catalogs"``: the parsed PO files of :func:`cardforge.i18n.catalog_state.state`);
  ``cardforge lint`` runs the rules naming one in a second process, beside the others
  (:mod:`cardforge.lint.lanes`), so their ``check`` must return only what pickles;
- a module docstring: the user documentation ``cardforge explain CODE`` prints, with one
  passing and one failing YAML example.

Rules are found, never listed: every module of the packages in :data:`CORE_PACKAGES` is a
core rule, every module of a pack's ``GameSpec.rules`` package one of the pack's.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType

from cardforge.model.game_packs import GameSpec
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
    check: Callable[..., Iterable[Problem]] | None  # (target, game[, layout])
    pack: str  # "core" or a game pack id
    needs_layout: bool = False
    runs_on_incomplete: bool = False
    shares: str | None = None  # the per-game state it shares with other rules (lint/lanes.py)
    forks: bool = False  # starts a child process of its own (lint/lanes.py runs it in the main one)
    advisory: bool = False  # warnings of its own code from data alone: a build's gate skips it

    @property
    def summary(self) -> str:
        """The first line of the documentation."""
        return self.doc.strip().splitlines()[0] if self.doc.strip() else self.name


def from_module(module: ModuleType, pack: str) -> Rule:
    """Read a rule module into a :class:`Rule`.

    Raises ValueError naming the module when the contract is broken (bad code or scope,
    missing docstring, no check taking (target, game), or (target, game, layout) for a
    ``NEEDS_LAYOUT`` rule, a ``SHARES`` that is not a name).
    """
    code = getattr(module, "CODE", "")
    scope = getattr(module, "SCOPE", "")
    if not CODE_PATTERN.match(code):
        raise ValueError(f"rule module {module.__name__}: CODE {code!r} is not like CF001")
    if scope not in SCOPES:
        raise ValueError(f"rule module {module.__name__}: SCOPE must be one of {SCOPES}")
    check = getattr(module, "check", None)
    needs_layout = bool(getattr(module, "NEEDS_LAYOUT", False))
    arguments = ("target", "game", "layout") if needs_layout else ("target", "game")
    if scope != "file" and not (callable(check) and _takes(check, len(arguments))):
        raise ValueError(f"rule module {module.__name__}: needs check({', '.join(arguments)})")
    if not module.__doc__:
        raise ValueError(f"rule module {module.__name__}: the docstring is the rule's documentation")
    shares = getattr(module, "SHARES", None)
    if shares is not None and not (isinstance(shares, str) and shares):
        raise ValueError(f"rule module {module.__name__}: SHARES must name a state, like \"catalogs\"")
    return Rule(code=code, name=getattr(module, "NAME", code.lower()), scope=scope,
                severity=Severity(getattr(module, "SEVERITY", "error")), doc=module.__doc__,
                check=check, pack=pack, needs_layout=needs_layout,
                runs_on_incomplete=bool(getattr(module, "RUNS_ON_INCOMPLETE", False)),
                shares=shares, forks=bool(getattr(module, "FORKS", False)),
                advisory=bool(getattr(module, "ADVISORY", False)))


def _takes(function: Callable[..., object], count: int) -> bool:
    """Whether ``function`` can be called with ``count`` positional arguments (True when
    its signature cannot be read)."""
    try:
        inspect.signature(function).bind(*([None] * count))
    except TypeError:
        return False
    except ValueError:  # no signature to read (some builtins)
        return True
    return True


CORE_PACKAGES = (
    "cardforge.lint.data_shape_rules",
    "cardforge.lint.game_design_rules",
    "cardforge.lint.player_text_rules",
)
"""The packages of the core rules: the shape of card data (CF), the game's design as game.yaml
declares it (CF), and the text a player reads (TR, BK)."""


def rule_modules(package: str) -> list[ModuleType]:
    """Every module directly inside the package named ``package`` (a dotted name), imported,
    in name order. Raises ImportError (ModuleNotFoundError) when the package or one of its
    modules cannot be imported, ValueError when ``package`` names a plain module."""
    found = importlib.import_module(package)
    if not hasattr(found, "__path__"):
        raise ValueError(f"{package} is a module, not a package of rule modules")
    names = sorted(info.name for info in pkgutil.iter_modules(found.__path__))
    return [importlib.import_module(f"{package}.{name}") for name in names]


def core_rules() -> list[Rule]:
    """The core (CF, TR, BK) rules, every module in the packages of :data:`CORE_PACKAGES`, by code."""
    modules = [m for package in CORE_PACKAGES for m in rule_modules(package)]
    return sorted((from_module(m, "core") for m in modules), key=lambda r: r.code)


def pack_rules(spec: GameSpec) -> list[Rule]:
    """A game pack's rules, every module of its ``rules`` package, by code (none without one).
    Raises what :func:`rule_modules` and :func:`from_module` raise."""
    modules = rule_modules(spec.rules) if spec.rules else []
    return sorted((from_module(m, spec.id) for m in modules), key=lambda r: r.code)


def all_rules(specs: Iterable[GameSpec]) -> dict[str, Rule]:
    """Every rule by code: core first, then each pack's. Raises ValueError on a duplicate code."""
    table: dict[str, Rule] = {}
    for rule in [*core_rules(), *(r for s in specs for r in pack_rules(s))]:
        if rule.code in table:
            raise ValueError(f"rule code {rule.code} is defined twice ({table[rule.code].pack}, {rule.pack})")
        table[rule.code] = rule
    return table
