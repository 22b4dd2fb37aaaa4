"""JSON loading with a source map: the :class:`~cardforge.loading.document.Document` a YAML
file gives, for a ``.json`` card list, so every value's Problem names its file, line and
column.

The standard library's :func:`json.loads` parses the text (and names the line and column
of a syntax error); it keeps no positions, so :func:`_Places` then walks the text once
more, token by token in the order the parser read it, and records where each value and
each object key starts as a :data:`~cardforge.loading.document.SourceTree`. The walk needs
no grammar checks of its own: the text is known to be valid JSON when it runs.

Why not a library: json-source-map (PyPI) computes the same map but parses the text a
second time character by character in Python, has had no release since 2022, and gives
0-based positions in its own shape; the walk here is ~60 lines on top of the standard parser.

Files are untrusted (docs/security.md): read through :mod:`cardforge.boundary.trust` with the
YAML card files' limits (``MAX_BYTES["yaml"]``, :data:`~cardforge.boundary.trust.MAX_YAML_NODES`
values, :data:`~cardforge.boundary.trust.MAX_YAML_DEPTH` levels); ``NaN`` and ``Infinity``
(which Python's parser accepts and JSON does not) and repeated keys are CF001/CF002 Problems.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.loading.document import Document, SourceTree
from cardforge.loading.yaml_walk import DUPLICATE_KEY, YAML_SYNTAX, LoadError
from cardforge.problem import Location, Problem

_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SCALAR = re.compile(r"[^ \t\n\r,\]}]+")


class _NotJson(ValueError):
    """A constant JSON does not have (``NaN``, ``Infinity``)."""


def _no_constant(name: str) -> Any:
    raise _NotJson(name)


def load_json(path: Path) -> Document:
    """The JSON file ``path`` as a Document with its source tree (lines and columns
    1-based, in characters). Raises :class:`LoadError` with a CF001 Problem at the place of
    a syntax error, a ``NaN``/``Infinity``, a nesting deeper than ``MAX_YAML_DEPTH`` or a
    value past ``MAX_YAML_NODES``, or for a file the trust boundary refuses; CF002 at a key
    repeated in one object."""
    try:
        text = trust.decode(trust.read_bytes(path, "yaml"), path)
    except trust.Refused as refused:
        raise LoadError([refused.problem(YAML_SYNTAX)]) from None
    return parse_json(text, path)


def parse_json(text: str, path: Path) -> Document:
    """JSON ``text`` (read from ``path``) as a Document (see :func:`load_json`)."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _error(path, exc.lineno, exc.colno, f"not valid JSON: {exc.msg}",
                     "check the brackets, commas and quotes around here") from None
    except _NotJson as exc:
        places = _Places(text, path)
        at = text.find(str(exc))
        raise _error(path, *places.place(max(at, 0)), f"{exc} is not a JSON value",
                     "write a number, or a text in quotes") from None
    except RecursionError:
        raise _error(path, 1, 1, f"values nest more than {trust.MAX_YAML_DEPTH} levels deep",
                     "flatten the structure; card data nests a few levels") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python reads
        raise _error(path, 1, 1, f"not valid JSON: {exc}", "check the file's numbers") from None
    places = _Places(text, path)
    tree = places.tree(_SPACE.match(text, 0).end(), 0) if text.strip() else None
    if places.problems:
        raise LoadError(places.problems)
    return Document(path=path, data=data, tree=tree, lines=text.splitlines())


class _Places:
    """Where each value of valid JSON ``text`` starts, walked in the parser's order."""

    def __init__(self, text: str, path: Path) -> None:
        self.text, self.path = text, path
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.count = 0
        self.problems: list[Problem] = []

    def place(self, offset: int) -> tuple[int, int]:
        """(line, column) of character ``offset``, both 1-based."""
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def _skip(self, offset: int) -> int:
        return _SPACE.match(self.text, offset).end()  # type: ignore[union-attr]

    def tree(self, at: int, depth: int) -> SourceTree:
        """The source tree of the value starting at offset ``at`` (no space before it);
        sets :attr:`end` past it."""
        text = self.text
        line, col = self.place(at)
        self.count += 1
        if self.count > trust.MAX_YAML_NODES or depth > trust.MAX_YAML_DEPTH:
            deep = depth > trust.MAX_YAML_DEPTH
            what = (f"values nest more than {trust.MAX_YAML_DEPTH} levels deep" if deep
                    else f"the file holds more than {trust.MAX_YAML_NODES:,} values")
            raise _error(self.path, line, col, what, "split the file; card data nests a few levels")
        first = text[at]
        if first == '"':
            self.end = _STRING.match(text, at).end()  # type: ignore[union-attr]
            return [line, col, 1]
        if first not in "[{":
            self.end = _SCALAR.match(text, at).end()  # type: ignore[union-attr]
            return [line, col]
        close = "]" if first == "[" else "}"
        items: list[SourceTree] = []
        entries: dict[str, list[Any]] = {}
        offset = self._skip(at + 1)
        while text[offset] != close:
            if first == "{":
                key_match = _STRING.match(text, offset)
                key = json.loads(key_match.group())  # type: ignore[union-attr]
                key_place = self.place(offset)
                offset = self._skip(self._skip(key_match.end()) + 1)  # type: ignore[union-attr]
                value = self.tree(offset, depth + 1)
                if key in entries:
                    self.problems.append(Problem(Location(self.path, *key_place), DUPLICATE_KEY,
                                                 f"key {key!r} appears twice in this object",
                                                 hint="keep one; JSON readers disagree on which wins"))
                entries[key] = [*key_place, value]
            else:
                items.append(self.tree(offset, depth + 1))
            offset = self._skip(self.end)
            if text[offset] == ",":
                offset = self._skip(offset + 1)
        self.end = offset + 1
        return [line, col, entries if first == "{" else items]


def _error(path: Path, line: int, col: int, message: str, hint: str) -> LoadError:
    return LoadError([Problem(Location(path, line, col), YAML_SYNTAX, message, hint=hint)])
