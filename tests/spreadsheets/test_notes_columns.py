"""Notes columns: a ``#`` header (or a field the deck declares under ``ignore:``) is the
designer's, not card data: no CF004, not in the cards, not printed, kept by ``convert``."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.spreadsheet.deck_convert import read_deck
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import make_workspace

SHEET = ('id,name.en,cost,# designer notes,text.en\r\n'
         'bog-hag,Bog Hag,3,"too strong?\nsee p.3",Poisons.\r\n'
         'mud-imp,Mud Imp,1,,Sticks.\r\n')


def _game(root: Path, sheet: str = SHEET, ignore: str = "") -> Path:
    folder = make_workspace(root, "ok_wares.yaml")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace(
        "    template: {front: monster.html.j2}\n",
        "    template: {front: monster.html.j2}\n    sheet: {file: monsters.csv}\n" + ignore),
        encoding="utf-8")
    (folder / "monsters.csv").write_text(sheet, encoding="utf-8", newline="")
    return folder


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _cards(root: Path) -> dict[str, dict]:
    [(spec, folder)] = find_game_dirs(root / "cards", {})
    loaded = load_game(folder, spec)
    assert loaded.game is not None
    return {c.id: c.data for c in loaded.game.decks["monsters"].cards}


def test_hash_column_is_not_card_data_and_not_printed(tmp_path):
    _game(tmp_path)
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 0, lint.output
    cards = _cards(tmp_path)
    assert cards["bog-hag"] == {"id": "bog-hag", "name": {"en": "Bog Hag"}, "cost": 3,
                                "text": {"en": "Poisons."}}
    out = tmp_path / "built"
    build = _run("build", "--paper", "a4", "--product", "cards", "--quiet", "--jobs", "1",
                 "--out", str(out), "-w", str(tmp_path))
    assert build.exit_code == 0, build.output
    [pdf] = (out / "goblin-market").glob("*cards*.pdf")
    document = pypdfium2.PdfDocument(pdf)
    text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    document.close()
    assert "Bog Hag" in text and "Poisons." in text
    assert "too strong" not in text


def test_undeclared_plain_column_is_still_cf004(tmp_path):
    _game(tmp_path, SHEET.replace("# designer notes", "designer"))
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 1
    header = SHEET.replace("# designer notes", "designer").splitlines()[0]
    column = header.index("designer") + 1  # the header cell's character column on line 1
    assert f"monsters.csv:1:{column}: CF004" in lint.output and "monsters!D1" in lint.output


def test_column_declared_as_ignored_is_a_note(tmp_path):
    _game(tmp_path, SHEET.replace("# designer notes", "designer"), ignore="    ignore: [designer]\n")
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 0, lint.output
    assert "designer" not in _cards(tmp_path)["bog-hag"]


def test_yaml_deck_may_hold_notes_too(tmp_path):
    folder = _game(tmp_path)
    (folder / "ok_wares.yaml").write_text(
        'deck: wares\ncards:\n  - id: cursed-crown\n    name: {en: Cursed Crown}\n'
        '    "#todo": check the gold\n    gold: 2.5\n', encoding="utf-8")
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 0, lint.output


def test_convert_keeps_the_notes_column(tmp_path):
    folder = _game(tmp_path)
    for fmt in ("xlsx", "yaml", "csv"):
        target = tmp_path / f"again.{fmt}"
        result = _run("convert", str(folder / "monsters.csv"), "--to", fmt, "--output", str(target),
                      "-w", str(tmp_path))
        assert result.exit_code == 0, result.output
        data = read_deck(target)
        assert data["cards"][0]["# designer notes"] == "too strong?\nsee p.3"
        assert "# designer notes" not in data["cards"][1]
