"""Planting one designer mistake into a copy of a shipped game (or of a new workspace game)
and linting the copy as `cardforge lint` does: the helpers the rules' tests share."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.commands.lint_command import collect
from cardforge.problem import Problem

REPO = Path(__file__).resolve().parents[2]
GAMES = ("comic-creator", "dice-girls", "dice-tuners", "dixe-on-card", "writers-battle")
"""The five built-in games."""
WORKSPACE_GAME = "goblin-market"
"""The id of the workspace game (YAML only) `cardforge new` writes."""


def copy_game(tmp_path: Path, game: str, files: tuple[str, ...] | None = None) -> Path:
    """A workspace at ``tmp_path/ws`` holding a copy of the built-in ``game``: its
    templates and, with ``files``, only those files of cards/<game> (names relative to it),
    else all of it. Returns the game's folder, ``<ws>/cards/<game>``."""
    folder = tmp_path / "ws" / "cards" / game
    if files is None:
        shutil.copytree(REPO / "cards" / game, folder)
    else:
        for name in files:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO / "cards" / game / name, folder / name)
    shutil.copytree(REPO / "templates" / game, tmp_path / "ws" / "templates" / game)
    return folder


def new_game(tmp_path: Path) -> Path:
    """A workspace at ``tmp_path/ws`` holding the sample game of `cardforge new`; returns its
    folder, ``<ws>/cards/goblin-market``."""
    workspace = tmp_path / "ws"
    workspace.mkdir(parents=True)
    result = CliRunner().invoke(main, ["new", WORKSPACE_GAME, "-w", str(workspace)])
    assert result.exit_code == 0, result.output
    return workspace / "cards" / WORKSPACE_GAME


def lint(folder: Path, layout: bool = False, cache: Path | None = None) -> list[Problem]:
    """Every Problem `cardforge lint` (``--layout`` with ``layout``, one job, faces cached in
    ``cache``) reports for the game at ``folder`` (``<ws>/cards/<game>``)."""
    workspace = folder.parents[1]
    return collect((folder,), workspace, layout=layout, jobs=1, cache_dir=cache)[0]


def plant(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in the file ``path`` by ``new``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, text: str, after: str | None = None) -> int:
    """The 1-based number of the first line of ``path`` containing ``text`` (after the first
    line containing ``after``, when given)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i in range(start, len(lines)) if text in lines[i]) + 1


def col_of(path: Path, line: int, text: str) -> int:
    """The 1-based column of ``text`` on line ``line`` of ``path``."""
    return path.read_text(encoding="utf-8").splitlines()[line - 1].index(text) + 1


def found(problems: list[Problem], code: str) -> list[tuple[str, str, int, int, str | None]]:
    """``(severity, file name, line, column, card)`` of each Problem with ``code``."""
    return [(p.severity.value, p.path.name, p.line, p.col, p.card) for p in problems if p.code == code]
