"""Files written whole or not at all: a temporary file in the same folder, renamed over the target."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def write_atomically(path: Path, write: Callable[[BinaryIO], object]) -> Path:
    """Call ``write(handle)`` on a temporary file next to ``path`` (parent folders created),
    sync it, then rename it over ``path``: readers see the old file or the whole new one.
    On any failure the temporary file is removed and the exception propagates. A new file
    gets mode 0644, a replaced one keeps its mode. Returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
