"""A game's catalogs as lint sees them: the files on disk, and what an update would write.

Both are computed once per loaded game (the TR rules share them) and read only here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from cardforge.boundary import trust
from cardforge.errors import DataError
from cardforge.i18n.game_catalogs import Planned, plan
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

REPORTED_PER_FILE = 100
"""Problems one rule reports in one file at most (the last says how many more there are):
a catalog of 200,000 untranslated entries gets a readable report, not 200,000 lines."""


@dataclass
class CatalogState:
    """``planned``: every catalog file with its contents on disk (``old``) and after an
    update (``new``); ``unreadable``: Problems for PO files that could not be parsed (then
    ``planned`` is empty): catalogs and rules files that cannot be read or parsed."""

    planned: list[Planned]
    unreadable: list[Problem] = field(default_factory=list)
    _lines: dict[Path, list[str]] = field(default_factory=dict, repr=False)

    def translations(self) -> list[Planned]:
        """The language catalogs (not templates) that exist on disk."""
        return [p for p in self.planned if p.lang is not None and p.old is not None]

    def entries(self) -> Iterator[tuple[Planned, Message]]:
        """Each entry (header left out) of every language catalog on disk, with its file."""
        for planned in self.translations():
            assert planned.old is not None
            for message in messages(planned.old):
                yield planned, message

    def entry_location(self, path: Path, message: Message, part: str = "msgid") -> Location:
        """Where ``message`` of the PO file ``path`` is: its msgid line, or with ``part``
        ``"msgstr"`` the line its translation starts on."""
        line = message.lineno or 1
        if part == "msgstr":
            if path not in self._lines:
                try:
                    self._lines[path] = trust.read_text(path, "po").splitlines()
                except trust.Refused:  # read moments ago; if it changed since, keep the msgid line
                    self._lines[path] = []
            lines = self._lines[path]
            line = next((n for n in range(line, len(lines) + 1)
                         if lines[n - 1].startswith("msgstr")), line)
        return Location(path, line, 1)


_memo: list[tuple[Game, CatalogState]] = []


def state(game: Game) -> CatalogState:
    """The catalog state of ``game``, computed on first use for this game object."""
    if _memo and _memo[0][0] is game:
        return _memo[0][1]
    try:
        found = CatalogState(plan(game))
    except DataError as exc:
        found = CatalogState([], unreadable=exc.problems)
    _memo[:] = [(game, found)]
    return found


def capped(problems: Iterable[Problem], limit: int = REPORTED_PER_FILE) -> Iterator[Problem]:
    """``problems`` with at most ``limit`` per file: the first ``limit`` of each file in
    order, the last of them ending with ``... and N more in this file`` when more were
    left out."""
    kept: dict[Path, int] = {}
    held: dict[Path, Problem] = {}
    more: dict[Path, int] = {}
    for problem in problems:
        count = kept.get(problem.path, 0)
        if count < limit - 1:
            kept[problem.path] = count + 1
            yield problem
        elif count == limit - 1:
            kept[problem.path] = limit
            held[problem.path] = problem
        else:
            more[problem.path] = more.get(problem.path, 0) + 1
    for path, last in held.items():
        extra = more.get(path, 0)
        yield replace(last, message=f"{last.message} ... and {extra:,} more in this file") if extra else last


def messages(catalog: Catalog) -> list[Message]:
    """The catalog's entries, header left out."""
    return [m for m in catalog if m.id and isinstance(m.id, str)]


def place(game: Game, message: Message) -> Location:
    """The first source location a catalog entry names (``#: file:line``), resolved in the
    game folder; the game's game.yaml when it names none."""
    for path, line in message.locations:
        return Location(game.root / path, int(line or 1), 1)
    return Location(game.root / "game.yaml", 1, 1)


def source_ref(message: Message) -> str:
    """The first source location a catalog entry names, as written (``rules/rules.md:12``)."""
    for path, line in message.locations:
        return f"{path}:{line}" if line else str(path)
    return "no source location"
