"""A CSV cell's physical place: row and column to line and character column and back,
across quoted cells that hold line breaks, doubled quotes and CRLF line ends; and a byte
that is not UTF-8 is reported at its line and at the cell holding it."""

from __future__ import annotations

import csv
import io

import pytest

from cardforge.loading.yaml_walk import LoadError
from cardforge.spreadsheet import load_sheet
from cardforge.spreadsheet.csv_lines import CsvPlaces

TEXT = 'id,text,cost\r\na,"one\ntwo, three",3\nb,x,4\n"c","""q""",5\n'


def _places(text: str) -> CsvPlaces:
    places, read = CsvPlaces(text, ","), 0
    reader = csv.reader(io.StringIO(text, newline=""))
    for _ in reader:
        places.starts.append(read + 1)
        read = reader.line_num
    return places


def test_rows_start_on_their_physical_lines():
    assert _places(TEXT).starts == [1, 2, 4, 5]


@pytest.mark.parametrize(("row", "col", "place"), [
    (1, 3, (1, 9)), (2, 2, (2, 3)), (2, 3, (3, 13)), (3, 3, (4, 5)), (4, 2, (5, 5)), (4, 3, (5, 13)),
    (9, 2, (9, 2)),  # a row the file does not have: as given
])
def test_a_cell_is_at_its_first_character(row, col, place):
    assert _places(TEXT).place(row, col) == place


@pytest.mark.parametrize(("line", "char", "cell"),
                         [(3, 8, (2, 2)), (3, 13, (2, 3)), (4, 3, (3, 2)), (5, 12, (4, 2))])
def test_a_place_is_in_its_cell(line, char, cell):
    assert _places(TEXT).cell(line, char) == cell


def test_a_byte_that_is_not_utf8_is_at_its_line_and_cell(tmp_path):
    sheet = tmp_path / "monsters.csv"
    sheet.write_bytes(b'deck,monsters\nid,name.en,text.en\nimp,Imp,"Fli\nes"\nrat,R\xe9t,Bites\n')
    with pytest.raises(LoadError) as caught:
        load_sheet(sheet)
    [problem] = caught.value.problems
    assert (problem.line, problem.col, problem.cell) == (5, 6, "monsters!B4")
    assert problem.message == "monsters.csv monsters!B4: the sheet is not UTF-8 text (byte 0xe9)"
