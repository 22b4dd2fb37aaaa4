"""Writing a deck file's data as a sheet (``cardforge convert``): CSV text or XLSX bytes.

The inverse of :mod:`cardforge.spreadsheet.sheet_deck`: row 1 declares the deck, row 2 holds
the headers, each later row one card. Nested fields become dotted headers; a list of
plain values becomes one ``[]`` column when every item can be written between
separators, else one column per position (``abilities.1.kind``); columns follow the order
fields first appear in, a group's columns side by side. Text that would read back as
something else gets the apostrophe escape in CSV (:func:`cardforge.spreadsheet.cells.text_cell`),
and so does text that starts like a formula (``=``, ``+``, ``-``, ``@``): a spreadsheet
opening the CSV shows it as text instead of running it; a ``[]`` cell whose first item is a
number starting so (``-2``) gets a column per position instead. XLSX cells are typed: text
as text, numbers as numbers, booleans as booleans (written with XlsxWriter, which writes
text as a text cell, never as a formula).

What a sheet cannot hold raises :class:`NotTabular` with the pointer of the value: a null,
an empty list or mapping, a date, a mapping key that is a number or holds a dot, a field
name or deck id that starts like a formula (headers are not escaped). The
caller reads the written sheet back and compares (:func:`cardforge.spreadsheet.sheet_deck`), so a
conversion is exact or refused.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from cardforge.loading.deck_notes import is_note
from cardforge.loading.document import Pointer
from cardforge.spreadsheet.cells import FORMULA_LEADS, LIST_SEPARATOR, read_text, text_cell
from cardforge.spreadsheet.sheet_deck import DECK_CELL
from cardforge.spreadsheet.sheet_headers import LIST_SUFFIX

_SCALARS = (str, int, float, bool)
_ILLEGAL_SHEET_CHARS = str.maketrans({c: "-" for c in "[]:*?/\\"})


class NotTabular(Exception):
    """A value a sheet cannot hold: ``pointer`` into the deck file's data and ``reason``."""

    def __init__(self, pointer: Pointer, reason: str) -> None:
        super().__init__(f"{'/'.join(map(str, pointer))}: {reason}")
        self.pointer, self.reason = pointer, reason


@dataclass
class Table:
    """A deck as rows: ``deck`` id, ``headers`` in column order, and per card the value of
    each header it fills (a list for a ``[]`` header)."""

    deck: str
    headers: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)


def table(data: Any) -> Table:
    """The :class:`Table` of a deck file's data (``{"deck": id, "cards": [...]}``).
    Raises :class:`NotTabular`."""
    if not isinstance(data, dict) or set(data) - {"deck", "cards"} or not isinstance(data.get("deck"), str):
        extra = sorted(map(str, set(data) - {"deck", "cards"})) if isinstance(data, dict) else []
        raise NotTabular(tuple(extra[:1]), "only a deck file (`deck:` and `cards:`) becomes a sheet")
    if data["deck"].startswith(FORMULA_LEADS):
        raise NotTabular(("deck",), f"the deck id {data['deck']!r} starts like a formula")
    cards = data.get("cards") or []
    if not isinstance(cards, list):
        raise NotTabular(("cards",), "`cards:` is not a list")
    indexed: set[tuple[Any, ...]] = set()
    for number, card in enumerate(cards):
        _find_indexed(card, ("cards", number), (), indexed)
    order: dict[str, None] = {}
    tree: dict[Any, Any] = {}
    out = Table(deck=data["deck"])
    for number, card in enumerate(cards):
        if not isinstance(card, dict):
            raise NotTabular(("cards", number), "a card is a mapping of fields")
        row: dict[str, Any] = {}
        _flatten(card, ("cards", number), (), indexed, row, tree)
        out.rows.append(row)
    _columns(tree, (), order)
    out.headers = list(order)
    return out


def _separable(items: list[Any]) -> bool:
    """Whether a list of plain values can be written in one ``[]`` cell and read back."""
    for item in items:
        text = text_cell(item)
        if LIST_SEPARATOR in text or text != text.strip() or not text or read_text(text) != item \
                or type(read_text(text)) is not type(item):
            return False
    return bool(items) and not text_cell(items[0]).startswith(FORMULA_LEADS)


def _find_indexed(value: Any, pointer: Pointer, path: tuple[Any, ...], indexed: set[tuple[Any, ...]]) -> None:
    """Add to ``indexed`` the paths of lists that need a column per position."""
    if isinstance(value, dict):
        for key, child in value.items():
            _find_indexed(child, (*pointer, key), (*path, key), indexed)
    elif isinstance(value, list):
        if not all(isinstance(item, _SCALARS) for item in value) or not _separable(value):
            indexed.add(path)
        for number, item in enumerate(value):
            _find_indexed(item, (*pointer, number), (*path, number), indexed)


def _flatten(value: Any, pointer: Pointer, path: tuple[Any, ...], indexed: set[tuple[Any, ...]],
             row: dict[str, Any], tree: dict[Any, Any]) -> None:
    if isinstance(value, dict):
        if not value:
            raise NotTabular(pointer, "an empty mapping has no cell")
        for key, child in value.items():
            if not path and is_note(key) and isinstance(child, _SCALARS):
                tree.setdefault(key, {}).setdefault(None, {})  # a notes column: one cell
                row[key] = child
                continue
            if not isinstance(key, str) or not key or "." in key or key.isdigit() \
                    or key.endswith(LIST_SUFFIX) or key != key.strip() or key.startswith(FORMULA_LEADS):
                raise NotTabular((*pointer, key), f"the field name {key!r} cannot be a header part")
            _flatten(child, (*pointer, key), (*path, key), indexed, row, tree.setdefault(key, {}))
    elif isinstance(value, list):
        if not value:
            raise NotTabular(pointer, "an empty list has no cell; leave the field out")
        if path in indexed:
            for number, item in enumerate(value):
                _flatten(item, (*pointer, number), (*path, number), indexed, row,
                         tree.setdefault(number, {}))
        else:
            tree.setdefault(LIST_SUFFIX, {})
            row[_header(path) + LIST_SUFFIX] = value
    elif isinstance(value, _SCALARS):
        tree.setdefault(None, {})
        row[_header(path)] = value
    else:
        raise NotTabular(pointer, f"a sheet cell cannot hold {type(value).__name__} "
                         f"{'null' if value is None else value!r}")


def _header(path: tuple[Any, ...]) -> str:
    return ".".join(str(p + 1) if isinstance(p, int) else p for p in path)


def _columns(tree: dict[Any, Any], path: tuple[Any, ...], order: dict[str, None]) -> None:
    """The headers under ``tree`` in first-seen order, each group's together."""
    for key, child in tree.items():
        if key is None:
            order[_header(path)] = None
        elif key == LIST_SUFFIX:
            order[_header(path) + LIST_SUFFIX] = None
        else:
            _columns(child, (*path, key), order)


def _cell_text(value: Any) -> str:
    if isinstance(value, list):
        return LIST_SEPARATOR.join(text_cell(item) for item in value)
    return text_cell(value)


def to_csv(found: Table) -> bytes:
    """``found`` as CSV (UTF-8, commas, CRLF line ends as spreadsheets write them)."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow([DECK_CELL, found.deck])
    writer.writerow(found.headers)
    for row in found.rows:
        writer.writerow(["" if h not in row else _cell_text(row[h]) for h in found.headers])
    return buffer.getvalue().encode("utf-8")


def to_xlsx(found: Table) -> bytes:
    """``found`` as an XLSX workbook of one sheet named after the deck, the header row
    frozen; cells typed (text, number, boolean)."""
    import xlsxwriter

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_numbers": False,
                                        "strings_to_formulas": False, "strings_to_urls": False})
    sheet = book.add_worksheet(found.deck.translate(_ILLEGAL_SHEET_CHARS)[:31] or "deck")
    bold = book.add_format({"bold": True})
    sheet.write_string(0, 0, DECK_CELL, bold)
    sheet.write_string(0, 1, found.deck)
    for col, header in enumerate(found.headers):
        sheet.write_string(1, col, header, bold)
        sheet.set_column(col, col, min(40, max(8, len(header) + 2)))
    sheet.freeze_panes(2, 1)
    for number, row in enumerate(found.rows, start=2):
        for col, header in enumerate(found.headers):
            if header in row:
                _write_cell(sheet, number, col, row[header])
    book.close()
    return buffer.getvalue()


def _write_cell(sheet: Any, row: int, col: int, value: Any) -> None:
    if isinstance(value, list):
        sheet.write_string(row, col, _cell_text(value))
    elif isinstance(value, bool):
        sheet.write_boolean(row, col, value)
    elif isinstance(value, (int, float)):
        sheet.write_number(row, col, value)
    else:
        sheet.write_string(row, col, value)
