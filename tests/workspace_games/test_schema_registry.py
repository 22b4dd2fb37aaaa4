"""Registered schemas: a workspace game's schema is registered under a name no built-in
file can have, replaced when the same id comes with other fields, and registering the
same schema again keeps the compiled validators (what keeps lint fast)."""

import pytest

import cardforge.validation.schema_validate as validate_module
from cardforge.model.workspace_game import schema_name
from cardforge.validation import schema_registry
from cardforge.validation.schema_validate import register_schema
from tests.workspace_games.conftest import GAME, lint_workspace, make_workspace


def test_the_name_cannot_be_a_built_in_file():
    assert schema_name(GAME) == f"workspace/{GAME}.schema.json"
    assert all("/" not in name for name in schema_registry.builtin_names())
    with pytest.raises(ValueError, match="hold a '/'"):
        register_schema("card.schema.json", {"type": "object"})


def test_the_same_id_with_other_fields_gets_its_new_schema(tmp_path):
    folder = make_workspace(tmp_path / "one", "fail_unknown_field.yaml")
    assert [p.code for p in lint_workspace(tmp_path / "one")] == ["CF004", "CF099"]
    other = make_workspace(tmp_path / "two", "fail_unknown_field.yaml")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (other / "game.yaml").write_text(text.replace("attack:", "atack:"), encoding="utf-8")
    assert lint_workspace(tmp_path / "two") == []
    assert [p.code for p in lint_workspace(tmp_path / "one")] == ["CF004", "CF099"]


def test_loading_again_compiles_nothing_again(tmp_path, monkeypatch):
    make_workspace(tmp_path, "ok_monsters.yaml", "fail_out_of_range.yaml")
    first = lint_workspace(tmp_path)
    version = schema_registry.version(schema_name(GAME))
    compiled = validate_module._compiled.cache_info()
    assert lint_workspace(tmp_path) == first
    assert schema_registry.version(schema_name(GAME)) == version
    assert validate_module._compiled.cache_info().misses == compiled.misses
