"""Helpers for the resident process's tests: a runtime folder short enough for a socket."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def runtime_dir() -> Iterator[Path]:
    """A fresh folder to serve as ``XDG_RUNTIME_DIR`` (under /tmp: pytest's own folders make
    socket paths longer than a socket's path may be)."""
    folder = Path(tempfile.mkdtemp(prefix="cf-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
