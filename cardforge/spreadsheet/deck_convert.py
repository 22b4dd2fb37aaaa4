"""Converting a deck file between YAML, CSV and XLSX, exactly or not at all.

:func:`read_deck` loads a YAML or sheet deck file; :func:`encode` writes its data in
another format and reads the result back, refusing (:class:`NotExact`) when what comes
back differs from what went in, so a conversion never loses a value silently. YAML
comments do not survive (a sheet has no place for them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cardforge.loading.yaml_source import load_yaml, loads
from cardforge.loading.yaml_walk import LoadError
from cardforge.problem import Location, Problem
from cardforge.spreadsheet import is_sheet, load_sheet
from cardforge.spreadsheet.cell_grid import book_grid, csv_grid
from cardforge.spreadsheet.deck_sheets import sheet_sources
from cardforge.spreadsheet.sheet_deck import deck_document
from cardforge.spreadsheet.sheet_write import NotTabular, table, to_csv, to_xlsx

FORMATS = ("csv", "xlsx", "yaml")
CONVERT = "CF001"


class NotExact(Exception):
    """The data cannot be written in the format exactly: ``problems`` say where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def read_deck(path: Path) -> Any:
    """The data of deck file ``path`` (YAML or a sheet; a sheet without a ``deck`` row
    takes the deck game.yaml beside it names it for). Raises LoadError, also for a sheet
    with rows that could not be read."""
    if not is_sheet(path):
        return load_yaml(path).data
    deck, sheet, columns, ids = None, None, None, None
    manifest = path.parent / "game.yaml"
    if manifest.exists():
        try:
            for source in sheet_sources(load_yaml(manifest).data):
                if source.file == path.name:
                    deck, sheet, columns, ids = source.deck, source.sheet, source.columns, source.ids
        except LoadError:
            pass  # a broken game.yaml: the sheet must then say its deck itself
    doc = load_sheet(path, deck, sheet, columns=columns, ids=ids)
    if doc.left_out:
        raise LoadError(doc.left_out)
    return doc.data


class _Dumper(yaml.SafeDumper):
    """YAML as a designer writes it: text of several lines as a block scalar (``|``)."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value.rstrip("\n") else None  # PyYAML quotes it when a block cannot hold it
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def encode(data: Any, fmt: str, source: Path, schema: str | None = None) -> bytes:
    """``data`` (read from ``source``) as a file of format ``fmt`` (one of :data:`FORMATS`),
    checked by reading it back; YAML starts with ``schema``'s ``$schema`` line for
    yaml-language-server when given (a path or URL) and writes text of several lines as
    block scalars. Raises :class:`NotExact` with Problems at ``source``."""
    try:
        if fmt == "yaml":
            text = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100,
                             default_flow_style=None)  # leaf mappings and lists on one line
            first = f"# yaml-language-server: $schema={schema}\n" if schema else ""
            encoded = f"{first}# converted from {source.name} by cardforge convert\n{text}".encode()
            back = loads(encoded.decode(), source).data
        elif fmt == "csv":
            encoded = to_csv(table(data))
            back = deck_document(csv_grid(encoded, source.stem), source).data
        else:
            encoded = to_xlsx(table(data))
            back = deck_document(book_grid(encoded, ".xlsx"), source).data
    except NotTabular as exc:
        raise NotExact([Problem(Location(source), CONVERT, f"cannot write {fmt}: {exc}",
                                hint="a sheet holds text, numbers, booleans, and lists of them")]) from None
    except LoadError as exc:
        raise NotExact([Problem(Location(source), CONVERT, f"the {fmt} written does not read back: "
                                f"{exc.problems[0].message}", hint="please report this")]) from None
    where = difference(data, back)
    if where is not None:
        raise NotExact([Problem(Location(source), CONVERT, f"cannot write {fmt} exactly: the value at "
                                f"{'/'.join(map(str, where)) or '(top)'} would read back differently",
                                hint="keep that value in YAML, or make it plain text or a number")])
    return encoded


def difference(a: Any, b: Any, at: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The first pointer where ``a`` and ``b`` differ (a boolean is never equal to a
    number; an int equals a float of the same value), or None when they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return (*at, key)
            found = difference(a[key], b[key], (*at, key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return (*at, min(len(a), len(b)))
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            found = difference(x, y, (*at, index))
            if found is not None:
                return found
        return None
    if isinstance(a, bool) != isinstance(b, bool) or isinstance(a, str) != isinstance(b, str) or a != b:
        return at
    return None
