"""A sheet's header row: each column's field name as a path into a card.

A header is a field name (``quantity``), or a dotted path for a nested or localized field
(``name.en``, ``cost.white``); a part made of digits is a position in a list, counted from
1 (``abilities.1.kind``, ``abilities.2.kind``); a trailing ``[]`` makes the cell a list
whose items are separated by :data:`~cardforge.spreadsheet.cells.LIST_SEPARATOR`
(``marks[]`` holding ``group-only|experts-only``). A header starting with ``#`` is a
notes column (:mod:`cardforge.loading.deck_notes`): one field named by the whole header, dots and
all. Two headers may not name the same
field, nor a field and a part of it (``name`` beside ``name.en``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardforge.boundary import trust
from cardforge.loading.deck_notes import NOTE_PREFIX
from cardforge.spreadsheet.cells import a1

LIST_SUFFIX = "[]"


@dataclass(frozen=True)
class Header:
    """Column ``col``'s (1-based) header ``text`` read as ``path``: mapping keys (str) and
    0-based list indexes (int); ``is_list`` when the header ends in ``[]``."""

    col: int
    text: str
    path: tuple[str | int, ...]
    is_list: bool


@dataclass(frozen=True)
class HeaderError:
    """What is wrong with the header at 1-based column ``col``: ``message``, ``hint``;
    ``duplicate`` when it repeats another header."""

    col: int
    message: str
    hint: str
    duplicate: bool = False


def parse(text: str, col: int) -> Header | HeaderError:
    """Header ``text`` of column ``col`` (already stripped, not empty) as a :class:`Header`,
    or a :class:`HeaderError` saying what is wrong with it."""
    if text.startswith(NOTE_PREFIX):
        return Header(col, text, (text,), False)
    is_list = text.endswith(LIST_SUFFIX)
    body = text[:-len(LIST_SUFFIX)] if is_list else text
    parts = body.split(".")
    if len(parts) > trust.MAX_YAML_DEPTH:
        return HeaderError(col, f"header {text!r} nests more than {trust.MAX_YAML_DEPTH} levels",
                           "card data nests a few levels")
    path: list[str | int] = []
    for number, part in enumerate(parts):
        if not part or part != part.strip():
            return HeaderError(col, f"header {text!r} has an empty part or spaces around a dot",
                               "write field names joined by dots, e.g. name.en")
        if part.isdigit():
            if number == 0 or int(part) < 1:
                return HeaderError(col, f"header {text!r}: a list position must follow a field "
                                        "name and count from 1", "e.g. abilities.1.kind")
            path.append(int(part) - 1)
        else:
            path.append(part)
    return Header(col, text, tuple(path), is_list)


def check_together(headers: list[Header]) -> list[HeaderError]:
    """Errors for headers that cannot stand beside the earlier ones: the same field twice,
    a field and a part of it, a list position beside a field name under one parent."""
    errors: list[HeaderError] = []
    leaves: dict[tuple[Any, ...], Header] = {}
    branches: dict[tuple[Any, ...], Header] = {}  # a path some header goes below → that header
    kinds: dict[tuple[Any, ...], tuple[bool, Header]] = {}  # parent → (positions?, first header)
    for header in headers:
        path = header.path
        if path in leaves:
            first = leaves[path]
            errors.append(HeaderError(header.col, f"header {header.text!r} repeats column "
                                      f"{a1(1, first.col)[:-1]} ({first.text!r})",
                                      "delete or rename one of the columns", duplicate=True))
            continue
        clash = next((leaves[path[:n]] for n in range(1, len(path)) if path[:n] in leaves), None) \
            or branches.get(path)
        for n in range(1, len(path)):
            kind = kinds.get(path[:n])
            if clash is None and kind is not None and kind[0] != isinstance(path[n], int):
                clash = kind[1]
        if clash is not None:
            errors.append(HeaderError(header.col, f"header {header.text!r} cannot stand beside "
                                      f"{clash.text!r} (column {a1(1, clash.col)[:-1]})",
                                      "a field is either one value, a list, or a group of dotted parts"))
            continue
        leaves[path] = header
        for n in range(1, len(path)):
            branches.setdefault(path[:n], header)
            kinds.setdefault(path[:n], (isinstance(path[n], int), header))
    return errors
