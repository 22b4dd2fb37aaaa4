"""`cardforge schema <game>` writes the game's card-file schema and game.schema.json to
out/schemas/ for editors: a workspace game's made from its fields, a pack's as shipped
with the files it refers to."""

import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from jsonschema import Draft202012Validator

from cardforge.cli import main
from tests.workspace_games.conftest import GAME, make_workspace

REPO = Path(__file__).resolve().parents[2]


def test_a_workspace_game_schema_is_written_with_game_schema_beside(tmp_path):
    make_workspace(tmp_path, "ok_monsters.yaml")
    result = CliRunner().invoke(main, ["schema", GAME, "-w", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "schemas"
    assert result.output.splitlines() == [f"out/schemas/{name}" for name in
                                          ("game.schema.json", "card.schema.json", f"{GAME}.schema.json")]
    schema = json.loads((folder / f"{GAME}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["deck"]["enum"] == ["monsters", "wares"]
    assert "$id" not in schema  # as written for editors: located by the file, not an id
    assert json.loads((folder / "game.schema.json").read_text(encoding="utf-8"))["title"]


def test_a_built_in_pack_schema_comes_with_the_files_it_refers_to(tmp_path):
    shutil.copytree(REPO / "cards" / "dice-girls", tmp_path / "ws" / "cards" / "dice-girls")
    result = CliRunner().invoke(main, ["schema", "dice-girls", "-w", str(tmp_path / "ws"),
                                       "--out", str(tmp_path / "editor")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "editor" / "schemas"
    assert sorted(p.name for p in folder.iterdir()) == \
        ["card.schema.json", "dice-girls.schema.json", "game.schema.json"]
    assert (folder / "dice-girls.schema.json").read_bytes() == \
        (REPO / "schemas" / "dice-girls.schema.json").read_bytes()


def test_a_game_yaml_with_errors_stops_it_with_the_problem(tmp_path):
    make_workspace(tmp_path, game="fail_broken.game.yaml")
    result = CliRunner().invoke(main, ["schema", GAME, "-w", str(tmp_path)])
    assert result.exit_code == 1
    assert "game.yaml:3:10: CF001" in result.output
    assert not (tmp_path / "out" / "schemas").exists()


def test_help_explains_the_yaml_language_server_line():
    result = CliRunner().invoke(main, ["schema", "--help"])
    assert "# yaml-language-server: $schema=../../out/schemas/<game>.schema.json" in result.output


def test_an_unknown_game_is_a_usage_error(tmp_path):
    make_workspace(tmp_path)
    result = CliRunner().invoke(main, ["schema", "goblin-bazaar", "-w", str(tmp_path)])
    assert result.exit_code == 2 and "no game 'goblin-bazaar'" in result.output
