"""Expressions written in game.yaml: CEL (Common Expression Language), compiled once, evaluated safely.

Designers write lint rules and balance features as expressions (``attack + defence <= 2 *
cost + 2``). CEL is the language Kubernetes embeds in JSON Schema for the same job
(``x-kubernetes-validations``): side-effect free, no loops but bounded comprehensions
(``all``, ``exists``, ``exists_one``, ``filter``, ``map``), always finishing. cel-python
(``celpy``) parses and runs it; this module is the one place that touches it.

- :func:`compile_expression` parses once (a syntax error is an :class:`ExpressionError`
  with the line and column inside the expression) and picks a runner: the transpiled one
  (about 3 times faster) for an expression without comprehensions or list functions and
  with few ``+``, the interpreting one otherwise.
- :meth:`Expression.evaluate` takes plain data (YAML values), converts only the names the
  expression mentions, and returns plain data; any failure (a missing field, a type mix, a
  division by zero) is an ExpressionError.
- Besides CEL's own functions expressions may call ``sum(list)``, ``min(list)``,
  ``max(list)`` and ``distinct(list)`` (the list without repeats, first of each kept).

Limits (untrusted input): an expression is at most :data:`MAX_EXPRESSION_CHARS`
characters; texts and lists built while evaluating are at most :data:`MAX_BUILT_ITEMS`
characters or items (``+`` is checked). Work is counted inside the evaluation, not timed,
so the limit holds in any thread or process and on every platform: an interpreted
evaluation spends one step per expression node it visits (each item of a comprehension
visits its body again) and one per character or item a ``+`` builds, at most
:data:`MAX_EXPRESSION_STEPS`; a transpiled one, which has no loop, counts one step. A
:class:`Budget` shared by the evaluations of one rule in one lint caps their sum
(:func:`rule_budget`: :data:`MAX_RULE_STEPS`, and the rules of a game share
:data:`MAX_LINT_STEPS`). Going past either raises :class:`OverBudget`. Each rule has its
own budget, so what a rule is allowed does not depend on which rules ran before it
(``cardforge lint`` runs rules in two processes, in an order that varies).
"""

from __future__ import annotations

import contextvars
import datetime
import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import celpy
import lark
from celpy import celtypes
from celpy.celparser import CELParseError
from celpy.evaluation import Evaluator

from cardforge.cel import cel_grammar

MAX_EXPRESSION_CHARS = 2000
"""Longest expression, in characters."""
MAX_BUILT_ITEMS = 1_000_000
"""Longest text (characters) or list (items) an evaluation may build with ``+``."""
MAX_EXPRESSION_DEPTH = 250
"""Deepest parse tree an expression may have (about 12 levels a bracket, 2 an operator)."""
MAX_EXPRESSION_STEPS = 1_000_000
"""Steps one evaluation may take (nodes visited, characters or items built by ``+``): about
20 s of cel-python at its slowest (nested comprehensions, ~20 µs a step). The largest real
use, a deck rule over every card of the 10,000-card benchmark
(``size(distinct(cards.map(c, c.id))) == size(cards)``), takes ~20,000."""
MAX_RULE_STEPS = 2_000_000
"""Steps one rule may take over all its evaluations in one lint (every card of its decks):
a per-card rule that reads the whole card is evaluated on each, ~10 steps a card
interpreted, 1 transpiled (~100,000 over the 10,000-card benchmark)."""
MAX_LINT_STEPS = 10_000_000
"""Steps the data rules of one game may take in one lint, shared out evenly when a game
has more than five (:func:`rule_budget`): the 10,000-card benchmark's three take ~250,000."""
MAX_MEMO = 100_000
"""Values an expression remembers (see :meth:`Expression.evaluate`)."""
_SCALARS = (bool, int, float, str, type(None))
_ABSENT = ("absent",)
_MAX_FAST_ADDITIONS = 16
"""A transpiled expression cannot check ``+``: with at most this many, what it builds stays
within this many times its inputs."""

FUNCTIONS = ("sum", "min", "max", "distinct")
"""Functions expressions may call besides CEL's own."""
_MACROS = frozenset({"all", "exists", "exists_one", "filter", "map", "reduce", "min", "max"})

logging.getLogger("celpy").setLevel(logging.CRITICAL + 1)  # its errors reach users as ours
logging.getLogger("celpy").propagate = False


class ExpressionError(Exception):
    """An expression that cannot be compiled or evaluated.

    ``message`` says why; ``line`` and ``column`` (1-based, inside the expression's text)
    say where, for a syntax error, else are None; ``hint`` says what to do.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


class OverBudget(ExpressionError):
    """An evaluation that went past its steps: :data:`MAX_EXPRESSION_STEPS` of its own
    (``whole`` False), or what was left of its :class:`Budget` (``whole`` True)."""

    def __init__(self, message: str, whole: bool) -> None:
        super().__init__(message, hint="simplify the expression: fewer or smaller comprehensions"
                         if not whole else "simplify the rule, or give it fewer cards (each: deck, deck:)")
        self.whole = whole


class Budget:
    """Steps that the evaluations given it may still take together (``left``, starting at
    ``steps``): one per rule and lint (see :func:`rule_budget`), so that the cards a rule
    runs on cannot add up unbounded."""

    def __init__(self, steps: int) -> None:
        self.steps = steps
        self.left = steps


def rule_budget(rules: int) -> Budget:
    """The budget of one of the ``rules`` data rules of a game in one lint: at most
    :data:`MAX_RULE_STEPS`, and ``rules`` of them at most :data:`MAX_LINT_STEPS` together."""
    return Budget(min(MAX_RULE_STEPS, MAX_LINT_STEPS // max(rules, 1)))


class _TooBig(Exception):
    """Raised inside an evaluation that built too long a text or list, or took too many steps."""


class _Steps:
    """The steps one evaluation has left (``left``) of the ``allowed``."""

    __slots__ = ("allowed", "left")

    def __init__(self, allowed: int) -> None:
        self.allowed = allowed
        self.left = allowed

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise _TooBig("steps")


_STEPS: contextvars.ContextVar[_Steps | None] = contextvars.ContextVar("cardforge_cel_steps", default=None)
"""The running evaluation's steps: a context variable, so each thread counts its own."""


class _CountingEvaluator(Evaluator):
    """cel-python's interpreter, spending one step of the running evaluation per node it
    visits; the evaluators it makes for a comprehension's body count the same way."""

    def _visit_tree(self, tree: lark.Tree) -> Any:
        steps = _STEPS.get()
        if steps is not None:
            steps.spend(1)
        return super()._visit_tree(tree)

    def sub_evaluator(self, ast: lark.Tree) -> Evaluator:
        return _CountingEvaluator(ast, activation=self.activation)


class _CountingRunner(celpy.InterpretedRunner):
    """cel-python's interpreting runner with :class:`_CountingEvaluator`."""

    def evaluate(self, context: Any) -> Any:
        return _CountingEvaluator(ast=self.ast, activation=self.new_activation()).evaluate(context)


@dataclass(frozen=True)
class Expression:
    """A compiled expression.

    ``text`` is as written; ``names`` every identifier it mentions (variables and the bound
    names of comprehensions: a superset of the variables it reads); ``fast`` whether it
    runs transpiled.
    """

    text: str
    names: frozenset[str]
    fast: bool
    _runner: Any = field(repr=False, compare=False)
    _order: tuple[str, ...] = field(default=(), repr=False, compare=False)
    _memo: dict[tuple[Any, ...], tuple[bool, Any]] = field(default_factory=dict, repr=False,
                                                           compare=False)

    def evaluate(self, variables: Mapping[str, Any], budget: Budget | None = None) -> Any:
        """The value of the expression with ``variables`` (name → plain data, or a value
        made by :func:`to_cel`), as plain data (bool, int, float, str, list, dict, None).
        Names it does not mention are not converted. The steps it takes are taken from
        ``budget`` too, when given. Raises ExpressionError (:class:`OverBudget` past a
        step limit).

        Expressions have no side effects, so the value for variables that are all plain
        scalars is remembered (up to :data:`MAX_MEMO` of them): ten thousand cards with a
        few hundred distinct stat lines cost a few hundred evaluations."""
        key = tuple((type(variables[n]), variables[n]) if n in variables else _ABSENT
                    for n in self._order)
        if not all(k is _ABSENT or k[0] in _SCALARS for k in key):
            return self._evaluate(variables, budget)
        if key not in self._memo:
            if len(self._memo) >= MAX_MEMO:
                self._memo.clear()
            try:
                self._memo[key] = (True, self._evaluate(variables, budget))
            except OverBudget as exc:
                if exc.whole:  # the budget's state, not the variables', decided it
                    raise
                self._memo[key] = (False, exc)
            except ExpressionError as exc:
                self._memo[key] = (False, exc)
        done, value = self._memo[key]
        if not done:
            raise value
        return value

    def _evaluate(self, variables: Mapping[str, Any], budget: Budget | None = None) -> Any:
        """Evaluate, without the memo, counting steps (see the module's documentation)."""
        context = {name: to_cel(value) for name, value in variables.items() if name in self.names}
        whole = budget is not None and budget.left < MAX_EXPRESSION_STEPS
        steps = _Steps(min(MAX_EXPRESSION_STEPS, budget.left) if budget is not None else MAX_EXPRESSION_STEPS)
        token = _STEPS.set(steps)
        try:
            steps.spend(1)
            value = self._runner.evaluate(context)
        except _TooBig as exc:
            if str(exc) != "steps":
                raise ExpressionError(str(exc), hint="simplify the expression") from None
            raise _over_budget(steps, budget, whole) from None
        except celpy.CELEvalError as exc:
            raise ExpressionError(_eval_message(exc), hint=_eval_hint(exc)) from None
        except (RecursionError, MemoryError, OverflowError, ValueError, TypeError) as exc:
            raise ExpressionError(f"cannot be evaluated: {type(exc).__name__}: {exc}") from None
        finally:
            _STEPS.reset(token)
            if budget is not None:
                budget.left = max(0, budget.left - (steps.allowed - max(steps.left, 0)))
        if isinstance(value, celpy.CELEvalError):
            raise ExpressionError(_eval_message(value), hint=_eval_hint(value))
        return from_cel(value)


def compile_expression(text: str) -> Expression:
    """Parse ``text`` as CEL and prepare it to run. Raises ExpressionError for an empty or
    too long text, or a syntax error (with its line and column in ``text``)."""
    if not text.strip():
        raise ExpressionError("the expression is empty", hint="write a condition, e.g. cost <= 5")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExpressionError(f"the expression has {len(text):,} characters, more than "
                              f"{MAX_EXPRESSION_CHARS:,}", hint="split it into several rules")
    try:
        tree = _environment(fast=True).compile(text)  # the first parser made fixes the tree type
    except CELParseError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else text
        raise ExpressionError(f"not a CEL expression: cannot read it here ({first!r})",
                              line=getattr(exc, "line", None), column=getattr(exc, "column", None),
                              hint="CEL looks like `attack + defence <= 2 * cost + 2`; "
                                   "strings are quoted, `&&` `||` `!` join conditions") from None
    except RecursionError:
        raise ExpressionError("the expression is nested too deeply",
                              hint="use fewer brackets inside brackets") from None
    if _depth(tree) > MAX_EXPRESSION_DEPTH:
        raise ExpressionError("the expression is nested too deeply (brackets in brackets, or a "
                              "long chain of operators)", hint="split it into several rules")
    names = frozenset(_identifiers(tree))
    fast = _simple(tree)
    try:
        try:
            runner = _environment(fast).program(tree, functions=None if fast else _FUNCTION_TABLE)  # type: ignore[arg-type]
        except (SyntaxError, ValueError):  # the transpiler wrote Python that does not compile (`01`)
            if not fast:
                raise
            fast = False
            runner = _environment(False).program(tree, functions=_FUNCTION_TABLE)  # type: ignore[arg-type]
    except RecursionError:
        raise ExpressionError("the expression is nested too deeply",
                              hint="split it into several rules") from None
    except (SyntaxError, ValueError) as exc:
        raise ExpressionError(f"not a CEL expression cardforge can run: {exc}",
                              hint="write numbers without leading zeros; check the literals") from None
    return Expression(text=text, names=names, fast=fast, _runner=runner, _order=tuple(sorted(names)))


def to_cel(value: Any) -> Any:
    """Plain data (YAML values) as CEL values; CEL values are returned as they are.
    A date (YAML ``2026-11-24``) becomes its ISO text. Raises ExpressionError for a value
    CEL cannot hold (an integer beyond 64 bits).

    The common YAML types are built directly (json_to_cel checks and wraps every value
    through several layers: six times slower on a 10,000-card deck)."""
    kind = type(value)
    if kind is str:
        return str.__new__(celtypes.StringType, value)
    if kind is bool:
        return celtypes.BoolType(value)
    if kind is int and _INT64[0] <= value <= _INT64[1]:
        return int.__new__(celtypes.IntType, value)
    if kind is dict:
        mapping = celtypes.MapType()
        dict.update(mapping, {to_cel(k): to_cel(v) for k, v in value.items()})
        return mapping
    if kind is list:
        return celtypes.ListType([to_cel(item) for item in value])
    if isinstance(value, (celtypes.BoolType, celtypes.IntType, celtypes.DoubleType, celtypes.StringType,
                          celtypes.ListType, celtypes.MapType, celtypes.NullType)):
        return value
    if isinstance(value, (datetime.date, datetime.time)):  # a YAML date: its ISO text
        return str.__new__(celtypes.StringType, value.isoformat())
    try:
        return celpy.json_to_cel(value)
    except (ValueError, TypeError) as exc:
        raise ExpressionError(f"a value expressions cannot read: {exc}") from None


_INT64 = (-(2**63), 2**63 - 1)


def from_cel(value: Any) -> Any:
    """A CEL value as plain data: booleans, integers, floats, strings, lists, dicts, None."""
    if isinstance(value, bool):  # BoolType is not a bool: checked below
        return value
    if isinstance(value, celtypes.BoolType):
        return bool(value)
    if isinstance(value, int):  # IntType and UintType are ints
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [from_cel(item) for item in value]
    if isinstance(value, dict):
        return {from_cel(k): from_cel(v) for k, v in value.items()}
    return None if isinstance(value, celtypes.NullType) or value is None else str(value)


def _environment(fast: bool) -> celpy.Environment:
    """A cel-python environment for the transpiling or the interpreting runner. cel-python
    keeps one parser for the process, made by the first environment with that runner's
    tree type; only the transpiler's tree type serves both, so compile_expression makes the
    transpiling one first. That parser is loaded from the tables cardforge ships when they
    fit the installed cel-python (:mod:`cardforge.cel.cel_grammar`), else built."""
    cel_grammar.install()
    return celpy.Environment(runner_class=celpy.CompiledRunner if fast else _CountingRunner)


def _depth(tree: lark.Tree) -> int:
    """How deep ``tree`` is, counted without recursion."""
    deepest = 0
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, lark.Tree))
    return deepest


def _identifiers(tree: lark.Tree) -> Iterator[str]:
    for node in tree.iter_subtrees():
        if node.data == "ident" and node.children:
            yield str(node.children[0])


def _simple(tree: lark.Tree) -> bool:
    """Whether the transpiled runner can run ``tree`` safely: no comprehension or list
    function (whose work it cannot bound), no ``has()`` (cel-python 0.5's transpiler makes
    it a Python bool, which ``!`` and ``? :`` then refuse: ``!has(card.defence)`` failed)
    and few additions (whose output it cannot check)."""
    additions = 0
    for node in tree.iter_subtrees():
        if node.data == "member_dot_arg" and str(node.children[1]) in _MACROS | set(FUNCTIONS):
            return False
        if node.data == "ident_arg" and str(node.children[0]) in (*FUNCTIONS, "has"):
            return False
        additions += node.data == "addition_add"
    return additions <= _MAX_FAST_ADDITIONS


def _numbers(items: Any, name: str) -> list[Any]:
    if not isinstance(items, list):
        raise TypeError(f"{name}() takes a list")
    if not all(isinstance(i, (celtypes.IntType, celtypes.UintType, celtypes.DoubleType))
               and not isinstance(i, celtypes.BoolType) for i in items):
        raise TypeError(f"{name}() takes a list of numbers")
    return items


def _sum(items: Any) -> Any:
    numbers = _numbers(items, "sum")
    if any(isinstance(i, celtypes.DoubleType) for i in numbers):
        return celtypes.DoubleType(sum(float(i) for i in numbers))
    return celtypes.IntType(sum(int(i) for i in numbers))


def _extreme(name: str, pick: Any) -> Any:
    def extreme(items: Any) -> Any:
        numbers = _numbers(items, name)
        if not numbers:
            return celpy.CELEvalError(f"{name}() of an empty list")
        return pick(numbers)
    return extreme


def _distinct(items: Any) -> Any:
    if not isinstance(items, list):
        raise TypeError("distinct() takes a list")
    kept: list[Any] = []
    seen: set[Any] = set()
    for item in items:
        try:
            if item in seen:
                continue
            seen.add(item)
        except TypeError:  # a list or map: compared by value
            if item in kept:
                continue
        kept.append(item)
    return celtypes.ListType(kept)


def _checked_add(left: Any, right: Any) -> Any:
    if isinstance(left, (str, list)) and isinstance(right, (str, list)):
        if len(left) + len(right) > MAX_BUILT_ITEMS:
            raise _TooBig(f"the expression builds a text or list longer than {MAX_BUILT_ITEMS:,}")
        steps = _STEPS.get()
        if steps is not None:
            steps.spend(len(left) + len(right))
    return celpy.evaluation.base_functions["_+_"](left, right)


_FUNCTION_TABLE: dict[str, Any] = {
    "sum": _sum, "min": _extreme("min", min), "max": _extreme("max", max),
    "distinct": _distinct, "_+_": _checked_add,
}


def _over_budget(steps: _Steps, budget: Budget | None, whole: bool) -> OverBudget:
    """The error for an evaluation that spent its ``steps``: the lint's ``budget`` when
    ``whole`` (what was left of it was less than one evaluation's own limit)."""
    if whole and budget is not None:
        return OverBudget(f"the rule took more than {budget.steps:,} evaluation steps over the cards "
                          "of this lint (comprehension items, nodes, characters built)", whole=True)
    return OverBudget(f"the expression takes more than {MAX_EXPRESSION_STEPS:,} evaluation steps "
                      "(comprehension items, nodes, characters built)", whole=False)


def _eval_message(error: BaseException) -> str:
    """The innermost reason of a cel-python evaluation error, in words: its first text that
    is not the generic "evaluation error", looking into nested arguments, without the dump
    of every variable and function the interpreter appends to an undeclared name."""
    def texts(args: tuple[Any, ...]) -> Iterator[str]:
        for arg in args:
            if isinstance(arg, str) and arg != "evaluation error":
                yield arg
            elif isinstance(arg, tuple):
                yield from texts(arg)
            elif isinstance(arg, BaseException):
                yield from texts(arg.args)
    return next(texts(error.args), "cannot be evaluated").split(" (in activation ", 1)[0]


def _eval_hint(error: Exception) -> str:
    text = _eval_message(error)
    if "no such member" in text or "undeclared reference" in text or "no such key" in text:
        return "a card without that field: guard it with has(card.<field>), e.g. " \
               "!has(card.defence) || card.defence <= 5"
    if "no matching overload" in text or "no such overload" in text:
        return "the values are of different types (e.g. a number and a text); " \
               "convert with int(), double() or string()"
    return ""
