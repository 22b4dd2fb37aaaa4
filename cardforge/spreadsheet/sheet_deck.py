"""A sheet's cells as a deck file: the same :class:`~cardforge.loading.document.Document` a YAML
card file gives (``{"deck": <id>, "cards": [...]}``), every value located at its cell
(line = row number, column = column number), so validation, lint rules, catalogs and
builds need not know where the cards came from.

The sheet's first row may declare the deck (``deck`` in A1, the deck's id in B1); the
next row holds the headers (:mod:`cardforge.spreadsheet.sheet_headers`) and each later row one
card. A deck whose game.yaml entry names the file (``sheet: {file: …}``) needs no such
row. Empty cells are absent fields, wholly empty rows are no card. A row with a cell that
cannot be read (an error value, a date, a gap in a list) is left out, with an error at
that cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.loading.document import Document, Pointer
from cardforge.loading.yaml_walk import DUPLICATE_KEY, YAML_SYNTAX, LoadError
from cardforge.problem import Location, Problem
from cardforge.spreadsheet import sheet_headers as heads
from cardforge.spreadsheet.cell_grid import Grid
from cardforge.spreadsheet.cells import LIST_SEPARATOR, BadCell, a1, read_text
from cardforge.spreadsheet.csv_lines import CsvPlaces

DECK_CELL = "deck"
"""What A1 says when the first row declares the deck."""


@dataclass
class SheetDocument(Document):
    """A deck file read from a sheet: a :class:`~cardforge.loading.document.Document` whose lines
    are rows and columns are columns, with the ``sheet``'s name and the ``header_row``
    (1-based) and its ``headers`` by column, to name cells in messages, the Problems
    of the rows ``left_out`` (a cell that cannot be read), and for a CSV file the
    ``places`` of its cells in the file (the document's own locations stay cells)."""

    sheet: str = ""
    header_row: int = 1
    headers: dict[int, str] = field(default_factory=dict)
    left_out: list[Problem] = field(default_factory=list)
    places: CsvPlaces | None = None  # a CSV file's cells' physical places

    def cell(self, row: int, col: int) -> str:
        """The cell at 1-based ``row`` and ``col`` as a spreadsheet names it, with the
        file: ``monsters.xlsx Monsters!C7``."""
        return f"{self.path.name} {self.sheet}!{a1(row, col)}"


def deck_document(grid: Grid, path: Path, deck: str | None = None, *,
                  columns: dict[str, str] | None = None, ids: str | None = None) -> SheetDocument:
    """The deck file in ``grid`` (read from ``path``), the Problems of the rows left out in
    its ``left_out``. ``columns`` maps header texts to the field paths they hold (a header
    not in it is a field path as written); a card with no id gets one made from its
    ``ids`` field (:func:`id_from`), located at that field's cell.

    ``deck`` is the deck game.yaml names the file for, if any. Raises :class:`LoadError`
    (CF001, CF002 for a repeated header) when the sheet has no deck, no header row, a
    header that cannot be read, or more cells than :data:`cardforge.boundary.trust.MAX_YAML_NODES`.
    """
    rows = grid.rows
    doc = SheetDocument(path=path, data=None, sheet=grid.sheet, places=grid.places)
    first = [_text(v) for v in (rows[0] if rows else [])]
    declared = first[:1] == [DECK_CELL]
    if declared:
        named = first[1] if len(first) > 1 else None
        if not named or any(first[2:]):
            raise _error(path, 1, 2 if not named else 3, "the first row declares the deck: "
                         "`deck` in A1 and the deck's id in B1, nothing else",
                         "e.g. A1: deck, B1: monsters")
        if deck is not None and named != deck:
            raise _error(path, 1, 2, f"game.yaml names this file for deck {deck!r}, but B1 says {named!r}",
                         "make them agree")
        deck = named
        doc.values[("deck",)], doc.keys[("deck",)] = (1, 2), (1, 1)
    elif deck is None:
        raise _error(path, 1, 1, "the sheet does not say which deck it holds",
                     f"write `{DECK_CELL}` in A1 and the deck's id in B1, headers in row 2; or name the "
                     "file in game.yaml: decks: <id>: sheet: {file: " + path.name + "}")
    doc.header_row = 2 if declared else 1
    renamed = columns or {}
    columns = _headers(path, [renamed.get(_text(v), v) for v in rows[doc.header_row - 1]]
                       if len(rows) >= doc.header_row else [], doc.header_row)
    doc.headers = {h.col: h.text for h in columns}
    if len(rows) * max(len(columns), 1) > trust.MAX_YAML_NODES:
        raise _error(path, 1, 1, f"has more than {trust.MAX_YAML_NODES:,} cells", "split the deck")
    doc.values[()] = (1, 1)
    doc.values[("cards",)] = (doc.header_row, 1)
    cards: list[Any] = []
    problems = doc.left_out
    layout = _Columns.of(columns, max(map(len, rows), default=0))
    for number in range(doc.header_row + 1, len(rows) + 1):
        card = _card(rows[number - 1], number, layout, grid.typed_text, doc, len(cards), problems)
        if card is not None:
            cards.append(card)
    if ids:
        _make_ids(cards, ids, doc)
    doc.data = {"deck": deck, "cards": cards}
    return doc


def id_from(value: Any) -> str:
    """An id made from a card's field ``value`` (a localized mapping: its first text):
    lower case, accents dropped, every run of other characters a hyphen; "" if nothing is
    left. ``"Gold Mine"`` → ``gold-mine``."""
    import re
    import unicodedata

    if isinstance(value, dict):
        value = next(iter(value.values()), "")
    text = unicodedata.normalize("NFKD", str(value)).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _make_ids(cards: list[Any], field: str, doc: SheetDocument) -> None:
    """Give each card without an ``id`` one from its ``field`` (:func:`id_from`), located at
    that field's cell (a card whose field makes no id is left without one: the schema says so)."""
    for index, card in enumerate(cards):
        if "id" in card or field not in card:
            continue
        made = id_from(card[field])
        if made and made[0].isalpha():
            card["id"] = made
        elif made:
            card["id"] = f"card-{made}"
        else:
            continue
        where = doc.values.get(("cards", index, field))
        if where is not None:
            doc.values[("cards", index, "id")] = where
            doc.keys[("cards", index, "id")] = where


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else "" if value is None else str(value)


def _error(path: Path, row: int, col: int, message: str, hint: str, code: str = YAML_SYNTAX) -> LoadError:
    return LoadError([Problem(Location(path, row, col), code, message, hint=hint)])


def _headers(path: Path, row: list[Any], number: int) -> list[heads.Header]:
    """The header row's columns (empty header cells left out). Raises LoadError."""
    found: list[heads.Header] = []
    problems: list[Problem] = []
    for col, value in enumerate(row, start=1):
        text = _text(value)
        if not text:
            continue
        parsed = heads.parse(text, col)
        if isinstance(parsed, heads.HeaderError):
            problems.append(Problem(Location(path, number, col), YAML_SYNTAX, parsed.message,
                                    hint=parsed.hint))
        else:
            found.append(parsed)
    for error in heads.check_together(found):
        problems.append(Problem(Location(path, number, error.col), DUPLICATE_KEY if error.duplicate
                                else YAML_SYNTAX, error.message, hint=error.hint))
    if not found and not problems:
        problems.append(Problem(Location(path, number, 1), YAML_SYNTAX, f"row {number} holds no headers",
                                hint="write the field names in this row: id, name.en, …"))
    if problems:
        raise LoadError(problems)
    return found


@dataclass(frozen=True)
class _Columns:
    """The header row, worked out once for every row: the ``headers``; the ``lists``,
    paths whose parts below are list positions (deepest first); and per header the
    ``prefixes`` of its path (each with whether it ends in a field name)."""

    headers: list[heads.Header]
    lists: list[tuple[Any, ...]]
    prefixes: dict[int, list[tuple[tuple[Any, ...], bool]]]
    unnamed: list[int]

    @classmethod
    def of(cls, headers: list[heads.Header], width: int) -> _Columns:
        """The columns of ``headers`` in rows at most ``width`` cells wide."""
        lists = {h.path[:n] for h in headers for n in range(1, len(h.path)) if isinstance(h.path[n], int)}
        prefixes = {h.col: [(h.path[:n], isinstance(h.path[n - 1], str)) for n in range(1, len(h.path) + 1)]
                    for h in headers}
        named = {h.col for h in headers}
        return cls(headers, sorted(lists, key=len, reverse=True), prefixes,
                   [col for col in range(1, width + 1) if col not in named])


def _card(row: list[Any], number: int, columns: _Columns, typed_text: bool,
          doc: SheetDocument, index: int, problems: list[Problem]) -> dict[str, Any] | None:
    """Row ``number``'s card (the ``index``-th of the file), its values located in ``doc``;
    None for an empty row or one with an unreadable cell (its Problems added)."""
    card: dict[str, Any] = {}
    at: list[heads.Header] = []
    bad = len(problems)
    width = len(row)
    for header in columns.headers:
        raw = row[header.col - 1] if header.col <= width else None
        if raw is None or (raw.__class__ is str and not raw.strip()):
            continue
        value = _value(raw, header.is_list, typed_text)
        if isinstance(value, BadCell):
            problems.append(Problem(Location(doc.path, number, header.col), YAML_SYNTAX,
                                    value.reason, hint=value.hint))
            continue
        _put(card, header.path, value)
        at.append(header)
    for col in columns.unnamed:
        if col <= width and _text(row[col - 1]):
            problems.append(Problem(Location(doc.path, number, col), YAML_SYNTAX,
                                    "a value in a column with no header", hint="write the field's name in "
                                    f"{a1(doc.header_row, col)}, or clear the cell"))
    if not card and len(problems) == bad:
        return None
    gap = _lists(card, columns.lists)
    if gap is not None:
        col = min((h.col for h in at if h.path[:len(gap)] == gap), default=1)
        problems.append(Problem(Location(doc.path, number, col), YAML_SYNTAX,
                                f"list position {gap[-1] + 1} of {'.'.join(map(str, gap[:-1]))} is "
                                "filled but an earlier one is empty",
                                hint="fill the positions in order, from 1"))
    if len(problems) > bad:
        return None  # the row's Problems say why it is left out
    return _locate(card, at, columns, number, doc, index)


def _value(raw: Any, is_list: bool, typed_text: bool) -> Any:
    if not is_list:
        return read_text(raw) if typed_text and isinstance(raw, str) else raw
    if not isinstance(raw, str):
        return [raw]
    items = [read_text(item.strip()) if item.strip() else BadCell(
        "an empty item in a list cell", f"separate the items with a single {LIST_SEPARATOR}")
        for item in raw.split(LIST_SEPARATOR)]
    return next((item for item in items if isinstance(item, BadCell)), items)


def _put(card: dict[str, Any], path: tuple[str | int, ...], value: Any) -> None:
    """Set ``value`` at ``path`` in ``card``, list positions kept in dicts for now."""
    node: dict[Any, Any] = card
    for part in path[:-1]:
        node = node.setdefault(part, {})
    node[path[-1]] = value


def _lists(card: dict[str, Any], lists: list[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    """Turn the dicts keyed by positions at each of ``lists`` (deepest first) in ``card``
    into lists, in place; the path of the first position after a gap, or None."""
    for path in lists:
        parent: Any = card
        for part in path[:-1]:
            parent = parent.get(part) if isinstance(parent, dict) else None
        child = parent.get(path[-1]) if isinstance(parent, dict) else None
        if not isinstance(child, dict):
            continue
        order = sorted(child)
        if order[-1] != len(order) - 1:
            missing = next(i for i, k in enumerate(order) if i != k)
            return (*path, order[missing])
        parent[path[-1]] = [child[k] for k in order]
    return None


def _locate(card: dict[str, Any], at: list[heads.Header], columns: _Columns, number: int,
            doc: SheetDocument, index: int) -> dict[str, Any]:
    """Record where each value of ``card`` (row ``number``) sits: a cell for each value and
    key, a group at its first cell, the card at its row's first cell."""
    base: Pointer = ("cards", index)
    values, keys = doc.values, doc.keys
    values[base] = (number, 1)
    for header in at:
        cell = (number, header.col)
        for prefix, is_key in columns.prefixes[header.col]:
            pointer = base + prefix
            values.setdefault(pointer, cell)
            if is_key:
                keys.setdefault(pointer, cell)
        if header.is_list:  # a list cell: its items are there too
            for item in range(len(_get(card, header.path))):
                values[(*base, *header.path, item)] = cell
    return card


def _get(card: dict[str, Any], path: tuple[Any, ...]) -> Any:
    node: Any = card
    for part in path:
        node = node[part]
    return node
