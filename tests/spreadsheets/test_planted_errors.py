"""Sheets with planted errors are reported at their row and column, the cell named in A1
terms; sheets in every accepted encoding and delimiter load like the YAML deck."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import xlsxwriter

from cardforge.problem import Severity
from tests.conftest import FIXTURES as SHARED
from tests.conftest import lint_files

HERE = Path(__file__).parent / "fixtures"
GAME_YAML = SHARED / "core" / "game.yaml"
OK_ROWS = [["deck", "main"], ["id", "name.en", "quantity", "marks[]"],
           ["speed-lines", "Speed Lines", 2, None], ["screen-tone", "Screen Tone", None, "experts-only"],
           ["deadline", "Deadline", None, None]]


def _lint(tmp_path: Path, name: str, source: Path | None = None):
    problems = lint_files(tmp_path, {"game.yaml": GAME_YAML, name: source or HERE / name})
    return [p for p in problems if p.severity is Severity.ERROR]


def _xlsx(path: Path, rows: list[list[object]], sheet: str = "Main", extra=None) -> Path:
    book = xlsxwriter.Workbook(path)
    page = book.add_worksheet(sheet)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                page.write(r, c, value)
    if extra:
        extra(book, page)
    book.close()
    return path


@pytest.mark.parametrize("name", ["ok_basic.csv", "ok_semicolon_bom.csv", "ok_utf16_tabs.csv"])
def test_ok_sheets_lint_clean(tmp_path, name):
    assert _lint(tmp_path, name) == []


def test_ok_xlsx_lints_clean(tmp_path):
    assert _lint(tmp_path, "ok.xlsx", _xlsx(tmp_path / "src.xlsx", OK_ROWS)) == []


@pytest.mark.parametrize(("name", "code", "row", "col", "words"), [
    ("fail_unknown_header.csv", "CF004", 2, 2, "unknown field 'nmae.en'"),
    ("fail_bad_value.csv", "CF003", 4, 3, "expected integer"),
    ("fail_missing_id.csv", "CF003", 5, 1, "'id' is required"),
    ("fail_duplicate_id.csv", "CF005", 5, 1, "speed-lines"),
    ("fail_ref_error_export.csv", "CF001", 4, 3, "#REF!"),
    ("fail_duplicate_header.csv", "CF002", 2, 4, "repeats column C"),
    ("fail_no_deck_row.csv", "CF001", 1, 1, "which deck"),
    ("fail_list_gap.csv", "CF001", 3, 4, "list position 3 of marks"),
])
def test_planted_error_is_at_its_cell(tmp_path, name, code, row, col, words):
    problems = _lint(tmp_path, name)
    found = [p for p in problems if p.code == code]
    assert found, problems
    first = found[0]
    sheet = Path(name).stem
    assert first.cell == f"{sheet}!{chr(64 + col)}{row}", first
    # no cell of these spans lines: the row is the line; the column is the cell's first character
    line = (HERE / name).read_text(encoding="utf-8").splitlines()[row - 1]
    assert first.line == row
    assert line[:first.col - 1].count(",") == col - 1 and first.col in (1, *(
        i + 2 for i, ch in enumerate(line) if ch == ",")), (first, line)
    assert words in first.message
    assert first.message.startswith(f"{name} {sheet}!{chr(64 + col)}{row}: "), first.message


def test_unknown_header_is_one_problem_with_a_suggestion(tmp_path):
    found = [p for p in _lint(tmp_path, "fail_unknown_header.csv") if p.code == "CF004"]
    assert len(found) == 1
    assert found[0].hint == "did you mean 'name.en'?"
    assert "rows 3, 4, 5" in found[0].message


def test_ref_error_formula_cell_in_xlsx(tmp_path):
    def broken(book, page):
        page.write_formula("C4", "=#REF!+1", None, "#REF!")

    rows = [list(r) for r in OK_ROWS]
    rows[3][2] = None
    problems = _lint(tmp_path, "monsters.xlsx", _xlsx(tmp_path / "src.xlsx", rows, "Monsters", broken))
    [ref] = [p for p in problems if p.code == "CF001"]
    assert (ref.line, ref.col) == (4, 3)
    assert ref.message.startswith("monsters.xlsx Monsters!C4: ")
    assert "error value" in ref.message
    assert not [p for p in problems if p.code == "CF003"]  # the row is left out, not misread


def test_date_cell_in_xlsx_is_an_error_not_a_date(tmp_path):
    def dated(book, page):
        page.write_datetime("C5", datetime.datetime(2026, 3, 4), book.add_format({"num_format": "d-m"}))

    problems = _lint(tmp_path, "main.xlsx", _xlsx(tmp_path / "src.xlsx", OK_ROWS, extra=dated))
    [date] = [p for p in problems if p.code == "CF001"]
    assert (date.line, date.col) == (5, 3) and "date" in date.message


def test_semicolon_bom_sheet_reads_the_same_cards_as_yaml(tmp_path):
    from cardforge.loading.yaml_source import load_yaml
    from cardforge.spreadsheet import load_sheet

    sheet = load_sheet(HERE / "ok_semicolon_bom.csv")
    assert sheet.left_out == []
    assert sheet.data == load_yaml(SHARED / "core" / "ok_basic.yaml").data
    assert sheet.locate("cards", 1, "marks", 0).line == 4
    assert sheet.locate("cards", 1, "marks", 0).col == 4
