"""Document: one loaded YAML file's plain data and its source map (where every key and value
was written), so any stage can point a Problem at a line and column.

Made by :mod:`cardforge.loading.yaml_source` (which re-exports it); filled in by
:mod:`cardforge.loading.yaml_walk`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.problem import Location

Pointer = tuple[str | int, ...]
"""Where a value sits in a document: mapping keys and list indexes from the top, like a
JSON Pointer."""

SourceTree = list[Any]
"""Where one value of a YAML document was written, and its parts (plain lists and dicts,
so the tree can be stored as JSON): ``[line, col]`` for a scalar (``[line, col, 1]`` when it
is written in single-line quotes: its text starts one column later), ``[line, col,
[item, ...]]`` for a sequence (one tree per item, in order) and ``[line, col, {key:
[key_line, key_col, value_tree]}]`` for a mapping. Lines and columns are 1-based."""


@dataclass
class Document:
    """One loaded YAML file: plain ``data`` plus where each part of it came from.

    A YAML file's source map is ``tree`` (a :data:`SourceTree` mirroring ``data``, made by
    :mod:`cardforge.loading.yaml_walk`): finding a place walks it along the pointer, a few steps,
    and no map of every pointer is built. A document made another way (a spreadsheet deck)
    leaves ``tree`` None and fills the flat maps instead: ``values[pointer]`` is the
    (1-based line, column) of the value at ``pointer``, ``keys[pointer]`` that of the
    mapping key that introduces it, and ``quoted`` holds the pointers of scalars written in
    single-line quotes. Locations are made only when asked.

    ``plain_json`` is True when ``data`` is known to be plain JSON as
    :func:`cardforge.validation.fast_schema.plain_json` means it (text keys; text, 64-bit integers,
    booleans, null and finite numbers): the YAML loader knows it from parsing, so
    validation need not walk the data again to find out.

    ``tree_json`` is the source tree still as JSON text (UTF-8), as the parse cache
    (:mod:`cardforge.loading.parse_cache`) reads it back: decoded on the first place asked for
    (:meth:`source_tree`). Decoding it costs several times what the data does, and a clean
    lint asks for no place at all.
    """

    path: Path
    data: Any
    values: dict[Pointer, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Pointer, tuple[int, int]] = field(default_factory=dict)
    quoted: set[Pointer] = field(default_factory=set)
    lines: list[str] = field(default_factory=list, repr=False)
    tree: SourceTree | None = field(default=None, repr=False)
    plain_json: bool = False
    tree_json: bytes | None = field(default=None, repr=False)

    def source_tree(self) -> SourceTree | None:
        """:attr:`tree`, decoded from :attr:`tree_json` on first use; None for a document
        with flat maps (a spreadsheet deck) or none at all (an empty file). A tree that does
        not decode (it was signed as written, so only a nesting deeper than the stack left
        allows) places everything at the file's start rather than fail a report."""
        pending = self.tree_json
        if self.tree is None and pending is not None:
            try:
                self.tree = json.loads(pending)
            except (ValueError, RecursionError):
                self.tree = [1, 1]
            self.tree_json = None  # after the tree is set: another thread then finds it
        return self.tree

    def _walk(self, pointer: Pointer) -> tuple[SourceTree, list[Any] | None, bool]:
        """The tree of the value at ``pointer`` or of its nearest ancestor there is, the
        ``[key_line, key_col, tree]`` entry of the last key walked (None at the top or after
        a list index), and whether the whole pointer was found."""
        node: SourceTree = self.source_tree()  # type: ignore[assignment]
        entry: list[Any] | None = None
        for part in pointer:
            parts = node[2] if len(node) > 2 else None
            if type(parts) is dict:
                entry = parts.get(part)
                if entry is None:
                    return node, None, False
                node = entry[2]
            elif type(parts) is list and type(part) is int and 0 <= part < len(parts):
                entry, node = None, parts[part]
            else:
                return node, None, False
        return node, entry, True

    def _value_at(self, pointer: Pointer) -> tuple[int, int]:
        if self.source_tree() is not None:
            node = self._walk(pointer)[0]
            return node[0], node[1]
        p = pointer
        while p not in self.values and p:
            p = p[:-1]
        return self.values.get(p, (1, 1))

    def _is_quoted(self, pointer: Pointer) -> bool:
        if self.source_tree() is not None:
            node, _, found = self._walk(pointer)
            return found and len(node) > 2 and node[2] == 1
        return pointer in self.quoted

    def locate(self, *pointer: str | int) -> Location:
        """Location of the value at ``pointer``, or of its nearest ancestor that exists."""
        return Location(self.path, *self._value_at(pointer))

    def locate_key(self, *pointer: str | int) -> Location:
        """Location of the key naming ``pointer`` (falls back to :meth:`locate`)."""
        if self.source_tree() is not None:
            _, entry, found = self._walk(pointer)
            if found and entry is not None:
                return Location(self.path, entry[0], entry[1])
        elif pointer in self.keys:
            return Location(self.path, *self.keys[pointer])
        return self.locate(*pointer)

    def locate_in_scalar(self, offset: int, *pointer: str | int) -> Location:
        """Location of character ``offset`` (0-based) inside the single-line scalar at ``pointer``."""
        start = self.locate(*pointer)
        return start.shifted(offset + (1 if self._is_quoted(pointer) else 0))

    def locate_text(self, value: str, offset: int, needle: str, *pointer: str | int) -> Location:
        """Location of ``needle``, found at ``offset`` of the string ``value`` stored at ``pointer``.

        Works for single-line scalars exactly and for block scalars (``|``, ``>``) by finding
        the needle on the source line the offset falls on; falls back to the scalar's start.
        """
        start = self.locate(*pointer)
        if "\n" not in value and start.line <= len(self.lines):
            source = self.lines[start.line - 1]
            guess = start.col - 1 + offset + (1 if self._is_quoted(pointer) else 0)
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


