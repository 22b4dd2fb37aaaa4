"""``cardforge new <id> --cards``: from the card lists a designer has (CSV with a notes
column and multi-line cells, XLSX with two languages) to printed cards in three commands,
no file edited: the fields inferred, lint clean with faces laid out (no text overflows),
every field of every design read back from its face in the PDF."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pypdfium2
import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.commands.card_lists import kingdom_rows, treasure_rows, write_kingdom_csv, write_treasure_xlsx


def run(*args: str):
    return CliRunner().invoke(main, list(args))


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "from-your-card-list.md"


def guide_commands() -> list[list[str]]:
    """The ``$ cardforge …`` lines of docs/from-your-card-list.md, as arguments."""
    text = GUIDE.read_text(encoding="utf-8")
    return [shlex.split(line[len("$ cardforge "):]) for line in text.splitlines()
            if line.startswith("$ cardforge ")]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    workspace = tmp_path_factory.mktemp("lists")
    folder = workspace / "cards" / "market"
    folder.mkdir(parents=True)
    kingdom, treasures = kingdom_rows(), treasure_rows()
    write_kingdom_csv(folder / "kingdom.csv", kingdom)
    write_treasure_xlsx(folder / "treasures.xlsx", treasures)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    commands = guide_commands()  # the guide's own lines, run from the workspace
    assert commands[0][:2] == ["new", "market"] and len(commands) == 3
    here = os.getcwd()
    os.chdir(workspace)
    try:
        results = [run(*command, "-w", str(workspace)) for command in commands]
    finally:
        os.chdir(here)
    return workspace, folder, kingdom, treasures, before, commands, results


def test_three_commands_and_no_edit_make_the_pdf(made):
    workspace, folder, _, _, before, commands, results = made
    assert len(commands) <= 3
    for command, result in zip(commands, results, strict=True):
        assert result.exit_code == 0, (command, result.output)
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name != "game.yaml"} == before
    assert (workspace / "out" / "market" / "market-cards-en-a4.pdf").is_file()


def test_fields_are_inferred_and_printed_as_a_table(made):
    workspace, folder, *_, results = made
    table = results[0].output
    rows = [line.split(None, 4) for line in table.splitlines()]
    assert ["kingdom", "Cost", "cost", "integer", "2 to 8"] in rows
    assert ["treasures", "text.en", "text", "localized", "text per language"] in rows
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    kingdom = game["decks"]["kingdom"]
    assert kingdom["fields"]["type"] == {"type": "enum", "values": ["Action", "Attack", "Victory"]}
    assert kingdom["fields"]["keywords"] == {"type": "keywords", "values": ["duration", "reaction"]}
    assert kingdom["fields"]["rules_text"] == {"type": "text"}
    assert kingdom["sheet"]["columns"]["Qty"] == "quantity" and kingdom["sheet"]["ids"] == "name"
    treasures = game["decks"]["treasures"]
    assert treasures["fields"]["value"] == {"type": "integer", "min": 1, "max": 3}
    assert treasures["fields"]["text"] == {"type": "localized"}
    assert game["languages"] == ["en", "fr"]


def test_every_field_of_every_design_is_on_its_face(made):
    workspace, folder, kingdom, treasures, *_ = made
    [(spec, root)] = find_game_dirs(workspace / "cards", {})
    game = load_game(root, spec).clean_game("the game made from lists")
    assert sum(len(deck.cards) for deck in game.decks.values()) == 60
    assert game.decks["kingdom"].size == sum(int(r["Qty"]) for r in kingdom)
    faces = render_card_faces(game, "en", workspace)
    assert faces.laid_out == 0  # the build laid them out already: the same faces

    def face_text(card_id: str) -> str:
        document = pypdfium2.PdfDocument(faces.files[faces.front_page[card_id]])
        text = document[0].get_textpage().get_text_range()
        document.close()
        return " ".join(text.split())

    for row in kingdom:
        card_id = str(row["Name"]).lower().replace(" ", "-")
        text = face_text(card_id)
        keywords = ", ".join(str(row["Keywords"]).split("|"))
        for value in (row["Name"], row["Type"], str(row["Cost"]), str(row["VP"]), keywords,
                      " ".join(str(row["Rules Text"]).split())):
            assert value in text, (card_id, value, text)
        assert "too strong" not in text
    for row in treasures:
        text = face_text(str(row["name.en"]).lower().replace(" ", "-"))
        for value in (row["name.en"], str(row["Value"]), row["text.en"]):
            assert value in text, (row["name.en"], value, text)
