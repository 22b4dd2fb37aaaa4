"""A workspace game made in a temporary folder from the goblin-market scenario fixtures
(tests/fixtures/goblin-market): no installed pack has its id, so it is a workspace game.
For the acceptance tests, the `cardforge` command run as a process in a workspace made by
`cardforge new goblin-market`, made once a session (and built once)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.problem import Problem
from cardforge.workspace.game_loading import find_game_dirs, load_game
from cardforge.workspace.workspace_config import Config
from tests.cli_run import Run
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


# The acceptance tests (test_acceptance_*.py) run the installed `cardforge` command as a whole
# process in a workspace made by `cardforge new`, as a designer would.

CARDFORGE = Path(sys.executable).with_name("cardforge")
"""The console script installed beside this Python."""


def cardforge(workspace: Path, *args: str, timeout: float = 120) -> Run:
    """Run ``cardforge ARGS`` as a process whose working directory is ``workspace``."""
    done = subprocess.run([str(CARDFORGE), *args], cwd=workspace, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    return Run.of(done)


@pytest.fixture(scope="session")
def new_workspace(tmp_path_factory) -> Path:
    """A folder in which `cardforge new goblin-market` ran, and nothing else. Tests never
    change it: one that edits or writes copies it first (:func:`copied`)."""
    root = tmp_path_factory.mktemp("new")
    made = cardforge(root, "new", GAME)
    assert made.code == 0, made.output
    return root


@dataclass(frozen=True)
class Built:
    """A copy of the new workspace after `cardforge build goblin-market --paper a4 --lang en`."""

    root: Path
    build: Run

    @property
    def out(self) -> Path:
        """``out/goblin-market/``."""
        return self.root / "out" / GAME


@pytest.fixture(scope="session")
def built_workspace(new_workspace, tmp_path_factory) -> Built:
    """The new game built once with the default products, in English on A4, for the tests
    that read the files (and the exports, written into it under their own --out folders)."""
    root = copied(new_workspace, tmp_path_factory.mktemp("built"))
    return Built(root, cardforge(root, "build", GAME, "--paper", "a4", "--lang", "en", "-q"))


def copied(workspace: Path, parent: Path) -> Path:
    """A copy of ``workspace`` as ``parent/ws``."""
    return Path(shutil.copytree(workspace, parent / "ws", symlinks=True))
