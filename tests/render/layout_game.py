"""The card-layout fixture game (tests/fixtures/card-layout) laid out in a temporary
workspace, loaded, linted or rendered, for the layout tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.problem import Problem
from cardforge.workspace.game_loading import Loaded, find_game_dirs, load_game
from cardforge.workspace.workspace_config import Config
from tests.conftest import FIXTURES

LAYOUT = FIXTURES / "card-layout"


def layout_workspace(root: Path, game_yaml: str = "game.yaml", cards: str = "ok_wares.yaml") -> Path:
    """``root/cards/layout-market/`` with fixture ``game_yaml`` as game.yaml and ``cards``."""
    folder = root / "cards" / "layout-market"
    folder.mkdir(parents=True)
    shutil.copy(LAYOUT / game_yaml, folder / "game.yaml")
    shutil.copy(LAYOUT / cards, folder / "cards.yaml")
    return folder


def load(root: Path) -> Loaded:
    """The workspace game under ``root``, loaded."""
    [(spec, folder)] = find_game_dirs(root / "cards", {})
    return load_game(folder, spec)


def lint(root: Path) -> list[Problem]:
    """Every core rule's Problems for the workspace game under ``root``."""
    loaded = load(root)
    return lint_game(loaded, all_rules([loaded.spec]), Config(root=root))
