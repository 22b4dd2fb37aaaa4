"""A third-party pack brings its own schema files (GameSpec.schemas_dir): they are used
like built-in ones, may build on card.schema.json by file name, and a schema that is
missing or broken is a ConfigError naming the pack, where it comes from and the file."""

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

import cardforge.commands as commands
from cardforge.cli import main
from cardforge.commands import lint_command
from cardforge.errors import ConfigError
from cardforge.model import game_packs as packs
from cardforge.model.game_packs import GameSpec
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import GAME, make_workspace

PACK_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "required": ["deck", "cards"], "additionalProperties": False,
    "properties": {"deck": {"type": "string"},
                   "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}}},
    "$defs": {
        "card": {"$ref": "card.schema.json#/$defs/card", "unevaluatedProperties": False,
                 "properties": {"cost": {"type": "integer"}, "attack": {"type": "integer"},
                                "element": {"type": "string"}, "keywords": {"type": "array"},
                                "price": {"type": "string"}}},
        "facts": {"type": "object", "properties": {"gold": {"type": "integer"}}},
    },
}


def _pack(tmp_path, files: dict[str, str] | None = None, schema: str = "goblin.schema.json") -> GameSpec:
    folder = tmp_path / "site-packages" / "goblin_pack" / "schemas"
    folder.mkdir(parents=True)
    for name, text in (files if files is not None else {schema: json.dumps(PACK_SCHEMA)}).items():
        (folder / name).write_text(text, encoding="utf-8")
    return GameSpec(id=GAME, names={"en": "Goblin Market"}, schema=schema, schemas_dir=folder)


def _load(tmp_path, spec, *cards):
    make_workspace(tmp_path, *cards)
    [(found, folder)] = find_game_dirs(tmp_path / "cards", {GAME: spec})
    assert found is spec
    return load_game(folder, spec)


def test_the_pack_schema_checks_cards_and_builds_on_card_schema(tmp_path):
    spec = _pack(tmp_path)
    assert _load(tmp_path, spec, "ok_monsters.yaml").problems == []
    (tmp_path / "cards" / GAME / "ok_monsters.yaml").write_text(
        "deck: monsters\ncards:\n  - {id: bog-hag, name: {en: Bog Hag}, cots: 3}\n", encoding="utf-8")
    [problem] = load_game(tmp_path / "cards" / GAME, spec).problems
    assert (problem.code, problem.line, problem.hint) == ("CF004", 3, "did you mean 'cost'?")


def test_a_schema_file_the_folder_lacks_names_the_pack(tmp_path):
    spec = _pack(tmp_path, schema="goblin-market.schema.json", files={"other.schema.json": "{}"})
    with pytest.raises(ConfigError) as error:
        _load(tmp_path, spec)
    message = error.value.format_message()
    assert f"game pack '{GAME}'" in message and "'goblin-market.schema.json'" in message
    assert str(spec.schemas_dir) in message and "there: other.schema.json" in message


def test_a_missing_schemas_folder_names_the_pack(tmp_path):
    spec = GameSpec(id=GAME, names={}, schema="goblin.schema.json", schemas_dir=tmp_path / "gone")
    with pytest.raises(ConfigError, match=f"game pack '{GAME}': schemas folder .*gone not found"):
        _load(tmp_path, spec)


def test_a_schema_found_nowhere_is_not_a_key_error(tmp_path):
    spec = GameSpec(id=GAME, names={}, schema="goblin-market.schema.json")
    with pytest.raises(ConfigError, match="is not a built-in schema") as error:
        _load(tmp_path, spec)
    assert "schemas_dir" in error.value.hint


@pytest.mark.parametrize(("text", "expected"), [
    ('{"type": "object",\n "required": [deck]}', r"goblin.schema.json:2:15: not valid JSON"),
    ('{"type": 12}', r"goblin.schema.json: not a valid JSON Schema at type"),
    ('[1]', r"a JSON Schema is an object, not list"),
    ('{"$ref": "nowhere.schema.json#/x"}', r"\$ref 'nowhere.schema.json#/x' leads to no schema"),
])
def test_a_broken_schema_file_is_named_with_the_pack(tmp_path, text, expected):
    spec = _pack(tmp_path, files={"goblin.schema.json": text})
    with pytest.raises(ConfigError, match=expected) as error:
        _load(tmp_path, spec)
    assert error.value.format_message().startswith(f"game pack '{GAME}'")


def test_the_entry_point_and_package_are_named_when_installed(tmp_path, monkeypatch):
    spec = GameSpec(id=GAME, names={}, schema="goblin-market.schema.json")
    entry = SimpleNamespace(name=GAME, value="goblin_pack:GAME", dist=SimpleNamespace(name="goblin-pack"))
    monkeypatch.setattr(packs, "entry_points", lambda group: [entry])
    with pytest.raises(ConfigError) as error:
        _load(tmp_path, spec)
    assert error.value.format_message().startswith(
        f"entry point '{GAME}' of package 'goblin-pack' (goblin_pack:GAME): its schema")


def test_lint_reports_it_in_one_line_with_exit_2(tmp_path, monkeypatch):
    spec = GameSpec(id=GAME, names={}, schema="goblin-market.schema.json")
    monkeypatch.setattr(lint_command, "discover", lambda: {GAME: spec})
    make_workspace(tmp_path, "ok_monsters.yaml")
    result = CliRunner().invoke(main, ["lint", "-w", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "is not a built-in schema" in result.output and "Traceback" not in result.output


def test_cardforge_schema_writes_the_pack_schema_with_what_it_builds_on(tmp_path, monkeypatch):
    spec = _pack(tmp_path)
    monkeypatch.setattr(commands, "discover", lambda: {GAME: spec})
    make_workspace(tmp_path, "ok_monsters.yaml")
    result = CliRunner().invoke(main, ["schema", GAME, "-w", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "schemas"
    assert sorted(p.name for p in folder.iterdir()) == \
        ["card.schema.json", "game.schema.json", f"{GAME}.schema.json"]
    assert json.loads((folder / f"{GAME}.schema.json").read_text(encoding="utf-8")) == PACK_SCHEMA
