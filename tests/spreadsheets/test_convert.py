"""`cardforge convert`: every shipped deck goes YAML → CSV / XLSX → YAML with equal data;
values a sheet cannot hold are refused, never lost."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.loading.yaml_source import load_yaml
from cardforge.spreadsheet import load_sheet
from cardforge.spreadsheet.cell_grid import book_grid
from cardforge.spreadsheet.deck_convert import NotExact, encode
from cardforge.spreadsheet.sheet_deck import deck_document

REPO = Path(__file__).resolve().parents[2]
GAMES = ("comic-creator", "dice-girls", "dice-tuners", "dixe-on-card", "writers-battle")


def shipped_decks() -> list[Path]:
    """Every deck file of the five games (game.yaml and dice files are not decks)."""
    found = []
    for game in GAMES:
        for path in sorted((REPO / "cards" / game).glob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if path.name != "game.yaml" and isinstance(data, dict) and "deck" in data:
                found.append(path)
    return found


DECKS = shipped_decks()


def test_every_game_has_decks():
    assert {path.parent.name for path in DECKS} == set(GAMES)


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize("deck", DECKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_round_trip_through_a_sheet_keeps_the_data(tmp_path, deck, fmt):
    original = load_yaml(deck).data
    sheet = tmp_path / f"{deck.stem}.{fmt}"
    sheet.write_bytes(encode(original, fmt, deck))
    doc = load_sheet(sheet)
    assert doc.left_out == []
    assert doc.data == original
    back = tmp_path / f"{deck.stem}.yaml"
    back.write_bytes(encode(doc.data, "yaml", sheet))
    assert load_yaml(back).data == original


def test_numbers_stay_numbers_and_text_stays_text():
    data = {"deck": "d", "cards": [{"id": "007", "n": 1, "f": 1.5, "t": "3-4", "s": "12", "b": True,
                                    "l": ["1", 2, "a b"], "e": "#REF!"}]}
    for fmt in ("csv", "xlsx"):
        encoded = encode(data, fmt, Path("d.yaml"))
        grid = book_grid(encoded, ".xlsx") if fmt == "xlsx" else None
        if grid is not None:
            assert grid.rows[2][1] == 1 and isinstance(grid.rows[2][1], int)
    text = encode(data, "csv", Path("d.yaml")).decode()
    assert "'12" in text and "'1|2|a b" in text and "'#REF!" in text and ",3-4," in text


@pytest.mark.parametrize(("card", "words"), [
    ({"id": "a", "x": None}, "null"),
    ({"id": "a", "x": []}, "empty list"),
    ({"id": "a", "x": {}}, "empty mapping"),
    ({"id": "a", "x.y": 1}, "cannot be a header part"),
])
def test_what_a_sheet_cannot_hold_is_refused(card, words):
    with pytest.raises(NotExact) as caught:
        encode({"deck": "d", "cards": [card]}, "xlsx", Path("d.yaml"))
    assert words in caught.value.problems[0].message


def test_a_number_too_long_for_xlsx_is_refused_not_rounded():
    with pytest.raises(NotExact) as caught:
        encode({"deck": "d", "cards": [{"id": "a", "n": 2 ** 60 + 1}]}, "xlsx", Path("d.yaml"))
    assert "cards/0/n" in caught.value.problems[0].message


def test_cli_writes_under_out_and_refuses_overwriting_the_source(tmp_path):
    deck = tmp_path / "cards" / "g" / "main.yaml"
    deck.parent.mkdir(parents=True)
    deck.write_text("deck: main\ncards:\n  - {id: a, name: {en: A}, marks: [x, y]}\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["convert", str(deck), "--to", "xlsx", "-w", str(tmp_path)])
    assert run.exit_code == 0, run.output
    written = tmp_path / "out" / "convert" / "main.xlsx"
    doc = deck_document(book_grid(written.read_bytes(), ".xlsx"), written)
    assert doc.data == {"deck": "main", "cards": [{"id": "a", "name": {"en": "A"}, "marks": ["x", "y"]}]}
    again = CliRunner().invoke(main, ["convert", str(deck), "--to", "yaml", "-o", str(deck),
                                      "-w", str(tmp_path)])
    assert again.exit_code == 2 and "overwritten" in again.output


def test_cli_reports_a_broken_sheet_at_its_cell(tmp_path):
    sheet = tmp_path / "bad.csv"
    sheet.write_text("deck,main\nid,name.en\na,#DIV/0!\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["convert", str(sheet), "--to", "yaml", "-w", str(tmp_path)])
    assert run.exit_code == 1
    assert "bad.csv:3:3: CF001 bad.csv bad!B3:" in run.output  # line 3, column 3 is where B3 starts
    assert not (tmp_path / "out" / "convert" / "bad.yaml").exists()
