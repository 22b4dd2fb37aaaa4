"""A JSON card list as a deck file, read where it is: game.yaml's ``sheet: {file: …}`` names
it (in the game's folder or elsewhere in the workspace), its cards are validated with every
Problem at the JSON file's line and column, notes keys and nulls are no card data, and a file
outside the workspace is refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.spreadsheet.json_deck import json_deck

GAME = """id: market
name: {en: Market}
languages: [en, fr]
players: {min: 2, max: 4}
card: {size: poker, bleed: 3, safe: 4}
decks:
  kingdom:
    name: {en: Kingdom}
    sheet: {file: FILE, columns: {Card: name, Qty: quantity}, ids: name}
    fields:
      cost: {type: integer, min: 0, max: 9}
      text: {type: localized}
    layout:
      front:
        title: {field: name, top: 5, left: 5, right: 5, height: 8}
        text: {field: text, top: 15, left: 5, right: 5, height: 30}
"""
CARDS = [{"Card": {"en": "Gold Mine", "fr": "Mine d'or"}, "Qty": 3, "cost": 4,
          "text": {"en": "Gain a Gold.", "fr": "Gagnez un Or."}, "# note": "strong?"},
         {"Card": {"en": "Moat", "fr": "Douves"}, "Qty": 2, "cost": 2,
          "text": {"en": "Block.", "fr": "Bloquez."}, "unused": None}]


def _workspace(root: Path, cards: list, where: str = "data/kingdom.json") -> Path:
    game = root / "cards" / "market"
    game.mkdir(parents=True)
    target = root / where
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(cards, indent=2, ensure_ascii=False), encoding="utf-8")
    ref = Path("../..") / where if not where.startswith("cards/market/") else Path(where).name
    (game / "game.yaml").write_text(GAME.replace("FILE", str(ref)), encoding="utf-8")
    return target


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_list_elsewhere_in_the_workspace_lints_and_builds_where_it_is(tmp_path):
    _workspace(tmp_path, CARDS)
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 0, lint.output
    build = _run("build", "market", "--product", "cards", "--paper", "a4", "--quiet", "--jobs", "1",
                 "-w", str(tmp_path))
    assert build.exit_code == 0, build.output
    assert sorted(p.name for p in (tmp_path / "cards" / "market").iterdir()) == ["game.yaml"]


def test_a_bad_value_is_reported_at_its_line_and_column(tmp_path):
    cards = [dict(CARDS[0]), dict(CARDS[1], cost="two")]
    path = _workspace(tmp_path, cards, "cards/market/kingdom.json")
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if '"two"' in text)
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 1
    col = lines[line - 1].index('"two"') + 1
    assert f"kingdom.json:{line}:{col}: CF003" in lint.output


def test_a_syntax_error_is_located(tmp_path):
    path = _workspace(tmp_path, CARDS, "cards/market/kingdom.json")
    path.write_text(path.read_text(encoding="utf-8").replace('"Qty": 2,', '"Qty": 2'), encoding="utf-8")
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 1
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if '"Qty": 2' in text)
    assert f"kingdom.json:{line + 1}:" in lint.output and "CF001 not valid JSON" in lint.output


def test_notes_and_nulls_are_not_card_data_and_ids_come_from_names(tmp_path):
    path = _workspace(tmp_path, CARDS)
    doc = json_deck(path, "kingdom", columns={"Card": "name", "Qty": "quantity"}, ids="name")
    first, second = doc.data["cards"]
    assert first == {"name": {"en": "Gold Mine", "fr": "Mine d'or"}, "quantity": 3, "cost": 4,
                     "text": {"en": "Gain a Gold.", "fr": "Gagnez un Or."}, "id": "gold-mine"}
    assert "unused" not in second and second["id"] == "moat"
    assert doc.locate("cards", 1, "id") == doc.locate("cards", 1, "name")
    assert doc.locate("cards", 0, "quantity").line == 7  # "Qty": 3 in the indented file


def test_a_list_outside_the_workspace_is_refused(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    _workspace(tmp_path / "elsewhere", CARDS)
    new = _run("new", "shop", "--cards", str(tmp_path / "elsewhere" / "data" / "kingdom.json"),
               "-w", str(workspace))
    assert new.exit_code == 2
    assert "outside the workspace" in new.output and "-w " in new.output
    assert not (workspace / "cards").exists()
    game = workspace / "cards" / "market"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME.replace("FILE", "../../../elsewhere/data/kingdom.json"),
                                    encoding="utf-8")
    lint = _run("lint", "-w", str(workspace))
    assert lint.exit_code == 1 and "is outside the workspace" in lint.output


def test_catalogs_name_a_list_elsewhere_from_the_game_folder(tmp_path):
    """Same bytes on every machine: a PO reference is ../../data/kingdom.json:N, never an
    absolute path."""
    path = _workspace(tmp_path, CARDS)
    update = _run("i18n", "update", "-w", str(tmp_path))
    assert update.exit_code == 0, update.output
    pot = (tmp_path / "cards" / "market" / "locale" / "cards.pot").read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if '"en": "Gain a Gold."' in text)
    assert f"#: ../../data/kingdom.json:{line}\nmsgid \"Gain a Gold.\"" in pot
    assert str(tmp_path) not in pot


def test_new_keeps_an_object_that_is_not_by_language_as_a_note(tmp_path):
    cards = [dict(card, Stats={"atk": 2, "def": 1}, Mixed=[1] if n else "x") for n, card in enumerate(CARDS)]
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "k.json").write_text(json.dumps(cards), encoding="utf-8")
    new = _run("new", "shop", "--cards", str(tmp_path / "lists" / "k.json"), "-w", str(tmp_path))
    assert new.exit_code == 0, new.output
    rows = [line.split(None, 4) for line in new.output.splitlines()]
    assert ["k", "Stats", "stats", "note", "an object not by language: kept as a note"] in rows
    assert ["k", "Card", "name", "name", "the card's name"] in rows
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 0, lint.output
