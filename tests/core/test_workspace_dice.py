"""Dice files: a top-level ``dice:`` file is loaded apart from card files, with its source
map, and validated by the pack schema's ``$defs/dice-file``."""

from __future__ import annotations

from cardforge.games.dixe_on_card import GAME as DIXE
from cardforge.workspace.game_loading import is_dice_file, load_game
from tests.conftest import FIXTURES, GENERIC

GAME_YAML = "id: generic\nname: {en: G}\nlanguages: [en]\nplayers: {min: 1, max: 2}\n" \
            "card: {width: 63, height: 88}\ndecks:\n  main: {name: {en: Main}}\n"
DIXE_GAME = FIXTURES.parents[1] / "cards" / "dixe-on-card" / "game.yaml"


def _write(root, files):
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")


def test_a_dice_file_is_kept_apart_with_its_source_map(tmp_path):
    root = tmp_path / "cards" / "dixe-on-card"
    _write(root, {"game.yaml": DIXE_GAME.read_text(encoding="utf-8"),
                  "dice.yaml": "dice:\n  - id: d\n    name: {en: D}\n    set: crypte\n"
                               "    faces: [character, skull, skull, skull, skull, skull]\n"})
    loaded = load_game(root, DIXE)
    assert loaded.problems == []
    game = loaded.game
    assert game.documents == [] and len(game.dice_documents) == 1
    doc = game.dice_documents[0]
    assert is_dice_file(doc)
    assert doc.locate("dice", 0, "faces").line == 5


def test_a_dice_file_is_checked_by_the_pack_schema(tmp_path):
    root = tmp_path / "cards" / "dixe-on-card"
    _write(root, {"game.yaml": DIXE_GAME.read_text(encoding="utf-8"),
                  "dice.yaml": "dice:\n  - id: d\n    set: crypte\n    faces: [skull]\n"
                               "    colour: red\n"})
    problems = load_game(root, DIXE).problems
    assert [(p.code, p.line) for p in problems] == [("CF003", 2), ("CF003", 5)]
    assert "'name' is required" in problems[0].message


def test_a_pack_without_dice_files_reports_the_dice_key(tmp_path):
    root = tmp_path / "cards" / "generic"
    _write(root, {"game.yaml": GAME_YAML, "x.yaml": "# dice\ndice: []\n"})
    loaded = load_game(root, GENERIC)
    assert [(p.code, p.line, p.col) for p in loaded.problems] == [("CF003", 2, 1)]
    assert "has no dice files" in loaded.problems[0].message
    assert loaded.game.dice_documents and not loaded.game.documents
