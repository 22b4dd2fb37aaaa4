"""Document: one loaded YAML file's plain data and its source map (where every key and value
was written), so any stage can point a Problem at a line and column.

Made by :mod:`cardforge.source` (which re-exports it); filled in by
:mod:`cardforge.yaml_walk`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.problem import Location

Pointer = tuple[str | int, ...]
"""Where a value sits in a document: mapping keys and list indexes from the top, like a
JSON Pointer."""


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


