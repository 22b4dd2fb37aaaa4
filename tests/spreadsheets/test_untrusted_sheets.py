"""Sheets are untrusted like every workspace file: links out, zip bombs, oversized sheets,
other encodings and broken archives are located errors, never a crash or a hang."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from cardforge.boundary import trust
from cardforge.loading.yaml_walk import LoadError
from cardforge.spreadsheet import load_sheet

HERE = Path(__file__).parent / "fixtures"


def _problem(path: Path):
    with pytest.raises(LoadError) as caught:
        load_sheet(path)
    [problem] = caught.value.problems
    return problem


def test_a_link_out_of_the_workspace_is_refused(tmp_path):
    outside = tmp_path / "outside.csv"
    outside.write_bytes((HERE / "ok_basic.csv").read_bytes())
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "main.csv").symlink_to(outside)
    with trust.confined(workspace):
        problem = _problem(workspace / "main.csv")
    assert problem.code == "CF001" and "outside the workspace" in problem.message


def test_a_zip_bomb_is_refused_before_it_is_opened(tmp_path):
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (trust.MAX_SHEET_UNPACKED + 1))
    assert bomb.stat().st_size < 2 * trust.MiB
    problem = _problem(bomb)
    assert "would unpack to more than" in problem.message
    assert problem.message.startswith("bomb.xlsx bomb!A1: ")


def test_too_many_rows_is_an_error_at_the_first_row_past_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(trust, "MAX_SHEET_ROWS", 3)
    problem = _problem(HERE / "ok_basic.csv")
    assert problem.line == 4
    assert problem.message == "ok_basic.csv ok_basic!A4: the sheet has more than 3 rows"


def test_latin1_csv_names_the_first_bad_byte(tmp_path):
    sheet = tmp_path / "main.csv"
    sheet.write_bytes("deck,main\nid,name.en\ncafe,Café\n".encode("latin-1"))
    problem = _problem(sheet)
    assert (problem.line, problem.col) == (3, 9)
    assert "not UTF-8" in problem.message and problem.hint == 'save the sheet as "CSV UTF-8"'


def test_a_broken_workbook_is_an_error_not_a_crash(tmp_path):
    sheet = tmp_path / "main.xlsx"
    sheet.write_bytes(b"PK\x03\x04 this is not a workbook")
    problem = _problem(sheet)
    assert "is not a XLSX workbook" in problem.message and problem.hint


def test_a_folder_named_like_a_sheet_is_reported(tmp_path):
    (tmp_path / "main.csv").mkdir()
    assert "is a folder" in _problem(tmp_path / "main.csv").message
