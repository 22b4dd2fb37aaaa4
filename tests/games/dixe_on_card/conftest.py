"""Lint DiXe on Card fixtures against the shipped game.yaml and a fixture dice file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.games.dixe_on_card import GAME
from cardforge.workspace.game_loading import load_game
from tests.conftest import FIXTURES, lint_files

REPO = Path(__file__).resolve().parents[3]
GAME_YAML = REPO / "cards" / "dixe-on-card" / "game.yaml"
HERE = FIXTURES / "dixe-on-card"


@pytest.fixture
def lint_dx(tmp_path):
    """``lint_dx(code, "fail_x.yaml", dice="dice.yaml", game_yaml=…)`` → the Problems with
    ``code`` when the fixture card file is linted as crypte.yaml next to a fixture dice
    file (and the shipped game.yaml unless another is given)."""
    def run(code: str, cards: str = "ok_set.yaml", dice: str = "dice.yaml",
            game_yaml: Path = GAME_YAML):
        files: dict[str, str | Path] = {"game.yaml": game_yaml, "crypte.yaml": HERE / cards,
                                        "dice.yaml": HERE / dice}
        problems = lint_files(tmp_path, files, spec=GAME)
        return [p for p in problems if p.code == code]
    return run


@pytest.fixture(scope="session")
def shipped():
    """The shipped DiXe on Card game, loaded."""
    loaded = load_game(REPO / "cards" / "dixe-on-card", GAME)
    assert loaded.problems == [] and loaded.game is not None
    return loaded.game


def at(problems) -> list[tuple[str, int, int]]:
    """(file name, line, column) of each Problem."""
    return [(p.path.name, p.line, p.col) for p in problems]
