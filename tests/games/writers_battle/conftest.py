"""Lint writers' battle fixtures against the shipped game.yaml (or a fixture game.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.games.writers_battle import GAME
from cardforge.workspace.game_loading import load_game
from tests.conftest import FIXTURES, lint_files

REPO = Path(__file__).resolve().parents[3]
GAME_YAML = REPO / "cards" / "writers-battle" / "game.yaml"
HERE = FIXTURES / "writers-battle"


@pytest.fixture
def lint_wb(tmp_path):
    """``lint_wb(code, "fail_x.yaml", …, game_yaml=None)`` → the Problems with ``code``
    when those fixtures (one deck each) are linted together."""
    def run(code: str, *names: str, game_yaml: Path = GAME_YAML):
        files: dict[str, str | Path] = {"game.yaml": game_yaml}
        files.update({name: HERE / name for name in names})
        return [p for p in lint_files(tmp_path, files, spec=GAME) if p.code == code]
    return run


@pytest.fixture
def shipped():
    """The shipped writers' battle game, loaded."""
    loaded = load_game(REPO / "cards" / "writers-battle", GAME)
    assert loaded.problems == [] and loaded.game is not None
    return loaded.game


def fact_line(*keys: str) -> int:
    """The line of the last of ``keys`` under facts in the shipped game.yaml (nested keys
    are found in order)."""
    lines = GAME_YAML.read_text(encoding="utf-8").splitlines()
    start = 0
    for key in keys:
        start = next(n for n in range(start, len(lines)) if lines[n].strip().startswith(f"{key}:"))
    return start + 1
