"""The template sandbox: Jinja2's immutable sandbox with limits on time, size and ``range``.

:class:`LimitedSandbox` is an :class:`~jinja2.sandbox.ImmutableSandboxedEnvironment` (no
underscore attributes, no changing lists or dicts it was given) whose hooks also enforce,
for one render run by :func:`render_limited`:

- time: :data:`~cardforge.boundary.trust.MAX_TEMPLATE_SECONDS`, checked in every call, attribute or
  item lookup, intercepted operator and filter, between output chunks, and at the start of
  every block the template runs (each pass of a loop, each ``if`` branch taken), so a loop
  that does nothing still stops, on any platform; where there is a timer signal
  (``SIGALRM``/``setitimer``: not on Windows) and in the main thread, it also stops a single
  long call into Python between two such checks;
- ``range``: all ``range()`` calls together produce at most
  :data:`~cardforge.boundary.trust.MAX_TEMPLATE_RANGE` items;
- size: the output is at most :data:`~cardforge.boundary.trust.MAX_TEMPLATE_OUTPUT` characters, and
  ``*``, ``**``, ``+``, ``%``, ``~``, string methods and the filters that can multiply a
  size are checked before they run (:mod:`cardforge.render.templating.sandbox_checks`).

A limit reached raises :class:`~cardforge.render.templating.sandbox_checks.TemplateLimit` from inside
the template, so its traceback names the template file and line.
"""

from __future__ import annotations

import functools
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import ImmutableSandboxedEnvironment

from cardforge.boundary.trust import MAX_TEMPLATE_OUTPUT, MAX_TEMPLATE_RANGE, MAX_TEMPLATE_SECONDS
from cardforge.render.templating import sandbox_checks as checks
from cardforge.render.templating.sandbox_checks import TemplateLimit


@dataclass
class _Budget:
    """What is left of one render's limits: its ``deadline`` (time.monotonic) and the
    ``range`` items it may still make."""

    deadline: float
    range_items: int


_BUDGET: ContextVar[_Budget | None] = ContextVar("cardforge_template_budget", default=None)


def _too_slow() -> TemplateLimit:
    return TemplateLimit(f"the template took longer than {MAX_TEMPLATE_SECONDS:g} s to render "
                         "(limit MAX_TEMPLATE_SECONDS)")


def tick() -> None:
    """Raise TemplateLimit when the running render is past its deadline."""
    budget = _BUDGET.get()
    if budget is not None and time.monotonic() > budget.deadline:
        raise _too_slow()


def limited_range(*args: int) -> range:
    """``range(*args)``, counted against the render's range budget. Raises TemplateLimit
    when the render's ranges would make more than MAX_TEMPLATE_RANGE items."""
    tick()
    items = range(*args)
    try:
        size = len(items)
    except OverflowError:  # more items than an index can count
        size = MAX_TEMPLATE_RANGE + 1
    budget = _BUDGET.get()
    left = budget.range_items if budget is not None else MAX_TEMPLATE_RANGE
    if size > left:
        raise TemplateLimit(f"range() makes more than {MAX_TEMPLATE_RANGE:,} items in one render "
                            "(limit MAX_TEMPLATE_RANGE)")
    if budget is not None:
        budget.range_items -= size
    return items


def checked_join(parts: Iterable[str]) -> str:
    """``"".join(parts)``, refused over MAX_TEMPLATE_OUTPUT characters (macro results, block
    ``set``s and ``filter`` blocks are joined with it)."""
    parts = list(parts)
    size = sum(len(part) for part in parts)
    if size > MAX_TEMPLATE_OUTPUT:
        raise checks.text_too_long(size)
    return "".join(parts)


class _CheckedCodeGenerator(CodeGenerator):
    """Jinja2's code generator, with every ``~`` concatenation's result size checked and the
    deadline checked (``tick``) at the start of every block run: each pass of a ``for``
    loop, even an empty one, counts as work done."""

    def blockvisit(self, body: Iterable[nodes.Node], frame: Frame) -> None:
        self.writeline("environment.tick()")
        super().blockvisit(body, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:  # noqa: N802 - Jinja2's name
        self.write("environment.sized(")
        super().visit_Concat(node, frame)
        self.write(")")


class LimitedSandbox(ImmutableSandboxedEnvironment):
    """An immutable sandbox whose hooks enforce the render limits (see the module docstring).
    Takes :class:`jinja2.Environment`'s arguments; ``lipsum`` is removed from the globals
    and ``range`` is :func:`limited_range`."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = _CheckedCodeGenerator
    concat = staticmethod(checked_join)  # type: ignore[assignment]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["range"] = limited_range
        self.globals.pop("lipsum", None)  # lipsum(10**9) would only burn time
        self.filters = {name: _checked_filter(name, func) for name, func in self.filters.items()}

    tick = staticmethod(tick)

    @staticmethod
    def sized(value: Any) -> Any:
        """``value``, refused when it is a string over MAX_TEMPLATE_OUTPUT characters."""
        return checks.check_result(value)

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any,
                   right: Any) -> Any:
        """``left <operator> right``, refused when past the deadline or over a size limit."""
        tick()
        checks.check_binop(operator, left, right)
        return self.binop_table[operator](left, right)

    def call(self, context: jinja2.runtime.Context, obj: Any, /, *args: Any,  # type: ignore[override]
             **kwargs: Any) -> Any:
        """Call ``obj`` (a macro, helper or method), refused when past the deadline, when a
        string method would make a string over the limit, or when the result is one."""
        tick()
        checks.check_call(obj, args, kwargs)
        return checks.check_result(super().call(context, obj, *args, **kwargs))

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute`` as the sandbox allows it, refused when past the deadline."""
        tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        """``obj[argument]`` as the sandbox allows it, refused when past the deadline."""
        tick()
        return super().getitem(obj, argument)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """The sandbox's ``str.format``, refused for a field width over the output limit."""
        wrapper = super().wrap_str_format(value)
        if wrapper is None:
            return None
        fmt = value.__self__
        is_map = value.__name__ == "format_map"

        @functools.wraps(wrapper)
        def checked(*args: Any, **kwargs: Any) -> str:
            mapping = args[0] if is_map and args and isinstance(args[0], Mapping) else kwargs
            checks.check_format(fmt, () if is_map else args, mapping)
            return checks.check_result(wrapper(*args, **kwargs))

        return checked


def _checked_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    """Built-in filter ``func`` with the deadline, its size risks and its result checked
    (Jinja2 calls filters directly, not through the sandbox's ``call``)."""

    risky = name in checks.RISKY_FILTERS

    @functools.wraps(func)  # keeps jinja_pass_arg, so context passing still works
    def checked(*args: Any, **kwargs: Any) -> Any:
        tick()
        if risky:
            checks.check_filter(name, func, args, kwargs)
        return checks.check_result(func(*args, **kwargs))

    return checked


def render_limited(template: jinja2.Template, context: Mapping[str, Any]) -> str:
    """``template`` rendered with ``context`` within the render limits.

    Raises TemplateLimit (from inside the template, so the traceback carries its file and
    line) when a limit is reached, and whatever the template raises.
    """
    budget = _Budget(time.monotonic() + MAX_TEMPLATE_SECONDS, MAX_TEMPLATE_RANGE)
    token = _BUDGET.set(budget)
    chunks: list[str] = []
    size = 0
    stream = template.generate(context)
    try:
        with _alarm(MAX_TEMPLATE_SECONDS):
            for chunk in stream:
                size += len(chunk)
                chunks.append(chunk)
                if size > MAX_TEMPLATE_OUTPUT:
                    stream.throw(checks.text_too_long(size))
                elif time.monotonic() > budget.deadline:
                    stream.throw(_too_slow())
    finally:
        stream.close()
        _BUDGET.reset(token)
    return "".join(chunks)


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise TemplateLimit wherever the code is once ``seconds`` have passed (main thread
    only, and only when no other timer is running; elsewhere the hooks' checks apply)."""
    usable = (threading.current_thread() is threading.main_thread()
              and hasattr(signal, "setitimer") and signal.getitimer(signal.ITIMER_REAL)[0] == 0)
    if not usable:
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise _too_slow()

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds + 0.5)  # the hooks normally stop it first
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
