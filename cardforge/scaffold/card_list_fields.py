"""``cardforge new <id> --cards <file>``: a deck's fields worked out from a card list.

The sheet (CSV, XLSX, ODS) is read as it is. Each header becomes a field name
(:func:`field_name`: lower case, words joined by ``_``); ``name.en`` / ``Name (fr)`` /
``name_fr`` headers are one localized field per language; a quantity column (``qty``,
``quantity``, ``count``, ``copies``, …) is the card's ``quantity``; a ``#`` header is a
note. The headers that are not field names as written go in the deck's ``sheet:
columns:`` so the file is read unchanged; a list without an ``id`` column takes its ids
from the names (``sheet: ids: name``). Each field's type is then inferred from the
values read (:func:`infer`): integer (with the range seen), number, boolean, enum (a few
distinct short values), keywords (``|``-separated lists), localized text, image path,
or text; a column whose values mix numbers and text cannot have one type and is kept as
a note (``ignore:``), said in the table printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.loading.deck_notes import NOTE_PREFIX
from cardforge.loading.json_source import load_json
from cardforge.loading.yaml_walk import LoadError
from cardforge.problem import Location, Problem
from cardforge.scaffold.card_list_symbols import FoundSymbol, find_symbols
from cardforge.spreadsheet.cell_grid import read_grid
from cardforge.spreadsheet.cells import LIST_SEPARATOR
from cardforge.spreadsheet.json_deck import is_json, json_deck
from cardforge.spreadsheet.sheet_deck import DECK_CELL, deck_document, id_from

QUANTITY_NAMES = frozenset({"qty", "quantity", "count", "copies", "number_of_copies", "amount", "nb",
                            "number", "how_many", "x"})
"""Headers (as field names) that mean the card's quantity."""
NAME_NAMES = frozenset({"name", "title", "card_name", "card", "card_title"})
"""Headers (as field names) that mean the card's name."""
RESERVED = frozenset({"marks", "art", "lint_ignore", "deck", "cards"})
"""Field names a workspace deck may not declare: such a column gets ``card_`` in front."""
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".webp")
ENUM_MOST = 12
"""Most distinct values an enum field may have."""
_LANG_SUFFIX = re.compile(r"^(.*?)(?:[._ -]\(?|\s*\()([a-z]{2})\)?$")
LANGUAGES = frozenset("en fr de es it pt nl ja zh ko ru pl sv da no fi cs hu tr el he ar".split())
"""Language codes recognised at the end of a header (``name.fr``)."""


@dataclass
class Inferred:
    """One field worked out: its ``name``, the game.yaml ``spec`` (``{"type": …}``; None
    for ``id``, ``name``, ``quantity``), the ``header`` it came from and a ``note`` for
    the table printed."""

    name: str
    spec: dict[str, Any] | None
    header: str
    note: str = ""


@dataclass
class CardList:
    """A card list read: the ``deck`` id, the ``file``; the ``columns`` mapping
    (header → field path) and ``ids`` field for game.yaml's ``sheet:``; the ``fields``
    inferred in column order; the ``languages`` of its localized columns; the ``ignored``
    headers (kept as notes); the ``cards`` as read; the ``symbols`` their texts use
    (:mod:`cardforge.scaffold.card_list_symbols`); ``ref``, the file as game.yaml names it
    from the game's folder (default: its name)."""

    deck: str
    file: Path
    ref: str = ""
    columns: dict[str, str] = field(default_factory=dict)
    ids: str | None = None
    fields: list[Inferred] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    symbols: list[FoundSymbol] = field(default_factory=list)


def field_name(header: str) -> str:
    """``header`` as a field name: ASCII lower case, words joined by ``_``; ``f_`` in
    front of one starting with a digit, ``card_`` in front of a reserved name."""
    name = id_from(header).replace("-", "_")
    if not name:
        return "field"
    if name[0].isdigit():
        name = f"f_{name}"
    return f"card_{name}" if name in RESERVED else name


def _split_language(header: str) -> tuple[str, str | None]:
    match = _LANG_SUFFIX.match(header.strip())
    if match and match.group(2) in LANGUAGES and match.group(1).strip():
        return match.group(1).strip(), match.group(2)
    return header, None


def _target(header: str) -> tuple[str, str | None]:
    """The field name a ``header`` holds and the language it holds it in, if any."""
    base, lang = _split_language(header)
    name = field_name(base)
    if name in QUANTITY_NAMES:
        name = "quantity"
    elif name in NAME_NAMES:
        name = "name"
    return name, lang


def read_card_list(path: Path, deck: str, source_language: str = "en") -> CardList:
    """The card list in sheet or JSON file ``path`` for deck ``deck`` (see the module).
    Raises what :func:`cardforge.spreadsheet.cell_grid.read_grid` and ``deck_document``
    raise, or for JSON what :func:`cardforge.spreadsheet.json_deck.json_deck` raises."""
    if is_json(path):
        return _read_json_list(path, deck, source_language)
    grid = read_grid(path)
    rows = grid.rows
    declared = bool(rows) and str(rows[0][0] if rows[0] else "").strip() == DECK_CELL
    header_row = rows[1 if declared else 0] if len(rows) > (1 if declared else 0) else []
    out = CardList(deck=deck, file=path)
    paths: dict[str, str] = {}
    lists: set[str] = set()
    body = rows[2 if declared else 1:]
    for col, value in enumerate(header_row):
        header = str(value).strip() if value is not None else ""
        if not header or header.startswith(NOTE_PREFIX):
            continue
        name, lang = _target(header)
        cells = [row[col] for row in body if col < len(row) and row[col] not in (None, "")]
        texts = [c for c in cells if isinstance(c, str)]
        if name not in ("id", "name", "quantity") and lang is None and cells and len(texts) == len(cells) \
                and any(LIST_SEPARATOR in c for c in texts):
            lists.add(name)
        if lang is not None or name == "name":
            lang = lang or source_language
            if lang not in out.languages:
                out.languages.append(lang)
            target = f"{name}.{lang}"
        else:
            target = name + ("[]" if name in lists else "")
        paths[header] = target
    out.columns = {h: p for h, p in paths.items() if h != p}
    if "id" not in paths.values():
        out.ids = "name"
    doc = deck_document(grid, path, None if declared else deck, columns=out.columns, ids=out.ids)
    out.cards = [c for c in doc.data["cards"] if isinstance(c, dict)]
    _infer_all(out, paths)
    return out


def _read_json_list(path: Path, deck: str, source_language: str) -> CardList:
    """The card list in JSON file ``path``: its objects' keys in the order first seen are
    the headers; an object value is a text per language, an array a keyword list."""
    raw = load_json(path).data
    if not isinstance(raw, list) or not raw or not all(isinstance(entry, dict) for entry in raw):
        raise LoadError([Problem(Location(path, 1, 1), "CF001", "a JSON card list is a list of objects, "
                                 "one per card", hint='e.g. [{"name": "Gold", "qty": 3}, …]')])
    out = CardList(deck=deck, file=path)
    paths: dict[str, str] = {}
    for entry in raw:
        for key in entry:
            if key in paths or key.startswith(NOTE_PREFIX):
                continue
            name, lang = _target(key)
            values = [e[key] for e in raw if e.get(key) is not None]
            if values and all(isinstance(v, dict) for v in values):
                for code in (c for v in values for c in v):
                    if code in LANGUAGES and code not in out.languages:
                        out.languages.append(code)
                paths[key] = name
                continue
            if lang is not None or (name == "name" and all(isinstance(v, str) for v in values)):
                lang = lang or source_language
                if lang not in out.languages:
                    out.languages.append(lang)
                paths[key] = f"{name}.{lang}"
            else:
                paths[key] = name
    out.columns = {h: p for h, p in paths.items() if h != p}
    if "id" not in paths.values():
        out.ids = "name"
    doc = json_deck(path, deck, columns=out.columns, ids=out.ids)
    out.cards = [c for c in doc.data["cards"] if isinstance(c, dict)]
    _infer_all(out, paths)
    return out


def _infer_all(out: CardList, paths: dict[str, str]) -> None:
    """Type each field of ``out`` (header → field path ``paths``) from its cards' values."""
    seen: dict[str, str] = {}
    for header, target in paths.items():
        top = target.split(".")[0].removesuffix("[]")
        if top in seen:
            continue
        seen[top] = header
        inferred = infer(top, [c[top] for c in out.cards if top in c], header)
        if inferred.spec is not None and inferred.spec.get("type") == "ignored":
            out.ignored.append(header)
            out.columns.pop(header, None)
            inferred.spec = None
        out.fields.append(inferred)
    out.symbols = find_symbols(out.cards, {f.name: f.spec["type"] for f in out.fields if f.spec is not None})


def infer(name: str, values: list[Any], header: str) -> Inferred:
    """The field ``name`` (from ``header``) typed by its ``values`` (see the module)."""
    if name in ("id", "name", "quantity"):
        return Inferred(name, None, header, {"id": "the card's id", "name": "the card's name",
                                             "quantity": "copies printed"}[name])
    if not values:
        return Inferred(name, {"type": "text"}, header, "no values: text")
    if all(isinstance(v, dict) for v in values):
        if all(code in LANGUAGES and isinstance(text, str) for v in values for code, text in v.items()):
            return Inferred(name, {"type": "localized"}, header, "text per language")
        return Inferred(name, {"type": "ignored"}, header, "an object not by language: kept as a note")
    if all(isinstance(v, list) for v in values):
        words = sorted({str(w) for v in values for w in v})
        return Inferred(name, {"type": "keywords", "values": words}, header, f"{len(words)} keywords")
    if all(isinstance(v, bool) for v in values):
        return Inferred(name, {"type": "boolean"}, header, "yes / no")
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return Inferred(name, {"type": "integer", "min": min(values), "max": max(values)}, header,
                        f"{min(values)} to {max(values)}")
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return Inferred(name, {"type": "number", "min": min(values), "max": max(values)}, header,
                        f"{min(values):g} to {max(values):g}")
    if any(isinstance(v, (dict, list)) for v in values):
        return Inferred(name, {"type": "ignored"}, header, "objects or lists among values: kept as a note")
    if not all(isinstance(v, str) for v in values):
        return Inferred(name, {"type": "ignored"}, header, "numbers mixed with text: kept as a note")
    if all(v.lower().endswith(IMAGE_SUFFIXES) for v in values):
        return Inferred(name, {"type": "image"}, header, "image path")
    distinct = sorted(set(values))
    if len(distinct) <= min(ENUM_MOST, max(2, len(values) // 3)) and all(
            len(v) <= 24 and "\n" not in v for v in distinct):
        return Inferred(name, {"type": "enum", "values": distinct}, header, f"one of {len(distinct)}")
    longest = max(len(v) for v in values)
    multi = any("\n" in v for v in values)
    return Inferred(name, {"type": "text"}, header,
                    "multi-line text" if multi else f"text, up to {longest} characters")
