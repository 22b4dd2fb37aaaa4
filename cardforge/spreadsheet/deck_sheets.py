"""The sheets game.yaml names per deck (``decks: <id>: sheet: {file, name, url}``).

A deck whose entry names a sheet file reads its cards from that file, header row first
(no ``deck`` row needed); ``name`` picks a workbook's sheet, ``url`` is where
``cardforge fetch`` downloads the file from (lint and build never do).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.loading.document import Document
from cardforge.problem import Problem

SCHEMA = "CF003"


@dataclass(frozen=True)
class SheetSource:
    """One deck's sheet as game.yaml names it: the ``deck`` id, the ``file`` name in
    ``cards/<id>/``, the workbook ``sheet`` to read (None: the first) and the ``url``
    ``cardforge fetch`` downloads it from (None: none); ``columns``, header → field for
    headers that are not field names; ``ids``, the field a card without an id takes one
    from; ``symbols``, symbols written in its text → icon names
    (:mod:`cardforge.spreadsheet.list_symbols`)."""

    deck: str
    file: str
    sheet: str | None = None
    url: str | None = None
    columns: dict[str, str] | None = None
    ids: str | None = None
    symbols: dict[str, str] | None = None


@dataclass
class SheetDecks:
    """The sheets of a game.yaml: ``named[file name]``, the :class:`SheetSource` that names
    it; every entry in ``sources``; and ``problems`` (a named file that is missing, or
    named twice)."""

    named: dict[str, SheetSource] = field(default_factory=dict)
    sources: list[SheetSource] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def sheet_sources(data: Any) -> list[SheetSource]:
    """The ``sheet:`` entries of game.yaml's validated data ``data``, in deck order."""
    decks = data.get("decks") if isinstance(data, dict) else None
    found = []
    for deck, entry in (decks or {}).items():
        sheet = entry.get("sheet") if isinstance(entry, dict) else None
        if isinstance(sheet, dict) and isinstance(sheet.get("file"), str):
            found.append(SheetSource(deck, sheet["file"], sheet.get("name"), sheet.get("url"),
                                     sheet.get("columns"), sheet.get("ids"), sheet.get("symbols")))
    return found


def sheet_decks(manifest: Document, root: Path) -> SheetDecks:
    """The sheets game.yaml ``manifest`` (validated) names for the game in ``root``, with a
    CF003 Problem at ``sheet.file`` for a file that is not there or is named by two decks."""
    out = SheetDecks(sources=sheet_sources(manifest.data))
    for source in out.sources:
        at = manifest.locate("decks", source.deck, "sheet", "file")
        if source.file in out.named:
            out.problems.append(Problem(at, SCHEMA, f"{source.file} is already the sheet of deck "
                                        f"{out.named[source.file].deck!r}", hint="one file holds one deck"))
            continue
        out.named[source.file] = source
        if not (root / source.file).exists() and not (root / source.file).is_symlink():
            hint = "run `cardforge fetch` to download it" if source.url else \
                f"put {source.file} in {root.name}/, or correct the name" if "/" not in source.file else \
                f"the path is read from {root.name}/; correct it, or move the file there"
            out.problems.append(Problem(at, SCHEMA, f"the sheet {source.file} of deck {source.deck!r} "
                                        "is not there", hint=hint))
    return out
