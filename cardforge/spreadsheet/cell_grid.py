"""Reading a spreadsheet file's first (or named) sheet into a :class:`Grid` of cell values.

CSV is read with Python's ``csv`` module: UTF-8 with or without a byte-order mark, or
UTF-16 with one (Excel's "Unicode text"); the delimiter is a comma, a semicolon (what
Excel writes where the decimal separator is a comma) or a tab, whichever splits the first
two rows into the most cells. XLSX and ODS are read with ``python-calamine`` (Rust,
fast). Its cells are typed: numbers stay numbers (a whole one is an int, never ``1.0``),
booleans booleans, text text; a date or time is refused, as card data holds none.
calamine reads a formula cell whose result is an error value as empty, so for XLSX the
sheet's XML is searched for such cells (``t="e"``) and each becomes an error at its cell.

The file's bytes come from :func:`cardforge.boundary.trust.read_bytes` (kind ``sheet``); an XLSX
or ODS file is a zip archive, refused before calamine opens it when its members would
unpack to more than :data:`cardforge.boundary.trust.MAX_SHEET_UNPACKED`. Rows and columns are
counted against :data:`~cardforge.boundary.trust.MAX_SHEET_ROWS` and
:data:`~cardforge.boundary.trust.MAX_SHEET_COLUMNS`; for a workbook, from its XML before calamine
builds the sheet (:mod:`cardforge.spreadsheet.sheet_xml`, which also finds the error cells).
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.spreadsheet import sheet_xml
from cardforge.spreadsheet.cells import BadCell, error_value
from cardforge.spreadsheet.csv_lines import CsvPlaces
from cardforge.spreadsheet.sheet_xml import Unreadable

BOOK_SUFFIXES = (".xlsx", ".ods")
_DELIMITERS = (",", ";", "\t")


@dataclass
class Grid:
    """One sheet's cells: ``rows[r][c]`` is the value at 1-based row ``r + 1``, column
    ``c + 1`` (None for an empty cell; text, int, float, bool, or a :class:`BadCell`).
    ``sheet`` is the sheet's name (a CSV file's is its stem, as spreadsheets show it);
    ``typed_text`` is True when text cells are still to be read by
    :func:`cardforge.spreadsheet.cells.read_text` (CSV), False when the file typed them;
    ``places`` (CSV only) maps a cell to its physical line and column."""

    sheet: str
    rows: list[list[Any]] = field(default_factory=list)
    typed_text: bool = False
    places: CsvPlaces | None = None  # a CSV file's: where each row and cell stands in the file


def read_grid(path: Path, sheet: str | None = None) -> Grid:
    """The cells of ``path`` (``.csv``, ``.xlsx`` or ``.ods``): its first sheet, or the one
    named ``sheet``. Raises :class:`cardforge.boundary.trust.Refused` for a file the trust boundary
    refuses, :class:`Unreadable` for one that is not a readable sheet or is past a limit."""
    data = trust.read_bytes(path, "sheet")
    if path.suffix.lower() in BOOK_SUFFIXES:
        return book_grid(data, path.suffix.lower(), sheet)
    return csv_grid(data, path.stem)


def csv_grid(data: bytes, name: str) -> Grid:
    """The cells of CSV ``data`` (sheet name ``name``). Raises :class:`Unreadable`."""
    text = _decode(data)
    delimiter = _delimiter(text)
    rows: list[list[Any]] = []
    places = CsvPlaces(text, delimiter)
    starts, read = places.starts, 0
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        for row in reader:
            _check_size(len(rows) + 1, len(row))
            rows.append([cell or None for cell in row])
            starts.append(read + 1)
            read = reader.line_num
    except csv.Error as exc:
        raise Unreadable(f"is not readable as CSV: {exc}", "check the quotes on this row",
                         read + 1, 1, places) from None
    return Grid(sheet=name, rows=rows, typed_text=True, places=places)


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise Unreadable("is not readable UTF-16 text", "save the sheet as CSV UTF-8") from None
    try:
        return trust.decode(data, Path())
    except trust.Refused as refused:  # where the byte is: the cells of the text read anyway
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace")
        places = CsvPlaces(text, _delimiter(text))
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=places.delimiter)
        read = 0
        try:
            for _ in reader:
                places.starts.append(read + 1)
                read = reader.line_num
        except csv.Error:
            pass
        raise Unreadable(refused.reason, "save the sheet as \"CSV UTF-8\"", refused.line or 1,
                         refused.col or 1, places) from None


def _delimiter(text: str) -> str:
    """The delimiter that splits the first two rows into the most cells (a comma on ties)."""
    head = "\n".join(text.splitlines()[:2])
    counts = {d: sum(len(row) for row in csv.reader(io.StringIO(head), delimiter=d)) for d in _DELIMITERS}
    return max(_DELIMITERS, key=lambda d: counts[d])


def _check_size(rows: int, columns: int) -> None:
    if rows > trust.MAX_SHEET_ROWS:
        raise Unreadable(f"has more than {trust.MAX_SHEET_ROWS:,} rows", "split the deck into several files",
                         rows)
    if columns > trust.MAX_SHEET_COLUMNS:
        raise Unreadable(f"has more than {trust.MAX_SHEET_COLUMNS:,} columns", "remove unused columns",
                         rows, trust.MAX_SHEET_COLUMNS + 1)


def book_grid(data: bytes, suffix: str, sheet: str | None = None) -> Grid:
    """The cells of workbook ``data`` (``suffix`` ``.xlsx`` or ``.ods``): its first sheet,
    or the one named ``sheet``. Raises :class:`Unreadable`."""
    from python_calamine import CalamineError, CalamineWorkbook

    errors = _bounded(data, suffix, sheet)
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = book.sheet_names
        _check_name(sheet, names)
        name = sheet or names[0]
        if suffix == ".xlsx" and name not in errors:  # every sheet calamine builds is checked
            raise Unreadable(f"names its sheets otherwise in its XML (no {name!r})",
                             "open it in a spreadsheet and save it again")
        found = book.get_sheet_by_name(name)
        top, left = found.start or (0, 0)
        _check_size(top + found.height, left + found.width)
        values = found.to_python(skip_empty_area=False)
    except (CalamineError, OSError, ValueError) as exc:
        raise Unreadable(f"is not a readable {suffix[1:].upper()} workbook ({type(exc).__name__}: "
                         f"{str(exc)[:120]})", "open it in a spreadsheet and save it again") from None
    texts_may_be_errors = suffix != ".xlsx"  # XLSX marks its error cells, found above
    rows = [[_book_cell(v, texts_may_be_errors) for v in row] for row in values]  # from A1
    for row, col in errors.get(name, ()):
        while len(rows) < row:
            rows.append([])
        cells = rows[row - 1]
        cells.extend([None] * (col - len(cells)))
        cells[col - 1] = BadCell("the cell holds an error value (a formula that failed)",
                                 "fix the formula, or type the value itself")
    return Grid(sheet=name, rows=rows)


def _book_cell(value: Any, texts_may_be_errors: bool) -> Any:
    """A workbook cell's value as card data (see the module's docstring); text that is an
    error value is a :class:`BadCell` when ``texts_may_be_errors`` (ODS)."""
    if value == "" or value is None:
        return None
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < 2 ** 53 else value
    if isinstance(value, (datetime, date, time, timedelta)):
        return BadCell(f"the cell holds a date or time ({value})",
                       "card data holds no dates: format the cell as text and type the value again")
    text = str(value)
    return (error_value(text) if texts_may_be_errors else None) or text


def _check_name(sheet: str | None, names: list[str]) -> None:
    if sheet is not None and sheet not in names:
        raise Unreadable(f"has no sheet named {sheet!r}", f"its sheets: {', '.join(names)}")
    if not names:
        raise Unreadable("has no sheet", "save the workbook with one sheet")


def _bounded(data: bytes, suffix: str, sheet: str | None) -> dict[str, list[tuple[int, int]]]:
    """Refuse an archive whose members would unpack past
    :data:`~cardforge.boundary.trust.MAX_SHEET_UNPACKED`, or a sheet calamine would read past a
    limit (:mod:`~cardforge.spreadsheet.sheet_xml`: for XLSX the sheet named ``sheet``,
    else the first, and the shared texts; for ODS every table); for XLSX, the (row, col)
    of each error-value cell of that sheet, by its name."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise Unreadable(f"is not a {suffix[1:].upper()} workbook (not a zip archive)",
                         "open it in a spreadsheet and save it again") from None
    if sum(info.file_size for info in infos) > trust.MAX_SHEET_UNPACKED:
        raise Unreadable(f"would unpack to more than {trust.MAX_SHEET_UNPACKED // trust.MiB} MiB",
                         "split the workbook; see docs/security.md")
    try:
        if suffix != ".xlsx":
            sheet_xml.ods_extents(archive)
            return {}
        members = sheet_xml.xlsx_sheets(archive)
        _check_name(sheet, list(members))
        name = sheet if sheet is not None else next(iter(members))
        sheet_xml.xlsx_shared_strings(archive)
        return {name: sheet_xml.xlsx_extent(archive, members[name]).errors}
    except KeyError as missing:
        raise Unreadable(f"is not a {suffix[1:].upper()} workbook ({missing} is missing)",
                         "open it in a spreadsheet and save it again") from None
