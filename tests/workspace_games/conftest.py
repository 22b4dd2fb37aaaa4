"""A workspace game made in a temporary folder from the goblin-market scenario fixtures
(tests/fixtures/goblin-market): no installed pack has its id, so it is a workspace game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardforge.config import Config
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.problem import Problem
from cardforge.workspace import find_game_dirs, load_game
from tests.conftest import FIXTURES

GAME = "goblin-market"
SCENARIOS = FIXTURES / GAME


def make_workspace(root: Path, *cards: str, game: str = "game.yaml", templates: bool = True) -> Path:
    """``root/cards/goblin-market/`` with the fixture ``game`` as game.yaml and each fixture
    of ``cards`` as a card file (``fail_x.yaml`` kept under its name), and the fixture
    templates in ``root/templates/goblin-market/``. Returns the game's folder."""
    folder = root / "cards" / GAME
    folder.mkdir(parents=True)
    shutil.copy(SCENARIOS / game, folder / "game.yaml")
    for name in cards:
        shutil.copy(SCENARIOS / name, folder / name)
    if templates:
        shutil.copytree(SCENARIOS / "templates", root / "templates" / GAME)
    return folder


def lint_workspace(root: Path) -> list[Problem]:
    """Find the game under ``root/cards`` as ``cardforge lint`` does (no pack has its id)
    and lint it with every core rule."""
    [(spec, folder)] = find_game_dirs(root / "cards", {})
    return lint_game(load_game(folder, spec), all_rules([spec]), Config(root=root))


@pytest.fixture
def lint_cards(tmp_path: Path):
    """``lint_cards("fail_x.yaml")`` → the Problems of the game with that card file."""
    def run(*cards: str) -> list[Problem]:
        make_workspace(tmp_path, *cards)
        return lint_workspace(tmp_path)
    return run
