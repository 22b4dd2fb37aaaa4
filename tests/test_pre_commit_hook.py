"""The pre-commit hook (``.pre-commit-hooks.yaml``, docs/ci.md) as a designer meets it:
``pre-commit try-repo`` installs cardforge from a clean repository into its own virtual
environment and lints a new workspace, passing it clean and failing it at the line of an error.

Slow (pre-commit pip-installs cardforge and its dependencies once, needing the package index);
skipped only where pre-commit is not installed (it is in the ``test`` extras)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main

pytest.importorskip("pre_commit")

REPO = Path(__file__).resolve().parents[1]
GAME = "goblin-market"
#: What pip needs to install cardforge from a repository, and the hook manifest.
SHIPPED = ["pyproject.toml", "README.md", ".gitignore", ".pre-commit-hooks.yaml",
           "cardforge", "templates", "schemas", "profiles", "cards"]
GIT_USER = ["-c", "user.name=cardforge tests", "-c", "user.email=tests@cardforge.invalid",
            "-c", "commit.gpgsign=false"]


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", *GIT_USER, *args], cwd=folder, check=True, capture_output=True)


def committed(folder: Path) -> Path:
    git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "snapshot")
    return folder


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """A clean clone of cardforge as the working tree has it now (committed or not): a new
    git repository holding only the files a pip install and the hook manifest need."""
    folder = tmp_path_factory.mktemp("cardforge-repo")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SHIPPED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=ignore)
        else:
            shutil.copy2(source, folder / name)
    return committed(folder)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    """pre-commit's home, away from the user's. (try-repo installs the hook into a store of its
    own on every run, so each run pip-installs cardforge again: from pip's cache after the first.)"""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A designer's repository: a new game from `cardforge new`, committed."""
    result = CliRunner().invoke(main, ["new", GAME, "-w", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return committed(tmp_path)


def try_repo(hook_repo: Path, workspace: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "cardforge-lint", "--all-files"],
        cwd=workspace, env=env, capture_output=True, text=True, timeout=1800)


@pytest.mark.linux_tool
def test_the_hook_passes_a_clean_workspace_and_fails_one_with_an_error_at_its_line(
        hook_repo: Path, pre_commit_home: Path, workspace: Path) -> None:
    clean = try_repo(hook_repo, workspace, pre_commit_home)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "cardforge lint" in clean.stdout and "Passed" in clean.stdout

    cards = workspace / "cards" / GAME / "monsters.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("attack: 1", "attack: many", 1),
                     encoding="utf-8")
    git(workspace, "add", "-A")
    failed = try_repo(hook_repo, workspace, pre_commit_home)
    output = failed.stdout + failed.stderr
    assert failed.returncode == 1, output
    assert "Failed" in output and f"cards/{GAME}/monsters.yaml:12" in output, output


@pytest.mark.parametrize(("path", "linted"), [
    ("cards/goblin-market/monsters.yaml", True), ("cards/goblin-market/game.yaml", True),
    ("cards/goblin-market/monsters.xlsx", True), ("cards/goblin-market/decks/spells.csv", True),
    ("cards/goblin-market/treasures.ods", True), ("cards/goblin-market/rules/rules.md", True),
    ("cards/goblin-market/locale/fr/LC_MESSAGES/cards.po", True),
    ("cards/goblin-market/locale/cards.pot", True), ("templates/goblin-market/style.css", True),
    ("templates/goblin-market/icons/coin.svg", True), ("cardforge.toml", True), ("pyproject.toml", True),
    ("README.md", False), ("out/goblin-market/sheet.pdf", False), ("docs/cards/notes.md", False),
    ("cards/goblin-market/art/goblin.png", False), (".github/workflows/cardforge.yml", False),
])
def test_the_hook_runs_when_a_file_lint_reads_changes(path: str, linted: bool) -> None:
    """``files:`` as pre-commit applies it (a search from the start of the repository path)."""
    [hook] = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "cardforge-lint" and hook["pass_filenames"] is False
    assert bool(re.search(hook["files"], path)) is linted
