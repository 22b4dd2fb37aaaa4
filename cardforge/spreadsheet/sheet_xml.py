"""A workbook's sheet XML read with a pull parser before calamine sees it: the sheet's
extent, refused past the limits, and the cells holding an error value.

calamine builds a sheet as one dense range from its first to its last cell, so a 1.5 KB
XLSX with cells at A1 and XFD1048576 asks it for 17 billion cells (it aborts, with no
file named). This module reads the XML that range would come from, with expat
(:mod:`xml.parsers.expat`, fed in chunks, holding nothing but counters), and refuses a
sheet whose extent passes :data:`~cardforge.boundary.trust.MAX_SHEET_ROWS`,
:data:`~cardforge.boundary.trust.MAX_SHEET_COLUMNS` or :data:`~cardforge.boundary.trust.MAX_SHEET_CELLS`
(rows × columns of that range), or whose XML has more than :func:`max_elements`
cell and row elements, before calamine is asked for it. The error is at the first cell past a limit.

- XLSX: ``<dimension ref="A1:C7">`` and every ``<c>`` (its ``r="C7"``, or the column after
  the previous cell of its ``<row>``); ``t="e"`` marks an error-value cell, which calamine
  reads as empty. The shared strings (``xl/sharedStrings.xml``) are counted too: at most
  :data:`~cardforge.boundary.trust.MAX_SHEET_CELLS` of them.
- ODS (``content.xml``, every table, since calamine reads them all when it opens the file):
  ``table:number-rows-repeated`` and ``table:number-columns-repeated`` count as the rows
  and cells they stand for; a repeated empty row or cell after the last value (what
  LibreOffice writes to the sheet's edge) does not extend the extent.

A document type declaration is refused (no entity can be declared, so none expands: no
"billion laughs"); what a member may unpack to is bounded by
:data:`~cardforge.boundary.trust.MAX_SHEET_UNPACKED`.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from cardforge.boundary import trust
from cardforge.spreadsheet.csv_lines import CsvPlaces

MAX_ELEMENTS_PER_CELL = 4
"""Cell and row elements the XML may have per cell of the extent (cells written twice, rows
without cells)."""

_CHUNK = 1 << 20
_MAX_RELS_BYTES = 16 * trust.MiB
"""workbook.xml and its relationships: a few KiB for a workbook of a few sheets."""
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def max_elements() -> int:
    """Cell and row elements one sheet's XML may have (what calamine keeps one of each
    for): :data:`MAX_ELEMENTS_PER_CELL` per cell of the largest extent allowed."""
    return MAX_ELEMENTS_PER_CELL * trust.MAX_SHEET_CELLS


def _too_many(member: str) -> Unreadable:
    return Unreadable(f"has more than {max_elements():,} cells and rows in {member}",
                      "split the deck into several files")


class Unreadable(Exception):
    """The file is not a sheet cardforge can read: ``reason`` and ``hint``, at 1-based
    ``row`` and ``col`` (a cell), or, with ``places``, at physical line ``row`` and
    character column ``col`` of a CSV text whose cells ``places`` finds."""

    def __init__(self, reason: str, hint: str, row: int = 1, col: int = 1,
                 places: CsvPlaces | None = None) -> None:
        super().__init__(reason)
        self.reason, self.hint, self.row, self.col = reason, hint, row, col
        self.places = places


@dataclass
class Extent:
    """What a sheet's XML holds: the last ``rows`` and ``columns`` (1-based, 0 when empty)
    and the (row, col) of each error-value cell."""

    rows: int = 0
    columns: int = 0
    errors: list[tuple[int, int]] = field(default_factory=list)

    def cover(self, row: int, col: int, where: str) -> None:
        """Take the cell at ``row``, ``col`` in; raise :class:`Unreadable` at it when the
        extent passes a limit. ``where`` names the sheet in the message."""
        rows, columns = max(self.rows, row), max(self.columns, col)
        if rows > trust.MAX_SHEET_ROWS:
            raise Unreadable(f"{where}has a cell in row {row:,}, past the limit of "
                             f"{trust.MAX_SHEET_ROWS:,} rows", "split the deck into several files; "
                             "delete rows after the last card", min(row, 2 ** 31), min(col, 2 ** 31))
        if columns > trust.MAX_SHEET_COLUMNS:
            raise Unreadable(f"{where}has a cell in column {col:,}, past the limit of "
                             f"{trust.MAX_SHEET_COLUMNS:,} columns", "delete the columns after the last "
                             "header", min(row, 2 ** 31), min(col, 2 ** 31))
        if rows * columns > trust.MAX_SHEET_CELLS:
            raise Unreadable(f"{where}spans {rows:,} rows by {columns:,} columns, more than "
                             f"{trust.MAX_SHEET_CELLS:,} cells", "split the deck into several files; "
                             "delete rows and columns outside the cards", row, col)
        self.rows, self.columns = rows, columns


class _Stop(Exception):
    """Raised by a handler to end the parse early (everything needed was read)."""


def parse(archive: zipfile.ZipFile, member: str, start: Callable[[str, dict[str, str]], None],
          end: Callable[[str], None] | None = None, limit: int = trust.MAX_SHEET_UNPACKED,
          namespaces: bool = False) -> None:
    """Feed ``member`` of ``archive`` to expat in chunks, calling ``start(name, attributes)``
    for each element (and ``end(name)`` when given); names are ``uri}local`` when
    ``namespaces``. At most ``limit`` bytes are read. Raises KeyError for a missing member,
    :class:`Unreadable` for XML that is malformed or declares a document type (and
    whatever ``start`` and ``end`` raise)."""
    parser = expat.ParserCreate(namespace_separator="}" if namespaces else None)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def doctype(*_: Any) -> None:
        raise Unreadable(f"has a document type declaration in {member}",
                         "open it in a spreadsheet and save it again")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.StartElementHandler = start
    if end is not None:
        parser.EndElementHandler = end
    try:
        with archive.open(member) as opened:
            left = limit
            while left > 0:
                chunk = opened.read(min(_CHUNK, left))
                if not chunk:
                    break
                left -= len(chunk)
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except _Stop:
        return
    except expat.ExpatError as exc:
        raise Unreadable(f"has XML that does not parse in {member} (line {exc.lineno}: "
                         f"{expat.ErrorString(exc.code)})",
                         "open it in a spreadsheet and save it again") from None
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError) as exc:
        raise Unreadable(f"has a member that does not unpack ({member}: {exc})",
                         "open it in a spreadsheet and save it again") from None


def cell_ref(ref: str) -> tuple[int, int] | None:
    """(row, col) of an A1 reference (``C7`` → (7, 3)); None when it is not one. Long
    references give large numbers, which the limits refuse."""
    letters = 0
    while letters < len(ref) and ref[letters].isascii() and ref[letters].isalpha():
        letters += 1
    digits = ref[letters:]
    if not letters or not digits.isascii() or not digits.isdigit() or len(digits) > 12 or letters > 12:
        return None
    col = 0
    for letter in ref[:letters].upper():
        col = col * 26 + ord(letter) - ord("A") + 1
    row = int(digits)
    return (row, col) if row >= 1 else None


def xlsx_sheets(archive: zipfile.ZipFile) -> dict[str, str]:
    """The archive member of each sheet, by sheet name, from ``xl/workbook.xml`` and its
    relationships (in workbook order). Raises :class:`Unreadable`."""
    targets: dict[str, str] = {}
    sheets: dict[str, str] = {}

    def relationship(name: str, attributes: dict[str, str]) -> None:
        if name.rpartition(":")[2] == "Relationship" and "Id" in attributes:
            targets[attributes["Id"]] = attributes.get("Target", "")

    def sheet(name: str, attributes: dict[str, str]) -> None:
        if name.rpartition(":")[2] == "sheet":
            rid = next((v for k, v in attributes.items() if k.endswith(":id") or k == f"{_RELS}}}id"), "")
            sheets[attributes.get("name", "")] = rid

    try:
        parse(archive, "xl/_rels/workbook.xml.rels", relationship, limit=_MAX_RELS_BYTES)
        parse(archive, "xl/workbook.xml", sheet, limit=_MAX_RELS_BYTES)
    except KeyError:
        return {}
    members = {}
    for name, rid in sheets.items():
        target = targets.get(rid, "").lstrip("/")
        members[name] = target if target.startswith("xl/") else f"xl/{target}"
    return members


def xlsx_extent(archive: zipfile.ZipFile, member: str, where: str = "") -> Extent:
    """The extent and error cells of the XLSX sheet in ``member`` (see the module's
    documentation). Raises :class:`Unreadable` past a limit, at the cell."""
    extent = Extent()
    # the current row, the last column of it, the largest row and column so far, the elements
    state = [0, 0, 0, 0, 0]
    most = max_elements()

    def start(name: str, attributes: dict[str, str]) -> None:  # ~10^6 calls for 10,000 rows: kept lean
        if ":" in name:
            name = name.rpartition(":")[2]
        if name == "c":
            ref = attributes.get("r")
            if ref is None:
                row, col = state[0] or 1, state[1] + 1
            else:
                letters = ref.rstrip(_DIGITS)
                col = _COLUMNS.get(letters, 0)
                digits = ref[len(letters):]
                if col and 0 < len(digits) <= 7 and digits.isascii():
                    row = int(digits)
                else:
                    found = cell_ref(ref)
                    if found is None:
                        raise Unreadable(f"{where}has a cell named {ref[:20]!r}, not like A1",
                                         "open it in a spreadsheet and save it again", state[0] or 1)
                    row, col = found
            state[0], state[1] = row, col
            if row > state[2] or col > state[3]:
                extent.cover(row, col, where)
                state[2], state[3] = extent.rows, extent.columns
            if "t" in attributes and attributes["t"] == "e":
                extent.errors.append((row, col))
            state[4] += 1
            if state[4] > most:
                raise _too_many(member)
        elif name == "row":
            number = attributes.get("r", "")
            state[0] = int(number) if number.isascii() and number.isdigit() and len(number) <= 12 \
                else state[0] + 1
            state[1] = 0
            state[4] += 1
            if state[4] > most:
                raise _too_many(member)
        elif name == "dimension":
            found = cell_ref(attributes.get("ref", "").rpartition(":")[2])
            if found is not None:
                extent.cover(*found, where)
                state[2], state[3] = extent.rows, extent.columns

    parse(archive, member, start)
    return extent


_DIGITS = "0123456789"
_COLUMNS: dict[str, int] = {}
"""Column numbers by their letters as spreadsheets write them: A to XFD, 16,384 entries."""


def _columns() -> None:
    letters = [chr(65 + n) for n in range(26)]
    names = letters + [a + b for a in letters for b in letters]
    names += [a + b for a in letters[:24] for b in names[26:]]  # AAA… to XZZ: past XFD, within limits of use
    for number, name in enumerate(sorted(names, key=lambda n: (len(n), n)), start=1):
        _COLUMNS[name] = number


_columns()


def xlsx_shared_strings(archive: zipfile.ZipFile) -> None:
    """Refuse shared strings (``xl/sharedStrings.xml``) past
    :data:`~cardforge.boundary.trust.MAX_SHEET_CELLS` entries: calamine keeps them all."""
    count = [0]

    def start(name: str, attributes: dict[str, str]) -> None:
        if name.rpartition(":")[2] == "si":
            count[0] += 1
            if count[0] > trust.MAX_SHEET_CELLS:
                raise Unreadable(f"has more than {trust.MAX_SHEET_CELLS:,} shared texts",
                                 "split the deck into several files")

    try:
        parse(archive, "xl/sharedStrings.xml", start)
    except KeyError:
        return


def ods_extents(archive: zipfile.ZipFile) -> dict[str, Extent]:
    """The extent of each table of the ODS ``content.xml``, by name (see the module's
    documentation). Raises :class:`Unreadable` past a limit, at the cell."""
    extents: dict[str, Extent] = {}
    state: dict[str, Any] = {"depth": 0, "name": "", "row": 0, "repeat": 1, "col": 0,
                             "filled": False, "cell": None}

    def repeat(attributes: dict[str, str], key: str) -> int:
        text = attributes.get(f"{_TABLE}}}{key}", "1")
        return int(text) if text.isascii() and text.isdigit() and 0 < len(text) <= 12 else 1

    def start(name: str, attributes: dict[str, str]) -> None:
        if state["cell"] is not None:  # inside a cell: it holds something
            state["cell"][2] = True
        if name == f"{_TABLE}}}table":
            state["depth"] += 1
            if state["depth"] == 1:
                state.update(name=attributes.get(f"{_TABLE}}}name", ""), row=0)
                extents[state["name"]] = Extent()
        elif state["depth"] != 1:
            return
        elif name == f"{_TABLE}}}table-row":
            state.update(repeat=repeat(attributes, "number-rows-repeated"), col=0, filled=False)
        elif name in (f"{_TABLE}}}table-cell", f"{_TABLE}}}covered-table-cell"):
            columns = repeat(attributes, "number-columns-repeated")
            state["cell"] = [state["col"] + 1, columns, f"{_OFFICE}}}value-type" in attributes]

    def end(name: str) -> None:
        if name == f"{_TABLE}}}table":
            state["depth"] -= 1
        elif state["depth"] != 1:
            return
        elif name in (f"{_TABLE}}}table-cell", f"{_TABLE}}}covered-table-cell") and state["cell"]:
            first, columns, filled = state["cell"]
            state["cell"] = None
            state["col"] = first + columns - 1
            if filled:
                where = f"(table {state['name']!r}) " if state["name"] else ""
                extents[state["name"]].cover(state["row"] + 1, min(state["col"], trust.MAX_SHEET_COLUMNS + 1),
                                             where)
                state["filled"] = True
        elif name == f"{_TABLE}}}table-row":
            first = state["row"] + 1
            state["row"] += state["repeat"]
            if state["filled"]:
                extent = extents[state["name"]]
                where = f"(table {state['name']!r}) " if state["name"] else ""
                extent.cover(first, max(extent.columns, 1), where)
                extent.cover(min(state["row"], trust.MAX_SHEET_ROWS + 1), max(extent.columns, 1), where)

    parse(archive, "content.xml", start, end, namespaces=True)
    return extents
