"""One spreadsheet cell: its A1 name, and what its text means as card data.

Text cells of a CSV file and the items of a list cell (``marks[]``) are read by one rule
(docs/spreadsheets.md): a whole number is an integer (``1``, never ``1.0``; ``007`` stays
text, since a leading zero is part of a code), a decimal number is a float, ``true`` and
``false`` in any case are booleans (spaces around a number or a boolean do not count), a
cell starting with an apostrophe is the text after it (``'12`` is the text ``12``), and
anything else is text as written: ``3-4`` is never a date. A cell holding a
spreadsheet's error value (``#REF!``, ``#DIV/0!``…) is an error at that cell.
:func:`text_cell` is the inverse, for writing; it also puts the apostrophe before text
that starts like a formula (:data:`FORMULA_LEADS`), so a spreadsheet opening the CSV never
runs it, and cardforge reads the same text back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

LIST_SEPARATOR = "|"
"""Between the items of a list cell (a header ending in ``[]``)."""

ESCAPE = "'"
"""A cell's first character that makes the rest text, as in spreadsheets."""

FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet take a CSV cell for a formula (CSV injection:
``=HYPERLINK(…)``, ``+cmd|…``, ``@SUM(…)``); a tab or carriage return is trimmed first."""

ERROR_VALUES = frozenset(("#REF!", "#VALUE!", "#DIV/0!", "#N/A", "#NAME?", "#NUM!", "#NULL!",
                          "#SPILL!", "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#UNKNOWN!"))
"""Error values spreadsheets show for a formula that failed (Excel, LibreOffice, Google Sheets)."""

_LIBREOFFICE_ERROR = re.compile(r"Err:\d{3}")
_INTEGER = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)?\.[0-9]+([eE][-+]?[0-9]+)?|[-+]?(0|[1-9][0-9]*)[eE][-+]?[0-9]+")
_BOOLEANS = {"true": True, "false": False}
_MAX_INT = 2 ** 63


@dataclass(frozen=True)
class BadCell:
    """A cell that cannot become card data: ``reason`` says why, ``hint`` how to fix it
    (an error value, a date)."""

    reason: str
    hint: str


def column_name(col: int) -> str:
    """Spreadsheet letters of 1-based column ``col``: 1 → ``A``, 27 → ``AA``."""
    letters = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def a1(row: int, col: int) -> str:
    """The A1 name of the cell at 1-based ``row`` and ``col`` (``C7``)."""
    return f"{column_name(col)}{row}"


def error_value(text: str) -> BadCell | None:
    """A :class:`BadCell` when ``text`` is a spreadsheet error value, else None."""
    if text in ERROR_VALUES or _LIBREOFFICE_ERROR.fullmatch(text):
        return BadCell(f"the cell holds the error value {text} (a formula that failed)",
                       "fix the formula, or type the value itself")
    return None


def read_text(text: str) -> Any:
    """The value of a CSV cell or list item ``text`` (not empty): int, float, bool or
    text by the module's rule, or a :class:`BadCell` for an error value. Spaces around a
    number, a boolean or an error value do not make it text."""
    stripped = text.strip()
    if stripped != text:
        value = read_text(stripped) if stripped else text
        return text if isinstance(value, str) else value
    if text.startswith(ESCAPE):
        return text[1:]
    if _INTEGER.fullmatch(text):
        number = int(text)
        return number if -_MAX_INT <= number < _MAX_INT else text
    if _DECIMAL.fullmatch(text):
        return float(text)
    flag = _BOOLEANS.get(text.lower())
    if flag is not None:
        return flag
    return error_value(text) or text


def text_cell(value: Any) -> str:
    """The text a CSV cell or list item is written as so that :func:`read_text` gives
    ``value`` back: an apostrophe before text that would read as something else (a
    number, a boolean, an error value, the empty text, a leading apostrophe) or that
    starts like a formula (:data:`FORMULA_LEADS`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    read = read_text(text) if text else None
    plain = isinstance(read, str) and read == text and not text.startswith(FORMULA_LEADS)
    return text if plain else ESCAPE + text


def formula_safe(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet takes for a formula: with an apostrophe before
    it when it starts with one of :data:`FORMULA_LEADS` and is not a number (``-0.5``
    stays). For CSV that cardforge writes for people (``stats --csv``), not to read back."""
    if text.startswith(FORMULA_LEADS) and not (_INTEGER.fullmatch(text) or _DECIMAL.fullmatch(text)):
        return ESCAPE + text
    return text
