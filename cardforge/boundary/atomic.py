"""Files written whole or not at all: a temporary file in the same folder, renamed over the target.

:func:`outputs_held` lets a caller decide, as late as the first rename, whether files under a
folder may be written at all: ``cardforge build`` lints a game while it builds it, and holds
its outputs until the lint has passed (a game with lint errors writes nothing).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO


@dataclass(frozen=True)
class _Hold:
    root: str
    release: Callable[[], None]


_holds: list[_Hold] = []


@contextmanager
def outputs_held(root: Path, release: Callable[[], None]) -> Iterator[None]:
    """While the block runs, :func:`write_atomically` calls ``release()`` before it writes a
    file under ``root`` (any depth): ``release`` returns to let the write happen, or raises
    to refuse it (nothing is written, not even the folder, and the exception propagates).
    ``release`` may be called many times; it should remember its answer."""
    hold = _Hold(os.path.join(os.path.abspath(root), ""), release)
    _holds.append(hold)
    try:
        yield
    finally:
        _holds.remove(hold)


def _release(path: Path) -> None:
    """Call the release of every hold whose folder contains ``path``."""
    where = os.path.abspath(path)
    for hold in list(_holds):
        if where.startswith(hold.root):
            hold.release()


class InUse(PermissionError):
    """The finished file could not be put in place of ``filename``: on Windows a file open in
    another program (a PDF viewer) cannot be replaced. The old file is left whole and the
    new one is not kept. ``hint`` says what to do."""

    hint = "close the file in the program that has it open (a PDF viewer?), then run the command again"


def _kept_mode(path: Path) -> int:
    """The mode a write to ``path`` gives: the replaced file's own (a symlink's target is
    not asked: a link to a setuid or world-writable file passes nothing on), else 0644."""
    try:
        info = os.lstat(path)
    except OSError:
        return 0o644
    return stat.S_IMODE(info.st_mode) & 0o777 if stat.S_ISREG(info.st_mode) else 0o644


def write_atomically(path: Path, write: Callable[[BinaryIO], object], *, sync: bool = True) -> Path:
    """Call ``write(handle)`` on a temporary file next to ``path`` (parent folders created),
    sync it (unless ``sync`` is false: for cache entries, whose torn copy after a crash is
    refused when read), then rename it over ``path``: readers see the old file or the whole
    new one. On any failure the temporary file is removed and the exception propagates. A
    new file gets mode 0644, a replaced regular file keeps its permission bits (never
    setuid, setgid or sticky; see :func:`_kept_mode`). A file under a folder held by
    :func:`outputs_held` is written only once its hold released it. Returns ``path``.
    Raises :class:`InUse` naming ``path`` when the old file cannot be replaced (on Windows,
    while a viewer has it open). An OSError about the temporary file, or naming no file (a
    full disk while ``write`` runs, an error a library raises with its file object as the
    name) names ``path``."""
    if _holds:
        _release(path)  # before anything is made: a refused write leaves no folder behind
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _kept_mode(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            if sync:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        try:
            os.replace(tmp, path)
        except PermissionError as exc:  # Windows: the old file is open elsewhere
            raise InUse(exc.errno, "it is open in another program, or read-only", str(path)) from None
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc.filename, (str, bytes, os.PathLike)) and os.fspath(exc.filename) != tmp:
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc  # same subclass by errno
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def real_folder(folder: Path) -> Path:
    """``folder`` created as a real folder (a symlink or file in its place is removed
    first, so nothing is written through it). Returns ``folder``. Raises OSError when it
    cannot be created."""
    try:
        info = os.lstat(folder)
        if not stat.S_ISDIR(info.st_mode):  # a symlink (even to a folder) or a file
            folder.unlink()
    except FileNotFoundError:
        pass
    folder.mkdir(parents=True, exist_ok=True)
    return folder
