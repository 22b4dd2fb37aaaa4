"""A copy of the built-in Dice Girls game in a temporary workspace, with `lint:` rules
written as data appended to its game.yaml, for the tests of data rules and CF012."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from cardforge.commands.lint_command import collect
from cardforge.problem import Problem

REPO = Path(__file__).resolve().parents[2]
GAME = "dice-girls"


def dice_girls(tmp_path: Path, lint: str) -> Path:
    """A workspace at ``tmp_path/ws`` holding Dice Girls (cards and templates), its game.yaml
    ending with ``lint:`` and the entries of ``lint`` (YAML list items, any indentation)."""
    workspace = tmp_path / "ws"
    shutil.copytree(REPO / "cards" / GAME, workspace / "cards" / GAME)
    shutil.copytree(REPO / "templates" / GAME, workspace / "templates" / GAME)
    manifest = workspace / "cards" / GAME / "game.yaml"
    rules = textwrap.indent(textwrap.dedent(lint).strip("\n"), "  ")
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\nlint:\n" + rules + "\n", encoding="utf-8")
    return workspace


def game_file(workspace: Path, name: str = "game.yaml") -> Path:
    """The path of a file of the game: ``game.yaml`` or a card file."""
    return workspace / "cards" / GAME / name


def lint(workspace: Path) -> list[Problem]:
    """Every Problem ``cardforge lint`` reports for the workspace (its configured cards)."""
    return collect((), workspace)[0]


def line_of(path: Path, text: str, after: str | None = None) -> int:
    """The 1-based number of the first line of ``path`` containing ``text`` (after the first
    line containing ``after``, when given)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i in range(start, len(lines)) if text in lines[i]) + 1
