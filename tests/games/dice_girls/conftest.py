"""Lint Dice Girls fixtures against the shipped game.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.games.dice_girls import GAME
from cardforge.workspace.game_loading import load_game
from tests.conftest import FIXTURES, lint_files

REPO = Path(__file__).resolve().parents[3]
GAME_YAML = REPO / "cards" / "dice-girls" / "game.yaml"


@pytest.fixture
def lint_dg(tmp_path):
    """``lint_dg("fail_x.yaml", code)`` → the Problems with ``code`` for that fixture."""
    def run(name: str, code: str):
        problems = lint_files(tmp_path, {"game.yaml": GAME_YAML,
                                         "idols.yaml": FIXTURES / "dice-girls" / name}, spec=GAME)
        return [p for p in problems if p.code == code]
    return run


@pytest.fixture
def dg_game(tmp_path):
    """``dg_game("ok_x.yaml")`` → the loaded Game of that fixture with the shipped game.yaml."""
    def run(name: str):
        root = tmp_path / "cards" / GAME.id
        root.mkdir(parents=True, exist_ok=True)
        (root / "game.yaml").write_text(GAME_YAML.read_text(encoding="utf-8"), encoding="utf-8")
        (root / "idols.yaml").write_text((FIXTURES / "dice-girls" / name).read_text(encoding="utf-8"),
                                         encoding="utf-8")
        loaded = load_game(root, GAME)
        assert loaded.problems == [] and loaded.game is not None
        return loaded.game
    return run
