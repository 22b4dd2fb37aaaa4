"""What a cell's text means, and which header rows can stand."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.loading.yaml_walk import LoadError
from cardforge.spreadsheet.cell_grid import csv_grid
from cardforge.spreadsheet.cells import BadCell, a1, read_text, text_cell
from cardforge.spreadsheet.sheet_deck import deck_document
from cardforge.spreadsheet.sheet_headers import Header, check_together, parse


@pytest.mark.parametrize(("text", "value"), [
    ("1", 1), ("-3", -3), ("1.5", 1.5), ("1.0", 1.0), ("2e3", 2000.0), ("TRUE", True), ("false", False),
    ("007", "007"), ("3-4", "3-4"), ("2026-03-04", "2026-03-04"), ("'12", "12"), ("''", "'"),
    ("X=X", "X=X"), ("10+", "10+"), ("1,5", "1,5"), ("yes", "yes"), (" 3 ", 3), (" a", " a"),
])
def test_cell_text_rules(text, value):
    read = read_text(text)
    assert read == value and type(read) is type(value)
    assert read_text(text_cell(value)) == value


@pytest.mark.parametrize("text", ["#REF!", "#DIV/0!", "#N/A", "Err:502"])
def test_error_values_are_bad_cells(text):
    assert isinstance(read_text(text), BadCell)


def test_a1_names():
    assert [a1(7, 3), a1(1, 26), a1(2, 27), a1(10, 703)] == ["C7", "Z1", "AA2", "AAA10"]


def test_dotted_headers():
    assert parse("name.en", 2) == Header(2, "name.en", ("name", "en"), False)
    assert parse("abilities.2.kind", 5).path == ("abilities", 1, "kind")
    assert parse("marks[]", 3).is_list
    for bad in ("name..en", "1.kind", "abilities.0.kind", "name. en"):
        assert not isinstance(parse(bad, 1), Header), bad


@pytest.mark.parametrize(("headers", "col", "words"), [
    (["id", "name", "name.en"], 3, "cannot stand beside 'name'"),
    (["id", "name.en", "name"], 3, "cannot stand beside 'name.en'"),
    (["id", "a.1.kind", "a.kind"], 3, "cannot stand beside 'a.1.kind'"),
    (["id", "cost", "cost"], 3, "repeats column B"),
])
def test_headers_that_cannot_stand_together(headers, col, words):
    [error] = check_together([parse(text, n) for n, text in enumerate(headers, start=1)])
    assert error.col == col and words in error.message


def test_a_value_without_a_header_is_an_error_at_its_cell():
    grid = csv_grid(b"deck,main\nid,,name.en\na,stray,A\nb,,B\n", "main")
    doc = deck_document(grid, Path("main.csv"))
    problems = doc.left_out
    assert [c["id"] for c in doc.data["cards"]] == ["b"]
    [problem] = problems
    assert (problem.line, problem.col) == (3, 2) and "no header" in problem.message


def test_empty_cells_are_absent_and_blank_rows_are_no_card():
    grid = csv_grid(b"deck,main\nid,name.en,cost.white\na,A,\n,,\nb,B,2\n", "main")
    doc = deck_document(grid, Path("main.csv"))
    problems = doc.left_out
    assert problems == []
    assert doc.data["cards"] == [{"id": "a", "name": {"en": "A"}}, {"id": "b", "name": {"en": "B"},
                                                                  "cost": {"white": 2}}]
    assert (doc.locate("cards", 1, "cost", "white").line, doc.locate("cards", 1).line) == (5, 5)


def test_a_deck_row_that_disagrees_with_game_yaml(tmp_path):
    grid = csv_grid(b"deck,other\nid\na\n", "main")
    with pytest.raises(LoadError) as caught:
        deck_document(grid, Path("main.csv"), deck="main")
    [problem] = caught.value.problems
    assert (problem.line, problem.col) == (1, 2) and "'other'" in problem.message
