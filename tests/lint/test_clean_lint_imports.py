"""What a clean ``cardforge lint`` of a workspace without configuration never imports:
jsonschema and its ``referencing`` make the schema messages of a file jsonschema-rs rejects
(cardforge.validation.fast_schema), and cost some 40 ms of every lint's start when imported up front.
(A cardforge.toml is checked with jsonschema: cardforge.workspace.toml_files.)"""

from __future__ import annotations

from pathlib import Path

from tests.cli_run import modules_loaded
from tests.lint.planting import new_game

UNUSED_WHEN_CLEAN = ("jsonschema", "referencing")


def _lint_loading(workspace: Path) -> str:
    return modules_loaded(["lint", "-w", str(workspace), "--jobs", "1"], UNUSED_WHEN_CLEAN, workspace)


def test_a_clean_lint_imports_no_jsonschema(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    workspace = new_game(tmp_path).parents[1]
    (workspace / "cardforge.toml").unlink()
    assert "LOADED [] 0" in _lint_loading(workspace)


def test_a_schema_error_still_gets_jsonschemas_message(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    folder = new_game(tmp_path)
    (folder.parents[1] / "cardforge.toml").unlink()
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "no_such_key: 1\n", encoding="utf-8")
    stderr = _lint_loading(folder.parents[1])
    assert "LOADED ['jsonschema', 'referencing'] 1" in stderr, stderr
