"""Workspaces for the preview tests: a ``cardforge new`` sample game, laid out once per test
session (its face cache copied with it, so each test lays out only what it changes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.boundary import trust
from cardforge.cli import main
from cardforge.preview.preview_rebuild import PreviewOptions, Rebuilder
from cardforge.preview.preview_state import PreviewState

GAME = "goblin-market"


@pytest.fixture(scope="session")
def sample_workspace_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace with the sample game ``goblin-market``, its English faces in the cache."""
    root = tmp_path_factory.mktemp("preview-sample")
    result = CliRunner().invoke(main, ["new", GAME, "-w", str(root)])
    assert result.exit_code == 0, result.output
    with trust.confined(root):
        Rebuilder(PreviewOptions(root, lang="en", products=False), PreviewState()).rebuild()
    return root


@pytest.fixture
def sample_workspace(sample_workspace_built: Path, tmp_path: Path) -> Path:
    """A fresh copy of the sample workspace (face cache included) for one test to edit."""
    root = tmp_path / "workspace"
    shutil.copytree(sample_workspace_built, root, symlinks=True)
    return root
