"""Size checks the template sandbox runs *before* an operation that could make a huge value.

A template may not build a string longer than :data:`~cardforge.boundary.trust.MAX_TEMPLATE_OUTPUT`
characters, a list of more than :data:`~cardforge.boundary.trust.MAX_TEMPLATE_RANGE` items, or a
number Python could not print (:data:`MAX_INT_DIGITS` digits): ``'x' * 10**10``,
``[0] * 10**10``, ``9 ** 10**9``, ``'%099999999d' % 1``, ``'x'.ljust(10**10)`` or
``'x' | center(10**10)`` would otherwise exhaust memory before any output is counted. Each
check raises :class:`TemplateLimit`, whose message names the limit.
"""

from __future__ import annotations

import functools
import inspect
import math
import re
import sys
from collections.abc import Callable, Mapping, Sized
from typing import Any

from cardforge.boundary.trust import MAX_TEMPLATE_OUTPUT, MAX_TEMPLATE_RANGE

MAX_INT_DIGITS = sys.get_int_max_str_digits() or 4300
"""Digits of the largest number a template may compute: Python's own limit for printing one."""

_INT_BITS = int(MAX_INT_DIGITS * math.log2(10))
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[#0 +\-]*(\*|\d+)?(?:\.(\*|\d+))?")
_FORMAT_FIELD = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")
_DIGITS = re.compile(r"\d+")


class TemplateLimit(Exception):
    """A template went over a render limit; the message says which (and its constant)."""


def text_too_long(size: int) -> TemplateLimit:
    """The error for a string or output of ``size`` characters (over the limit)."""
    return TemplateLimit(f"the template makes more than {MAX_TEMPLATE_OUTPUT:,} characters "
                         f"(about {size:,}; limit MAX_TEMPLATE_OUTPUT)")


def too_many_items(size: int) -> TemplateLimit:
    """The error for a list or range of ``size`` items (over the limit)."""
    return TemplateLimit(f"the template makes more than {MAX_TEMPLATE_RANGE:,} items "
                         f"(about {size:,}; limit MAX_TEMPLATE_RANGE)")


def weight(value: Any, limit: int = MAX_TEMPLATE_OUTPUT) -> int:
    """Rough size of ``value`` printed: characters of strings, one per other item, nested
    lists, tuples and dicts summed. Stops counting once over ``limit``."""
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, Mapping):
        value = [*value.keys(), *value.values()]
    if not isinstance(value, (list, tuple)):
        return 1
    total = len(value)
    for item in value:
        if total > limit:
            break
        if isinstance(item, (str, bytes, list, tuple, Mapping)):
            total += weight(item, limit - total)
    return total


def check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse ``left <operator> right`` when its result would be over a limit."""
    if operator == "*":
        if _is_int(left) and _is_int(right):
            _check_bits(abs(left).bit_length() + abs(right).bit_length())
        elif _is_int(right) or _is_int(left):
            count, seq = (right, left) if _is_int(right) else (left, right)
            if isinstance(seq, (str, bytes, list, tuple)) and count > 1:
                check_repeat(seq, count)
    elif operator == "**":
        if _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1:
            _check_bits(right * abs(left).bit_length())
    elif operator == "+":
        if isinstance(left, (str, bytes, list, tuple)) and isinstance(right, (str, bytes, list, tuple)):
            _check_weight(weight(left) + weight(right), left)
    elif operator == "%" and isinstance(left, str):
        check_percent(left, right)


def check_repeat(seq: str | bytes | list[Any] | tuple[Any, ...], count: int) -> None:
    """Refuse ``seq * count`` over the limits."""
    if not isinstance(seq, (str, bytes)) and len(seq) * count > MAX_TEMPLATE_RANGE:
        raise too_many_items(len(seq) * count)
    _check_weight(weight(seq) * count, seq)


def check_percent(fmt: str, values: Any) -> None:
    """Refuse ``fmt % values`` when a field width or precision is over the output limit."""
    starred = False
    for spec in _PERCENT_SPEC.finditer(fmt):
        for group in spec.groups():
            if group == "*":
                starred = True
            elif group is not None and int(group) > MAX_TEMPLATE_OUTPUT:
                raise text_too_long(int(group))
    if starred:
        _check_ints(values if isinstance(values, tuple) else (values,))


def check_format(fmt: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Refuse ``fmt.format(*args, **kwargs)`` when a field's width is over the output limit
    (written in ``fmt``, or given as an argument to a nested ``{}`` field)."""
    for field in _FORMAT_FIELD.findall(fmt):
        spec = field.partition(":")[2]
        for digits in _DIGITS.findall(spec):
            if len(digits) > 12 or int(digits) > MAX_TEMPLATE_OUTPUT:
                raise text_too_long(int(digits[:12]))
        if "{" in field[1:]:
            _check_ints((*args, *kwargs.values()))


_STR_WIDTH = frozenset({"ljust", "rjust", "center", "zfill"})


def check_call(func: Callable[..., Any], args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Refuse a call of a string method that would make a string over the output limit."""
    owner = getattr(func, "__self__", None)
    if not isinstance(owner, (str, bytes)):
        return
    name = getattr(func, "__name__", "")
    if name in _STR_WIDTH:
        _check_ints(args)
    elif name == "expandtabs":
        _check_ints(tuple(n * (owner.count("\t") + 1) for n in (*args, *kwargs.values())
                          if _is_int(n)))
    elif name == "replace" and len(args) >= 2:
        check_replace(owner, args[0], args[1])
    elif name == "join" and args and isinstance(args[0], Sized):
        _check_weight(len(owner) * len(args[0]), owner)


def check_replace(text: Any, old: Any, new: Any) -> None:
    """Refuse ``text.replace(old, new)`` whose result would be over the output limit."""
    if isinstance(text, (str, bytes)) and isinstance(old, type(text)) and isinstance(new, type(text)):
        hits = text.count(old) if old else len(text) + 1
        _check_weight(len(text) + hits * max(0, len(new) - len(old)), text)


RISKY_FILTERS = frozenset({"center", "indent", "format", "replace", "join", "wordwrap", "batch",
                           "slice"})
"""Built-in filters whose result can be far larger than their arguments."""


@functools.cache
def _signature(func: Callable[..., Any]) -> inspect.Signature:
    return inspect.signature(func)


def check_filter(name: str, func: Callable[..., Any], args: tuple[Any, ...],
                 kwargs: Mapping[str, Any]) -> None:
    """Refuse a call of the built-in filter ``name`` (one of :data:`RISKY_FILTERS`) whose
    result would be over a limit."""
    try:
        bound = _signature(func).bind(*args, **kwargs).arguments
    except TypeError:
        return  # the filter itself reports the wrong arguments
    if name == "center":
        _check_ints((bound.get("width", 0),))
    elif name == "indent":
        width, text = bound.get("width", 4), str(bound.get("s", ""))
        size = len(width) if isinstance(width, str) else width if _is_int(width) else 0
        _check_weight((text.count("\n") + 1) * size, text)
    elif name == "format":
        values = bound.get("kwargs") or bound.get("args", ())
        check_percent(str(bound.get("value", "")), values)
    elif name == "replace":
        check_replace(bound.get("s"), bound.get("old"), bound.get("new"))
    elif name == "join":
        value, sep = bound.get("value"), bound.get("d", "")
        if isinstance(value, Sized) and isinstance(sep, str):
            _check_weight(len(value) * len(sep), sep)
    elif name == "wordwrap":
        text, wrap = str(bound.get("s", "")), bound.get("wrapstring") or "\n"
        _check_weight(len(text) * len(str(wrap)), text)
    elif name in ("batch", "slice"):
        count = bound.get("linecount", bound.get("slices", 0))
        if _is_int(count) and count > MAX_TEMPLATE_RANGE:
            raise too_many_items(count)


def check_result(value: Any) -> Any:
    """``value``, refused when it is a string over the output limit."""
    if isinstance(value, str) and len(value) > MAX_TEMPLATE_OUTPUT:
        raise text_too_long(len(value))
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_ints(values: tuple[Any, ...]) -> None:
    for value in values:
        if _is_int(value) and value > MAX_TEMPLATE_OUTPUT:
            raise text_too_long(value)


def _check_weight(size: int, like: Any) -> None:
    if size > MAX_TEMPLATE_OUTPUT:
        raise text_too_long(size) if isinstance(like, (str, bytes)) else too_many_items(size)


def _check_bits(bits: int) -> None:
    if bits > _INT_BITS:
        raise TemplateLimit(f"the template computes a number of more than {MAX_INT_DIGITS:,} "
                            f"digits (about {int(bits / math.log2(10)):,}; Python's limit for "
                            "printing one)")
