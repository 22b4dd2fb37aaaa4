"""Problems in a sheet, said in spreadsheet terms.

A Problem's location in a sheet is first its cell's ``row`` and ``col``; this adds the
cell as a spreadsheet names it to the message (``monsters.xlsx Monsters!C7: …``) and to
the Problem's ``cell``, moves a CSV file's Problems to the cell's physical line and
character column (a quoted cell may span lines: what the text, GitHub and SARIF reports
print is where an editor finds it), and turns the unknown-field Problems (CF004) one
misspelt header causes on every row into one Problem at the header cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from cardforge.loading.document import Document
from cardforge.problem import Location, Problem
from cardforge.spreadsheet.cells import a1, column_name
from cardforge.spreadsheet.csv_lines import CsvPlaces
from cardforge.spreadsheet.sheet_deck import SheetDocument

UNKNOWN_FIELD = "CF004"
_CARD_POINTER = re.compile(r"^cards/[0-9]+(/|: )")
_UNKNOWN = re.compile(r"unknown field '([^']+)'")
_SUGGESTED = re.compile(r"did you mean '([^']+)'\?")


def in_cell_terms(problem: Problem, sheet: str, places: CsvPlaces | None = None) -> Problem:
    """``problem`` (at a row and column of a sheet named ``sheet``) with its cell named at
    the start of its message and in its ``cell``, and, for a CSV file (``places``), located
    at the cell's physical line and character column; unchanged when its ``cell`` is set."""
    if problem.cell is not None:
        return problem
    name = f"{sheet}!{a1(problem.line, problem.col)}"
    cell = f"{problem.path.name} {name}"
    message = problem.message
    if not message.startswith(cell):
        message = f"{cell}: {_CARD_POINTER.sub('', message, count=1)}"  # the cell says which card
    location = problem.location
    if places is not None:
        location = Location(location.path, *places.place(location.line, location.col))
        message = _physical_references(message, problem.path.name, places)
    return replace(problem, message=message, cell=name, location=location)


def _physical_references(message: str, file: str, places: CsvPlaces) -> str:
    """``message`` with each ``<file>:<row>`` it names (a rule's "already used at
    monsters.csv:12") at the row's physical line instead."""
    pattern = re.compile(rf"(?<![\w.-]){re.escape(file)}:([0-9]+)\b")
    return pattern.sub(lambda m: f"{file}:{places.place(int(m[1]), 1)[0]}", message)


def in_sheet_terms(problems: Iterable[Problem], documents: Iterable[Document]) -> list[Problem]:
    """``problems`` with those in one of ``documents``' sheets (a
    :class:`~cardforge.spreadsheet.sheet_deck.SheetDocument`; other documents are passed over)
    named in cell terms, and each header's CF004s merged into one at the header cell."""
    sheets = {doc.path: doc for doc in documents if isinstance(doc, SheetDocument)}
    if not sheets:
        return list(problems)
    out: list[Problem] = []
    unknown: dict[tuple[Path, int], list[Problem]] = {}
    for problem in problems:
        doc = sheets.get(problem.path)
        if doc is None or problem.cell is not None:
            out.append(problem)
        elif problem.code == UNKNOWN_FIELD and problem.col in doc.headers and problem.line > doc.header_row:
            unknown.setdefault((problem.path, problem.col), []).append(problem)
        else:
            out.append(in_cell_terms(problem, doc.sheet, doc.places))
    for (path, col), found in unknown.items():
        doc = sheets[path]
        rows = sorted({p.line for p in found})
        shown = ", ".join(map(str, rows[:5])) + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
        first = found[0]
        header = Problem(Location(path, doc.header_row, col), first.code,
                         f"unknown field {doc.headers[col]!r} (header of column {column_name(col)}, "
                         f"filled on row{'s' if len(rows) > 1 else ''} {shown})", first.severity, None,
                         _header_hint(first, doc.headers[col]))
        out.append(in_cell_terms(header, doc.sheet, doc.places))
    return out


def _header_hint(problem: Problem, header: str) -> str | None:
    """The CF004 hint "did you mean 'name'?" said of the whole header: 'name.en'."""
    key = _UNKNOWN.search(problem.message)
    close = _SUGGESTED.fullmatch(problem.hint or "")
    if key is None or close is None:
        return problem.hint
    parts = header.removesuffix("[]").split(".")
    if key[1] not in parts:
        return problem.hint
    parts[parts.index(key[1])] = close[1]
    return f"did you mean '{'.'.join(parts)}{'[]' if header.endswith('[]') else ''}'?"
