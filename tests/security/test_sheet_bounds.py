"""Attacks on the workbook reader and on `convert`'s CSV (issue 34): a workbook is bounded
from its XML before calamine builds a range, its XML is read by a real parser (no
backtracking scan, no entities), and text that starts like a formula is never exported as
one. Each test plants the attack and checks the located, bounded outcome."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardforge.boundary import trust
from cardforge.cli import main
from cardforge.spreadsheet.cell_grid import book_grid
from cardforge.spreadsheet.deck_convert import read_deck
from cardforge.spreadsheet.sheet_xml import Unreadable
from tests.security.conftest import Attack, run_contained
from tests.security.sheet_books import ods, ods_cell, text_cell, worksheet, xlsx

HEAD = '<row r="1">' + text_cell("A1", "deck") + text_cell("B1", "skills") + "</row>"


def _plant(attack: Attack, name: str, data: bytes) -> Path:
    path = attack.root / name
    path.write_bytes(data)
    return path


def _refused(data: bytes, suffix: str = ".xlsx") -> Unreadable:
    with pytest.raises(Unreadable) as caught:
        book_grid(data, suffix)
    return caught.value


def test_a_15_kb_workbook_spanning_a1_to_xfd1048576_is_refused_at_its_last_cell(attack):
    book = xlsx(worksheet(HEAD + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'))
    assert len(book) < 2000  # the 1.5 KB of the report: calamine asked for 550 GB and aborted
    _plant(attack, "bomb.xlsx", book)
    run = run_contained(attack, "lint", memory_gib=1.5, timeout=120)
    assert run.code == 1, run.output
    assert "bomb.xlsx:1048576:16384" in run.output
    assert ("bomb.xlsx bomb!XFD1048576: the sheet has a cell in row 1,048,576, past the limit of "
            "200,000 rows") in run.output


def test_a_sheet_inside_the_row_and_column_limits_but_too_many_cells_is_refused_before_it_is_built(attack):
    # A1 and ALL200000: 200,000 rows by 1,000 columns, the old limits, 200 million cells (over 8 GB)
    book = xlsx(worksheet(HEAD + '<row r="200000"><c r="ALL200000"><v>1</v></c></row>'))
    _plant(attack, "wide.xlsx", book)
    run = run_contained(attack, "lint", memory_gib=1.5, timeout=120)
    assert run.code == 1, run.output
    assert "wide.xlsx wide!ALL200000: the sheet spans 200,000 rows by 1,000 columns, more than " \
           f"{trust.MAX_SHEET_CELLS:,} cells" in run.output


def test_a_dimension_claiming_the_whole_grid_is_refused_without_any_far_cell():
    refused = _refused(xlsx(worksheet(HEAD, dimension="A1:XFD1048576")))
    assert (refused.row, refused.col) == (1048576, 16384)


def test_a_cell_without_a_reference_counts_after_the_previous_one():
    cells = "".join("<c><v>1</v></c>" for _ in range(trust.MAX_SHEET_COLUMNS + 1))
    refused = _refused(xlsx(worksheet(HEAD + f'<row r="2">{cells}</row>')))
    assert (refused.row, refused.col) == (2, trust.MAX_SHEET_COLUMNS + 1)
    assert "past the limit of 1,000 columns" in refused.reason


def test_ods_repeated_rows_and_columns_count_as_the_cells_they_stand_for(attack):
    table = ('<table:table table:name="Cards"><table:table-row>' + ods_cell("deck") + ods_cell("skills")
             + '</table:table-row><table:table-row table:number-rows-repeated="1048575">'
             + ods_cell("x", 16384) + "</table:table-row></table:table>")
    _plant(attack, "repeat.ods", ods(table))
    run = run_contained(attack, "lint", memory_gib=1.5, timeout=120)
    assert run.code == 1, run.output
    assert "repeat.ods repeat!ALM2: the sheet (table 'Cards') has a cell in column 1,001" in run.output


def test_ods_empty_repeats_to_the_sheets_edge_are_not_cells():
    table = ('<table:table table:name="Cards"><table:table-row>' + ods_cell("deck") + ods_cell("skills")
             + '<table:table-cell table:number-columns-repeated="16382"/></table:table-row>'
             + '<table:table-row table:number-rows-repeated="1048575">'
             + '<table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table>')
    assert book_grid(ods(table), ".ods").rows == [["deck", "skills"]]


def test_the_error_cell_scan_does_not_backtrack(attack):
    # The old scan, a regex with two lazy [^>]*? runs, took 18 s on 1.4 KB of this and 8x per
    # doubling; 64 KB is days. A pull parser reads it once and says where it stops parsing.
    book = xlsx(worksheet(HEAD).replace("</sheetData>", '<c r="A2" ' * 8000 + "</sheetData>"))
    _plant(attack, "slow.xlsx", book)
    run = run_contained(attack, "lint", memory_gib=1.5, timeout=60)
    assert run.code == 1, run.output
    assert "slow.xlsx slow!A1: the sheet has XML that does not parse in xl/worksheets/sheet1.xml" \
        in run.output


def test_error_cells_are_still_found_by_the_parser():
    book = xlsx(worksheet(HEAD + '<row r="2">' + text_cell("A2", "id")
                          + '<c t="e" r="C2"><f>1/0</f><v>#DIV/0!</v></c></row>'))
    rows = book_grid(book, ".xlsx").rows
    assert rows[1][0] == "id" and rows[1][1] is None
    assert "error value" in rows[1][2].reason


def test_a_document_type_in_the_sheet_xml_is_refused_not_expanded():
    laughs = ('<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">'
              + "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(9))
              + "]>" + worksheet(HEAD).split("?>", 1)[1].replace("skills", "&j;"))
    refused = _refused(xlsx(laughs))
    assert refused.reason == "has a document type declaration in xl/worksheets/sheet1.xml"


def test_shared_texts_past_the_cell_limit_are_refused(monkeypatch):
    monkeypatch.setattr(trust, "MAX_SHEET_CELLS", 100)
    shared = '<?xml version="1.0"?><sst xmlns="x">' + "<si/>" * 101 + "</sst>"
    refused = _refused(xlsx(worksheet(HEAD), shared=shared))
    assert refused.reason == "has more than 100 shared texts"


def test_a_workbook_without_its_sheet_xml_is_located_not_a_crash():
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx(worksheet(HEAD)))) as source, \
            zipfile.ZipFile(buffer, "w") as archive:
        for info in source.infolist():
            if info.filename != "xl/worksheets/sheet1.xml":
                archive.writestr(info, source.read(info))
    refused = _refused(buffer.getvalue())
    assert "xl/worksheets/sheet1.xml" in refused.reason and "is missing" in refused.reason


FORMULAS = {"name": "=HYPERLINK(\"https://example.com\",\"click\")", "text": "+cmd|' /C calc'!A0",
            "cost": "-2+3", "tag": "@SUM(1,2)", "tab": "\t=1", "plain": "a=b"}


def _deck_file(tmp_path: Path) -> Path:
    cards = [{"id": "a", **FORMULAS, "marks": ["-x", "ok"], "costs": [-2, 3], "power": -3}]
    path = tmp_path / "skills.yaml"
    path.write_text(yaml.safe_dump({"deck": "skills", "cards": cards}, allow_unicode=True), encoding="utf-8")
    return path


def test_csv_export_neutralises_formula_text_and_reads_it_back_unchanged(tmp_path):
    source = _deck_file(tmp_path)
    target = tmp_path / "out" / "skills.csv"
    run = CliRunner().invoke(main, ["convert", str(source), "--to", "csv", "--output", str(target),
                                    "-w", str(tmp_path)])
    assert run.exit_code == 0, run.output
    rows = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8"), newline="")))
    cells = [cell for row in rows[2:] for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")
                or (cell.startswith("-") and not cell.lstrip("-").isdigit())]
    assert "'=HYPERLINK(\"https://example.com\",\"click\")" in cells and "a=b" in cells
    assert "-3" in cells  # a number stays a number
    assert read_deck(target) == read_deck(source)


def test_xlsx_export_writes_formula_text_as_text_cells(tmp_path):
    source = _deck_file(tmp_path)
    target = tmp_path / "out" / "skills.xlsx"
    run = CliRunner().invoke(main, ["convert", str(source), "--to", "xlsx", "--output", str(target),
                                    "-w", str(tmp_path)])
    assert run.exit_code == 0, run.output
    with zipfile.ZipFile(target) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
    assert b"<f>" not in sheet and b"<f " not in sheet
    assert read_deck(target) == read_deck(source)
