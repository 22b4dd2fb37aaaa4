"""TOML files a workspace supplies (configuration, print profiles): read through the trust
boundary, parsed by :mod:`tomllib`, checked against a JSON Schema, every error at its line.

Each failure is a :class:`~cardforge.errors.ConfigError` (exit 2) naming the file, the
line and column of the offending key where it can be found, and a hint: unreadable or
refused files, non-UTF-8 text, TOML syntax, nesting deeper than
:data:`~cardforge.boundary.trust.MAX_TOML_DEPTH`, and values the schema refuses.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.errors import ConfigError
from cardforge.validation.schema_registry import lookup as schema


@dataclass(frozen=True)
class TomlFile:
    """One parsed TOML file: its ``path``, ``text`` and ``data`` (a table)."""

    path: Path
    text: str
    data: dict[str, Any]

    def where(self, keys: Sequence[str | int]) -> str:
        """``path:line:col`` of the deepest key of ``keys`` written as ``key =`` or
        ``[table]`` in the file (searched after its parent's line), else of the nearest
        ancestor found, else ``path:1:1``."""
        lines = self.text.splitlines()
        line, col, start = 1, 1, 0
        for key in (k for k in keys if isinstance(k, str)):
            pattern = re.compile(rf"""^\s*(?:\[+\s*)?(?:[\w.\-"' ]*\.)?\s*(["']?){re.escape(key)}\1"""
                                 r"""\s*(=|\]|\.)""")
            for number in range(start, len(lines)):
                match = pattern.match(lines[number])
                if match:
                    line, col, start = number + 1, match.start(1) + 1, number
                    break
            else:
                break
        return f"{self.path}:{line}:{col}"


def load_toml(path: Path, what: str) -> TomlFile:
    """Read and parse the TOML file ``path`` (``what`` names it in messages, e.g.
    ``"configuration"``). Raises ConfigError for a refused or unreadable file, bad text,
    bad TOML, or tables nested deeper than ``trust.MAX_TOML_DEPTH``."""
    try:
        text = trust.read_text(path, "toml")
    except trust.Refused as refused:
        raise ConfigError(f"{refused.location}: cannot read the {what}: {refused.reason}",
                          hint=refused.hint or None) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f"{path}:{found.group(1)}:{found.group(2)}" if found else f"{path}:1:1"
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise ConfigError(f"{where}: not valid TOML: {message}",
                          hint="see https://toml.io for the syntax") from None
    except RecursionError:
        raise ConfigError(f"{path}:1:1: the {what} nests too deeply to read",
                          hint=f"tables and arrays may nest {trust.MAX_TOML_DEPTH} deep") from None
    if _depth(data) > trust.MAX_TOML_DEPTH:
        raise ConfigError(f"{path}:1:1: the {what} nests more than {trust.MAX_TOML_DEPTH} deep",
                          hint="configuration and profiles nest two or three tables deep")
    return TomlFile(path, text, data)


def check(toml: TomlFile, data: Any, schema_name: str, *, within: Sequence[str] = (),
          hint: str) -> None:
    """Validate ``data`` (``toml``'s table at ``within``) against the JSON Schema
    ``schema_name``. Raises ConfigError at the first invalid key's line, with ``hint``."""
    from jsonschema import Draft202012Validator  # imported when a TOML file is read: most runs read none

    errors = sorted(Draft202012Validator(schema(schema_name)).iter_errors(data),
                    key=lambda e: [str(p) for p in e.path])
    if errors:
        error = errors[0]
        keys = [*within, *error.path]
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            extra = [k for k in error.instance if k not in error.schema.get("properties", {})]
            keys += extra[:1]
        name = ".".join(map(str, keys[len(within):])) or ".".join(within) or "(top level)"
        raise ConfigError(f"{toml.where(keys)}: {name}: {_message(error, keys)}", hint=hint)


def _message(error: Any, keys: Sequence[str | int]) -> str:
    """A schema error in words (an unknown key with the closest known one), a value
    echoed at most 200 characters long."""
    if error.validator == "additionalProperties":
        known = list(error.schema.get("properties", {}))
        close = difflib.get_close_matches(str(keys[-1]), known, n=1) if keys else []
        return "unknown key" + (f"; did you mean {close[0]!r}?" if close else
                                f" (known keys: {', '.join(known)})")
    text = error.message
    return text if len(text) <= 200 else text[:200] + "…"


def _depth(value: Any) -> int:
    """How deep tables and arrays nest in ``value`` (0 for a scalar), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest
