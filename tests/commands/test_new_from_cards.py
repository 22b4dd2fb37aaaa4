"""``cardforge new <id> --cards``: from the card lists a designer has (CSV with a notes
column, multi-line cells and ``$2``/``3 VP`` symbols, XLSX with two languages, JSON with
names nested per language) to printed cards in three commands, no file edited and no list
copied: the fields and symbols inferred, lint clean with faces laid out (no text overflows),
every field of every design read back from its face in the PDF, the symbols drawn as icons."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pypdfium2
import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.commands.card_lists import (
    SYMBOLS,
    event_rows,
    kingdom_rows,
    treasure_rows,
    write_events_json,
    write_kingdom_csv,
    write_treasure_xlsx,
)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "from-your-card-list.md"


def guide_commands() -> list[list[str]]:
    """The ``$ cardforge …`` lines of docs/from-your-card-list.md, as arguments."""
    text = GUIDE.read_text(encoding="utf-8")
    return [shlex.split(line[len("$ cardforge "):]) for line in text.splitlines()
            if line.startswith("$ cardforge ")]


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    workspace = tmp_path_factory.mktemp("lists")
    lists = workspace / "lists"  # where the designer keeps them: not in cards/
    lists.mkdir()
    kingdom, treasures, events = kingdom_rows(), treasure_rows(), event_rows()
    write_kingdom_csv(lists / "kingdom.csv", kingdom)
    write_treasure_xlsx(lists / "treasures.xlsx", treasures)
    write_events_json(lists / "events.json", events)
    before = tree(workspace)
    commands = guide_commands()  # the guide's own lines, run from the workspace
    assert commands[0][:2] == ["new", "market"] and len(commands) == 3
    here = os.getcwd()
    os.chdir(workspace)
    try:
        results = [run(*command, "-w", str(workspace)) for command in commands]
    finally:
        os.chdir(here)
    return workspace, lists, (kingdom, treasures, events), before, commands, results


def test_three_commands_and_no_edit_make_the_pdf(made):
    workspace, lists, _, before, commands, results = made
    assert len(commands) <= 3
    for command, result in zip(commands, results, strict=True):
        assert result.exit_code == 0, (command, result.output)
    after = tree(workspace)
    assert {name: data for name, data in after.items() if name in before} == before  # nothing edited
    written = sorted(name for name in after
                     if name not in before and not name.startswith(("out/", ".cardforge-")))
    assert written == ["cards/market/game.yaml", *(f"templates/market/icons/{icon}.svg"
                                                  for icon in sorted(set(SYMBOLS.values())))]
    assert (workspace / "out" / "market" / "market-cards-en-a4.pdf").is_file()
    assert (workspace / "out" / "market" / "market-cards-fr-a4.pdf").is_file()


def test_fields_and_symbols_are_inferred_and_printed_as_a_table(made):
    workspace, *_, results = made
    table = results[0].output
    rows = [line.split(None, 4) for line in table.splitlines()]
    assert ["kingdom", "Cost", "cost", "integer", "2 to 8"] in rows
    assert ["treasures", "text.en", "text", "localized", "text per language"] in rows
    assert ["events", "Title", "name", "name", "the card's name"] in rows
    assert ["events", "Effect", "effect", "localized", "text per language"] in rows
    assert ["kingdom", "$#", "coin", "icon", "$1 → :coin{1}:, in 10 designs"] in rows
    assert ["events", "⚔", "swords", "icon", "⚔ → :swords:, in 15 designs"] in rows
    game = yaml.safe_load((workspace / "cards" / "market" / "game.yaml").read_text(encoding="utf-8"))
    kingdom = game["decks"]["kingdom"]
    assert kingdom["fields"]["type"] == {"type": "enum", "values": ["Action", "Attack", "Victory"]}
    assert kingdom["fields"]["keywords"] == {"type": "keywords", "values": ["duration", "reaction"]}
    assert kingdom["fields"]["rules_text"] == {"type": "text"}
    assert kingdom["sheet"]["file"] == "../../lists/kingdom.csv"  # read where it is
    assert kingdom["sheet"]["columns"]["Qty"] == "quantity" and kingdom["sheet"]["ids"] == "name"
    assert kingdom["sheet"]["symbols"] == {"$#": "coin", "# VP": "vp"}
    treasures = game["decks"]["treasures"]
    assert treasures["fields"]["value"] == {"type": "integer", "min": 1, "max": 3}
    assert treasures["fields"]["text"] == {"type": "localized"}
    events = game["decks"]["events"]
    assert events["sheet"] == {"file": "../../lists/events.json",
                               "columns": {"Title": "name", "Kind": "kind", "Copies": "quantity",
                                           "Tags": "tags", "Effect": "effect"},
                               "ids": "name", "symbols": SYMBOLS}
    assert events["fields"]["tags"] == {"type": "keywords", "values": ["global", "season"]}
    assert game["languages"] == ["en", "fr"]


_SYMBOL = re.compile(r"\$([0-9])|([0-9]) VP|⚔")


def _on_face(value: str, text: str) -> bool:
    """Whether ``value`` (a field's text, with these lists' symbols) is on a face whose
    text, whitespace dropped, is ``text``: the words around the icons in order, and each
    valued icon's number (drawn as text on the icon, which PDF text extraction may give
    apart from its line)."""
    numbers = [a or b for a, b in _SYMBOL.findall(value) if a or b]
    inline = "".join(_SYMBOL.sub(lambda m: m.group(1) or m.group(2) or "", value).split())
    apart = "".join(_SYMBOL.sub("", value).split())
    return (inline in text or apart in text) and all(text.count(n) >= numbers.count(n) for n in numbers)


def test_every_field_of_every_design_is_on_its_face(made):
    workspace, _, (kingdom, treasures, events), *_ = made
    [(spec, root)] = find_game_dirs(workspace / "cards", {})
    game = load_game(root, spec).clean_game("the game made from lists")
    assert sum(len(deck.cards) for deck in game.decks.values()) == 60
    assert game.decks["kingdom"].size == sum(int(r["Qty"]) for r in kingdom)
    assert game.decks["events"].size == sum(int(r["Copies"]) for r in events)
    faces = {lang: render_card_faces(game, lang, workspace) for lang in ("en", "fr")}
    assert faces["en"].laid_out == 0 and faces["fr"].laid_out == 0  # the build laid them out already

    def face_text(card_id: str, lang: str = "en") -> str:
        rendered = faces[lang]
        document = pypdfium2.PdfDocument(rendered.files[rendered.front_page[card_id]])
        text = document[0].get_textpage().get_text_range()
        document.close()
        assert "$" not in text and "⚔" not in text and ":" not in text and not re.search("[0-9] VP", text)
        return "".join(text.split())

    for row in kingdom:
        card_id = str(row["Name"]).lower().replace(" ", "-")
        text = face_text(card_id)
        keywords = ", ".join(str(row["Keywords"]).split("|"))
        for value in (row["Name"], row["Type"], row["Cost"], row["VP"], keywords, row["Rules Text"]):
            assert _on_face(str(value), text), (card_id, value, text)
        assert "toostrong" not in text
    for row in treasures:
        text = face_text(str(row["name.en"]).lower().replace(" ", "-"))
        for value in (row["name.en"], str(row["Value"]), row["text.en"]):
            assert _on_face(str(value), text), (row["name.en"], value, text)
    for row in events:
        names, effects = row["Title"], row["Effect"]
        card_id = str(names["en"]).lower().replace(" ", "-")
        for lang in ("en", "fr"):
            text = face_text(card_id, lang)
            for value in (names[lang], row["Kind"], ", ".join(row["Tags"]), effects[lang]):
                assert _on_face(str(value), text), (card_id, lang, value, text)
            assert "playtest" not in text


def test_the_symbols_are_drawn_as_icons(made):
    """The coin's number sits on the coin's gold, read back from the face's PDF."""
    workspace, *_ = made
    [(spec, root)] = find_game_dirs(workspace / "cards", {})
    game = load_game(root, spec).clean_game("the game made from lists")
    faces = render_card_faces(game, "en", workspace)
    document = pypdfium2.PdfDocument(faces.files[faces.front_page["harvest-storm-3"]])
    page = document[0]
    textpage = page.get_textpage()
    text = textpage.get_text_range()
    at = text.index("gains") + len("gains")
    at = next(i for i in range(at, len(text)) if text[i].isdigit())
    assert text[at] == "3"  # "Each player gains $3."
    left, bottom, right, top = textpage.get_charbox(at)
    scale = 12
    image = page.render(scale=scale).to_pil().convert("RGB")
    box_left, _, _, box_top = page.get_mediabox()
    document.close()
    middle = (bottom + top) / 2
    for x, y in [(left - 0.4, middle), (right + 0.4, middle)]:  # pt, just beside the digit
        pixel = image.getpixel((round((x - box_left) * scale), round((box_top - y) * scale)))
        assert pixel[0] > 200 and 170 < pixel[1] < 235 and pixel[2] < 160, (x, y, pixel)  # the coin's gold
