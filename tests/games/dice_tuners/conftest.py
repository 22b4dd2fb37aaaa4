"""Lint Dice Tuners fixtures, with the shipped game.yaml unless a fixture game.yaml is given."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.games.dice_tuners import GAME
from tests.conftest import FIXTURES, lint_files

REPO = Path(__file__).resolve().parents[3]
GAME_DIR = REPO / "cards" / "dice-tuners"
GAME_YAML = GAME_DIR / "game.yaml"
DT = FIXTURES / "dice-tuners"


@pytest.fixture
def lint_dt(tmp_path):
    """``lint_dt(code, "a.yaml", "b.yaml", game="fail_x.yaml")`` → the Problems with ``code``
    for those fixture card files (default: the shipped ones) under that fixture game.yaml
    (default: the shipped one); ``game`` may also be the game.yaml text itself."""
    calls = iter(range(1_000_000))

    def run(code: str, *cards: str, game: str | None = None):
        workspace = tmp_path / f"run{next(calls)}"  # each call a fresh game folder
        files: dict[str, str | Path] = {}
        if game is None:
            files["game.yaml"] = GAME_YAML
        elif game.endswith(".yaml"):
            files["game.yaml"] = DT / game
        else:
            files["game.yaml"] = game
        if cards:
            files.update({name: DT / name for name in cards})
        else:
            files.update({p.name: p for p in GAME_DIR.glob("*.yaml") if p.name != "game.yaml"})
        return [p for p in lint_files(workspace, files, spec=GAME) if p.code == code]
    return run


def game_line(text: str, path: Path = GAME_YAML) -> int:
    """The first line of ``path`` (default: the shipped game.yaml) that starts with ``text``
    once stripped."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith(text):
            return number
    raise AssertionError(text)
