"""Deck files from spreadsheets: ``*.csv``, ``*.xlsx`` and ``*.ods`` in ``cards/<game>/``.

A sheet is read into the same :class:`~cardforge.loading.document.Document` a YAML card file
gives (:mod:`~cardforge.spreadsheet.sheet_deck`), each value located at its cell, so everything
downstream is unchanged. Owns reading a sheet safely (:mod:`~cardforge.spreadsheet.sheet_xml`,
:mod:`~cardforge.spreadsheet.cell_grid`), what a cell and a header mean
(:mod:`~cardforge.spreadsheet.cells`, :mod:`~cardforge.spreadsheet.sheet_headers`), CSV physical
lines (:mod:`~cardforge.spreadsheet.csv_lines`), naming cells in messages
(:mod:`~cardforge.spreadsheet.sheet_terms`), the sheets game.yaml names
(:mod:`~cardforge.spreadsheet.deck_sheets`) and writing and converting decks
(:mod:`~cardforge.spreadsheet.sheet_write`, :mod:`~cardforge.spreadsheet.deck_convert`). May import
:mod:`cardforge.loading`, :mod:`cardforge.boundary` and the root's shapes; docs/spreadsheets.md is
the designer's guide."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardforge.boundary import trust
from cardforge.loading.yaml_source import gc_paused
from cardforge.loading.yaml_walk import YAML_SYNTAX, LoadError
from cardforge.problem import Location, Problem
from cardforge.spreadsheet.cell_grid import Unreadable, read_grid
from cardforge.spreadsheet.sheet_deck import SheetDocument, deck_document
from cardforge.spreadsheet.sheet_terms import in_cell_terms, in_sheet_terms

SHEET_SUFFIXES = (".csv", ".xlsx", ".ods")
"""The file name endings read as sheets."""

__all__ = ["SHEET_SUFFIXES", "SheetDocument", "in_sheet_terms", "is_sheet", "load_sheet"]


def is_sheet(path: Path) -> bool:
    """Whether ``path`` is named like a sheet (``.csv``, ``.xlsx``, ``.ods``, any case)."""
    return path.suffix.lower() in SHEET_SUFFIXES


def load_sheet(path: Path, deck: str | None = None, sheet: str | None = None, *,
               columns: dict[str, str] | None = None, ids: str | None = None) -> SheetDocument:
    """The deck file in sheet ``path`` (its first sheet, or the one named ``sheet``), the
    Problems of the rows left out in its ``left_out``, each in cell terms. ``deck`` is the deck game.yaml
    names the file for, if any; ``columns`` and ``ids`` as its ``sheet:`` entry says
    (:func:`~cardforge.spreadsheet.sheet_deck.deck_document`).

    Raises :class:`~cardforge.loading.yaml_walk.LoadError` (CF001/CF002 in cell terms) for a file
    the trust boundary refuses, one that is not a readable sheet, or a sheet without a deck
    or headers.
    """
    name = sheet or path.stem
    places = None
    try:
        grid = read_grid(path, sheet)
        name, places = grid.sheet, grid.places
        with gc_paused():  # many small objects that live on (see cardforge.loading.yaml_source)
            doc = deck_document(grid, path, deck, columns=columns, ids=ids)
    except trust.Refused as refused:
        raise LoadError([refused.problem(YAML_SYNTAX)]) from None
    except Unreadable as exc:
        raise LoadError([_unreadable(path, name, exc)]) from None
    except LoadError as exc:
        raise LoadError([in_cell_terms(p, name, places) for p in exc.problems]) from None
    doc.left_out = [in_cell_terms(p, name, places) for p in doc.left_out]
    return doc


def _unreadable(path: Path, sheet: str, exc: Unreadable) -> Problem:
    """The Problem of a sheet that could not be read, at its cell; a CSV's ``exc`` is at a
    physical line and column, which name the cell holding it."""
    problem = Problem(Location(path, exc.row, exc.col), YAML_SYNTAX, f"the sheet {exc.reason}", hint=exc.hint)
    if exc.places is None:
        return in_cell_terms(problem, sheet)
    row, col = exc.places.cell(exc.row, exc.col)
    return replace(in_cell_terms(replace(problem, location=Location(path, row, col)), sheet),
                   location=problem.location)
