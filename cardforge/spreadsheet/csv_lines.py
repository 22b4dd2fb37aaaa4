"""Where a CSV cell stands in the file: row and column (what a spreadsheet shows) to
physical line and character column (what an editor, GitHub and SARIF show), and back.

A quoted cell may hold line breaks, so after one the row number and the line number part:
row 47 may start on line 92. :class:`CsvPlaces` keeps the line each row starts on, read
off ``csv.reader``'s ``line_num`` while the file is read, and finds a cell's first
character by walking that row's text the way the reader does (a delimiter outside quotes
ends a cell, ``""`` inside quotes is a quote) only when a Problem needs it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass
class CsvPlaces:
    """The places of one CSV text's cells: ``text`` as read, its ``delimiter``, and
    ``starts[r]``, the 1-based physical line row ``r + 1`` starts on."""

    text: str
    delimiter: str
    starts: list[int] = field(default_factory=list)
    _offsets: list[int] | None = None

    def place(self, row: int, col: int) -> tuple[int, int]:
        """The 1-based (line, character column) of the first character of the cell at
        1-based ``row`` and ``col`` (its opening quote, if quoted); past the end of its row,
        where the row ends; (row, col) itself for a row the file does not have."""
        if not 1 <= row <= len(self.starts):
            return row, col
        found = (row, col)
        for number, line, char in self._cells(row):
            found = (line, char)
            if number == col:
                break
        return found

    def cell(self, line: int, char: int) -> tuple[int, int]:
        """The 1-based (row, col) of the cell holding physical ``line`` and character
        column ``char``: the last cell starting at or before it."""
        row = bisect_right(self.starts, line)
        if row == 0:
            return 1, 1
        found = (row, 1)
        for number, at_line, at_char in self._cells(row):
            if (at_line, at_char) > (line, char):
                break
            found = (row, number)
        return found

    def _cells(self, row: int) -> Iterator[tuple[int, int, int]]:
        """(col, line, char) of each cell of 1-based ``row``, in order."""
        offsets = self._line_offsets()
        line = self.starts[row - 1]
        if line > len(offsets):
            return
        start = offsets[line - 1]
        text = self.text
        stop = len(text)
        col, quoted, i = 1, False, start
        yield col, line, 1
        while i < stop:
            ch = text[i]
            if quoted:
                if ch == '"':
                    if i + 1 < stop and text[i + 1] == '"':
                        i += 1
                    else:
                        quoted = False
            elif ch == '"':
                quoted = True
            elif ch == self.delimiter:
                col += 1
                here = bisect_right(offsets, i + 1)
                yield col, here, i + 2 - offsets[here - 1]
            elif ch in "\r\n":
                return
            i += 1

    def _line_offsets(self) -> list[int]:
        """The character offset each physical line starts at (``\\r\\n``, ``\\n`` and a lone
        ``\\r`` end a line, as for the reader)."""
        if self._offsets is None:
            self._offsets = [0, *(m.end() for m in _LINE_END.finditer(self.text))]
        return self._offsets
