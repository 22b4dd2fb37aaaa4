"""Lint Comic Creator fixtures against the shipped game.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.games.comic_creator import GAME
from tests.conftest import FIXTURES, lint_files

REPO = Path(__file__).resolve().parents[3]
GAME_YAML = REPO / "cards" / "comic-creator" / "game.yaml"


@pytest.fixture
def lint_cc(tmp_path):
    """``lint_cc("fail_x.yaml", code)`` → the Problems with ``code`` for that fixture."""
    def run(name: str, code: str):
        problems = lint_files(tmp_path, {"game.yaml": GAME_YAML,
                                         "cards.yaml": FIXTURES / "comic-creator" / name}, spec=GAME)
        return [p for p in problems if p.code == code]
    return run


def fact_line(key: str) -> int:
    """The line of ``key:`` under facts in the shipped game.yaml."""
    for number, line in enumerate(GAME_YAML.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith(f"{key}:"):
            return number
    raise AssertionError(key)
