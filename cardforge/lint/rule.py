"""The Rule contract, and the registry of every rule (core and game packs).

A rule is a module. Its author declares what the rule *is* and what its check *needs*;
the engine derives where and when it runs (:mod:`cardforge.lint.rule_schedule`). The
contract, one line a declaration:

======================  ======================================  =========  ===================================
declaration             what it means                           default    who decides where and when it runs
======================  ======================================  =========  ===================================
``CODE``                2–3 capitals and 3 digits (``CF005``)   required   —
``NAME``                a kebab-case name (``duplicate-id``)    the code   —
``SCOPE``               ``check`` is called per ``"card"``,     required   the engine, per target; ``"file"``
                        ``"deck"`` or ``"game"``; ``"file"``:              rules are loading's (no ``check``)
                        reported while loading (syntax,
                        schema)
``SEVERITY``            ``"error"`` or ``"warning"``            error      configuration may change it
``check``               ``check(target, game)`` yields the      required   —
                        Problems it finds
docstring               ``cardforge explain``'s text, with a    required   —
                        passing and a failing YAML example
``NEEDS``               what ``check`` uses besides its         empty      derived by the engine: ``"layout"``
                        arguments: ``"layout"``, laid-out                  runs only under ``lint --layout``;
                        faces (it is called ``check(target,                ``"layout"`` or ``"processes"``: in
                        game, layout)``); ``"processes"``, a               lint's own process, first (a lane's
                        forked child of its own                            child may not have children); a
                        (:mod:`cardforge.proc.forked`); any                state: in the second lane's child,
                        other name, a costly per-game state                built once (``check`` yields only
                        shared with the rules naming it                    what pickles); none: either lane
                        (``"catalogs"``: :func:`cardforge.i18n
                        .catalog_state.state`)
``JUDGES_WHAT_LOADED``  ``True``: a deck or game rule is right  ``False``  declared: only its author knows
                        on the files that loaded (it reads      (waits)    whether a missing card would make
                        game.yaml only, or judges what it sees             it lie. The engine then runs it
                        without counting: duplicate ids,                   however loading went; else a deck
                        translations)                                      rule waits for its deck's files, a
                                                                           game rule for all (CF099 says so)
``ADVISORY``            ``True``: a warning-level rule reports  ``False``  declared: "its own code, no file"
                        only its own code, from the game's                 is known only by running it, which
                        data alone, reading no file (balance               this saves. The engine: a build's
                        outliers CC103, DG104, DX106, WB105)               gate runs it only when its code is
                                                                           configured as an error
======================  ======================================  =========  ===================================

The flags of earlier releases are still read, so a pack written for them keeps working:
``NEEDS_LAYOUT = True`` adds the need ``"layout"``, ``FORKS = True`` adds ``"processes"``,
``SHARES = "<state>"`` adds ``"<state>"``, and ``RUNS_ON_INCOMPLETE = True`` means
``JUDGES_WHAT_LOADED = True``.

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
NEED_PATTERN = re.compile(r"^[a-z][a-z0-9-]*$")
STARTS_PROCESSES = frozenset({"layout", "processes"})
"""The needs that make ``check`` start processes of its own (layout workers, a forked child);
every other need names a per-game state shared with other rules."""


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
    needs: frozenset[str] = frozenset()  # NEEDS: "layout", "processes", a shared state's name
    judges_what_loaded: bool = False  # right on the files that loaded (JUDGES_WHAT_LOADED)
    advisory: bool = False  # warnings of its own code from data alone: a build's gate skips it

    @property
    def summary(self) -> str:
        """The first line of the documentation."""
        return self.doc.strip().splitlines()[0] if self.doc.strip() else self.name

    @property
    def needs_layout(self) -> bool:
        """Whether ``check`` reads laid-out faces (is called with layout options)."""
        return "layout" in self.needs

    @property
    def shared_states(self) -> frozenset[str]:
        """The per-game states ``check`` shares with other rules: its needs that are not
        :data:`STARTS_PROCESSES` (``{"catalogs"}`` for the translation rules)."""
        return self.needs - STARTS_PROCESSES


def from_module(module: ModuleType, pack: str) -> Rule:
    """Read a rule module into a :class:`Rule`, the flags of earlier releases
    (``NEEDS_LAYOUT``, ``FORKS``, ``SHARES``, ``RUNS_ON_INCOMPLETE``) mapped onto ``NEEDS``
    and ``JUDGES_WHAT_LOADED`` (see the module docstring).

    Raises ValueError naming the module when the contract is broken (bad code or scope,
    missing docstring, no check taking (target, game), or (target, game, layout) for a rule
    that needs ``"layout"``, a ``NEEDS`` that is not a collection of lower-case names, a
    ``SHARES`` that is not a name).
    """
    code = getattr(module, "CODE", "")
    scope = getattr(module, "SCOPE", "")
    if not CODE_PATTERN.match(code):
        raise ValueError(f"rule module {module.__name__}: CODE {code!r} is not like CF001")
    if scope not in SCOPES:
        raise ValueError(f"rule module {module.__name__}: SCOPE must be one of {SCOPES}")
    needs = _needs(module)
    check = getattr(module, "check", None)
    arguments = ("target", "game", "layout") if "layout" in needs else ("target", "game")
    if scope != "file" and not (callable(check) and _takes(check, len(arguments))):
        raise ValueError(f"rule module {module.__name__}: needs check({', '.join(arguments)})")
    if not module.__doc__:
        raise ValueError(f"rule module {module.__name__}: the docstring is the rule's documentation")
    judges_what_loaded = bool(getattr(module, "JUDGES_WHAT_LOADED", False)
                              or getattr(module, "RUNS_ON_INCOMPLETE", False))
    return Rule(code=code, name=getattr(module, "NAME", code.lower()), scope=scope,
                severity=Severity(getattr(module, "SEVERITY", "error")), doc=module.__doc__,
                check=check, pack=pack, needs=needs, judges_what_loaded=judges_what_loaded,
                advisory=bool(getattr(module, "ADVISORY", False)))


def _needs(module: ModuleType) -> frozenset[str]:
    """The module's ``NEEDS`` (a set, list or tuple of names like ``"catalogs"``), with the
    needs its earlier flags stand for: ``NEEDS_LAYOUT`` → ``"layout"``, ``FORKS`` →
    ``"processes"``, ``SHARES`` → the state it names. Raises ValueError naming the module."""
    declared = getattr(module, "NEEDS", ())
    if isinstance(declared, str) or not isinstance(declared, (set, frozenset, list, tuple)):
        raise ValueError(f"rule module {module.__name__}: NEEDS must be a set of names, "
                         f"like {{\"layout\"}} or {{\"catalogs\"}}")
    for need in declared:
        if not (isinstance(need, str) and NEED_PATTERN.match(need)):
            raise ValueError(f"rule module {module.__name__}: NEEDS {need!r} is not a lower-case "
                             "name like \"layout\", \"processes\" or \"catalogs\"")
    needs = set(declared)
    if getattr(module, "NEEDS_LAYOUT", False):
        needs.add("layout")
    if getattr(module, "FORKS", False):
        needs.add("processes")
    shares = getattr(module, "SHARES", None)
    if shares is not None:  # any name, as before: only its lane depended on it
        if not (isinstance(shares, str) and shares):
            raise ValueError(f"rule module {module.__name__}: SHARES must name a state, like \"catalogs\"")
        # an old state named like a need keeps its old meaning: a shared state, not a need
        needs.add(f"state:{shares}" if shares in STARTS_PROCESSES else shares)
    return frozenset(needs)


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
