"""YAML loading with a source map: every key and list item knows its file, line and column.

PyYAML's composer gives nodes with marks; we walk the node tree ourselves so that
(1) each value and each key gets a :class:`Location`, addressed by a *pointer* (a tuple of
mapping keys and list indexes, like a JSON Pointer), and (2) duplicate keys, which PyYAML
silently resolves to the last one, become Problems (code CF002). Syntax errors become a
Problem with code CF001 at the parser's mark. Only the safe YAML subset is constructed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardforge.problem import Location, Problem

try:  # the C parser is ~10x faster; the pure-Python one behaves the same
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

Pointer = tuple[str | int, ...]

YAML_SYNTAX = "CF001"
DUPLICATE_KEY = "CF002"
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class LoadError(Exception):
    """A file could not be loaded; ``problems`` say where and why (CF001 / CF002)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.location}: {p.message}" for p in problems))
        self.problems = problems


@dataclass
class Document:
    """One loaded YAML file: plain ``data`` plus where each part of it came from.

    ``values[pointer]`` is the (1-based line, column) of the value at ``pointer``;
    ``keys[pointer]`` that of the mapping key that introduces it (plain tuples, made into
    Locations by :meth:`locate` and :meth:`locate_key` only when asked, since a large file
    has hundreds of thousands); ``quoted`` holds the pointers of scalars written in
    single-line quotes (their text starts one column after the value's mark).
    """

    path: Path
    data: Any
    values: dict[Pointer, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Pointer, tuple[int, int]] = field(default_factory=dict)
    quoted: set[Pointer] = field(default_factory=set)
    lines: list[str] = field(default_factory=list, repr=False)

    def locate(self, *pointer: str | int) -> Location:
        """Location of the value at ``pointer``, or of its nearest ancestor that exists."""
        p: Pointer = tuple(pointer)
        while p not in self.values and p:
            p = p[:-1]
        return Location(self.path, *self.values.get(p, (1, 1)))

    def locate_key(self, *pointer: str | int) -> Location:
        """Location of the key naming ``pointer`` (falls back to :meth:`locate`)."""
        p: Pointer = tuple(pointer)
        if p in self.keys:
            return Location(self.path, *self.keys[p])
        return self.locate(*p)

    def locate_in_scalar(self, offset: int, *pointer: str | int) -> Location:
        """Location of character ``offset`` (0-based) inside the single-line scalar at ``pointer``."""
        start = self.locate(*pointer)
        return start.shifted(offset + (1 if tuple(pointer) in self.quoted else 0))

    def locate_text(self, value: str, offset: int, needle: str, *pointer: str | int) -> Location:
        """Location of ``needle``, found at ``offset`` of the string ``value`` stored at ``pointer``.

        Works for single-line scalars exactly and for block scalars (``|``, ``>``) by finding
        the needle on the source line the offset falls on; falls back to the scalar's start.
        """
        start = self.locate(*pointer)
        if "\n" not in value and start.line <= len(self.lines):
            source = self.lines[start.line - 1]
            guess = start.col - 1 + offset + (1 if tuple(pointer) in self.quoted else 0)
            if source[guess:guess + len(needle)] == needle:
                return Location(self.path, start.line, guess + 1)
        nth = value[:offset].count(needle)  # which occurrence we want
        seen = 0
        for number in range(start.line, len(self.lines) + 1):
            column = -1
            while True:
                column = self.lines[number - 1].find(needle, column + 1)
                if column < 0 or (number == start.line and column < start.col - 1):
                    if column < 0:
                        break
                    continue
                if seen == nth:
                    return Location(self.path, number, column + 1)
                seen += 1
        return start


def _loc(path: Path, mark: yaml.Mark) -> Location:
    return Location(path, mark.line + 1, mark.column + 1)


_STR = "tag:yaml.org,2002:str"
_SCALARS = frozenset(f"tag:yaml.org,2002:{name}"
                     for name in ("null", "bool", "int", "float", "timestamp", "binary"))
"""Scalar tags whose value is immutable and depends on the scalar's text alone."""


class _Walker:
    """Turns a composed node tree into plain data, filling a Document's maps."""

    def __init__(self, doc: Document, loader: Any) -> None:
        self.doc = doc
        self.loader = loader
        self.problems: list[Problem] = []
        self._constructed: dict[tuple[str, str], Any] = {}  # (tag, text) → value

    def build(self, node: yaml.Node, pointer: Pointer, depth: int = 0) -> Any:
        """Plain data for ``node`` at ``pointer``, recording locations. Raises LoadError."""
        mark = node.start_mark
        self.doc.values[pointer] = (mark.line + 1, mark.column + 1)
        if depth > 200:
            raise LoadError([Problem(self.doc.locate(*pointer), YAML_SYNTAX,
                                     "YAML nests too deeply (recursive alias?)")])
        if isinstance(node, yaml.ScalarNode):
            if node.style in ("'", '"') and mark.line == node.end_mark.line:
                self.doc.quoted.add(pointer)
            return self._scalar(node)
        if node.tag not in _PLAIN_TAGS:
            raise LoadError([Problem(self.doc.locate(*pointer), YAML_SYNTAX,
                                     f"YAML tag {node.tag!r} is not allowed",
                                     hint="card data is plain YAML: remove the !! tag")])
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, pointer, depth)
        return [self.build(item, (*pointer, i), depth + 1) for i, item in enumerate(node.value)]

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        """A scalar's value as PyYAML's safe constructor makes it, each distinct (tag, text)
        constructed once; other tags go to the constructor (which refuses unknown ones)."""
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag not in _SCALARS:
            return self.loader.construct_object(node, deep=True)
        memo = (tag, node.value)
        if memo not in self._constructed:
            self._constructed[memo] = self.loader.construct_object(node, deep=True)
        return self._constructed[memo]

    def _mapping(self, node: yaml.MappingNode, pointer: Pointer, depth: int) -> dict[Any, Any]:
        self.loader.flatten_mapping(node)  # resolves YAML merge keys (<<)
        out: dict[Any, Any] = {}
        first_seen: dict[Any, int] = {}  # key → its line
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key = self._scalar(key_node)
            else:
                key = self.loader.construct_object(key_node, deep=True)
            mark = key_node.start_mark
            key_at = (mark.line + 1, mark.column + 1)
            try:
                hash(key)
            except TypeError:
                self.problems.append(Problem(Location(self.doc.path, *key_at), YAML_SYNTAX,
                                             "a mapping key must be a scalar",
                                             hint="write keys as plain words, e.g. `name:`"))
                continue
            if key in first_seen:
                self.problems.append(Problem(
                    Location(self.doc.path, *key_at), DUPLICATE_KEY,
                    f"duplicate key {key!r} (first defined at line {first_seen[key]})",
                    hint="YAML keeps only the last value; delete or rename one of them"))
                continue
            first_seen[key] = key_at[0]
            child = (*pointer, key)
            self.doc.keys[child] = key_at
            out[key] = self.build(value_node, child, depth + 1)
        return out


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: building a large file's data and source map
    makes hundreds of thousands of objects that live on, and the collector's passes over
    them took most of the loading time (reference counting still frees the rest)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _walk(loader: Any, doc: Document) -> Any:
    """Compose the document's nodes and turn them into data (None for an empty document),
    filling ``doc``'s maps; the node tree is freed on return. Raises LoadError."""
    node = loader.get_single_node()
    if node is None:
        return None
    walker = _Walker(doc, loader)
    data = walker.build(node, ())
    if walker.problems:
        raise LoadError(walker.problems)
    return data


def loads(text: str, path: Path) -> Document:
    """Parse YAML ``text`` (as if read from ``path``) into a :class:`Document`.

    Raises :class:`LoadError` with CF001 (syntax) or CF002 (duplicate key) Problems.
    An empty file gives ``data = None``.
    """
    doc = Document(path=path, data=None, lines=text.splitlines())
    loader = _Loader(text)
    try:
        with _gc_paused():
            doc.data = _walk(loader, doc)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = _loc(path, mark) if mark else Location(path)
        message = " ".join(str(m) for m in (exc.context, exc.problem) if m) or "invalid YAML"
        if exc.context_mark and mark and exc.context_mark.line != mark.line:
            message += f" (the construct began at line {exc.context_mark.line + 1}, " \
                       f"column {exc.context_mark.column + 1})"
        raise LoadError([Problem(loc, YAML_SYNTAX, f"YAML syntax: {message}",
                                 hint=_syntax_hint(message))]) from None
    except yaml.YAMLError as exc:  # e.g. a character YAML does not allow
        raise LoadError([Problem(Location(path), YAML_SYNTAX, f"YAML: {exc}")]) from None
    finally:
        loader.dispose()
    return doc


def _syntax_hint(message: str) -> str:
    if "tab" in message:
        return "indent with spaces, not tabs"
    if "mapping values are not allowed" in message:
        return "a value containing ': ' must be quoted"
    if "could not find expected ':'" in message:
        return "each line of a mapping needs `key: value`; check the line above"
    return "check the indentation and quoting around this position"


def load_yaml(path: Path) -> Document:
    """Read and parse the YAML file at ``path``; see :func:`loads` for errors.

    Raises :class:`LoadError` (CF001) when the file cannot be read or is not UTF-8.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise LoadError([Problem(Location(path), YAML_SYNTAX,
                                 f"not UTF-8 text (byte {exc.start})",
                                 hint="save the file as UTF-8")]) from None
    except OSError as exc:
        raise LoadError([Problem(Location(path), YAML_SYNTAX,
                                 f"cannot read: {exc.strerror}")]) from None
    return loads(text, path)


def iter_pointers(data: Any, pointer: Pointer = ()) -> Iterator[tuple[Pointer, Any]]:
    """Every (pointer, value) in ``data``, depth first, parents before children."""
    yield pointer, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from iter_pointers(v, (*pointer, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from iter_pointers(v, (*pointer, i))
