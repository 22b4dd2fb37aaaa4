"""Problem: the one shape of every complaint cardforge makes, from YAML syntax to a cost outlier."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path


class Severity(StrEnum):
    """How bad a Problem is. ``error`` fails lint (exit 1); ``warning`` fails only under --strict."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Location:
    """A place in a source file: ``path`` and 1-based ``line`` and ``col`` (columns count characters)."""

    path: Path
    line: int = 1
    col: int = 1

    def shifted(self, chars: int) -> Location:
        """The same line, ``chars`` characters further right (for pointing inside a scalar)."""
        return Location(self.path, self.line, self.col + chars)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    """One complaint, pointing at the file, line and column the user must edit.

    ``code`` is a rule code such as ``CF003`` or ``CC102``; ``card`` is the card id the
    problem belongs to (used by per-card ``lint-ignore``), or None; ``hint`` says how to fix it;
    ``cell`` is the spreadsheet cell (``Monsters!E47``) for a Problem in a sheet, once its
    location is the cell's physical place (:func:`cardforge.spreadsheet.in_sheet_terms`).
    """

    location: Location
    code: str
    message: str
    severity: Severity = Severity.ERROR
    card: str | None = None
    hint: str | None = None
    cell: str | None = None

    @property
    def path(self) -> Path:
        """The file the Problem is in."""
        return self.location.path

    @property
    def line(self) -> int:
        """1-based line."""
        return self.location.line

    @property
    def col(self) -> int:
        """1-based column, in characters."""
        return self.location.col

    def with_severity(self, severity: Severity) -> Problem:
        """A copy of this Problem at another severity (configuration may raise or lower it)."""
        return replace(self, severity=severity)

    def sort_key(self) -> tuple[str, int, int, str]:
        """(path, line, col, code): the order reports list Problems in."""
        return (str(self.location.path), self.location.line, self.location.col, self.code)
