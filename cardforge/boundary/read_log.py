"""What a command read: every file :mod:`cardforge.boundary.trust` handed out, with its stamp.

``cardforge build`` records the files each game's build read (card YAML, game.yaml, rules,
catalogs, templates, CSS, icons, art, configuration), so the next build can tell, from
sizes, modification times and content hashes alone, that nothing it depends on changed
(:mod:`cardforge.build.build_manifest`), as make and ninja do.

:func:`recording` opens a log; :func:`note` (called by :func:`cardforge.boundary.trust.read_bytes` on
every successful read) adds the file to every open log. Outside a recording ``note`` does
nothing and costs one check.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class FileStamp:
    """A file as it was read: its resolved ``path``, ``size`` (bytes), ``mtime_ns``
    (modification time, ns), ``digest`` (BLAKE2b-256 of the content, hex; "" when not
    taken) and ``kind`` (the :data:`cardforge.boundary.trust.MAX_BYTES` kind it was read as)."""

    path: Path
    size: int
    mtime_ns: int
    digest: str
    kind: str


def digest_of(data: bytes) -> str:
    """BLAKE2b-256 of ``data``, hex: the content hash every stamp uses."""
    return hashlib.blake2b(data, digest_size=32).hexdigest()


CACHE_KIND = "cache"
"""The :data:`cardforge.boundary.trust.MAX_BYTES` kind of the cache's own files."""

_open_logs: list[dict[Path, FileStamp]] = []
_owner = os.getpid()
"""The process the open logs belong to: a forked child (a face layout worker) inherits
them, but what it reads is never collected, so it records (and hashes) nothing."""


@contextmanager
def recording() -> Iterator[dict[Path, FileStamp]]:
    """A log of the files read while the block runs: resolved path → :class:`FileStamp`
    (the last read of a file wins). Logs nest: a read is noted in every open one."""
    global _owner
    log: dict[Path, FileStamp] = {}
    _owner = os.getpid()
    _open_logs.append(log)
    try:
        yield log
    finally:
        _open_logs.remove(log)


def note(path: Path, info: os.stat_result, data: bytes, kind: str) -> None:
    """Record that the regular file ``path`` (resolved) was read whole: ``info`` is its
    ``fstat`` at the read, ``data`` its bytes, ``kind`` the size-limit kind it was read as.
    A cache entry (kind ``"cache"``) is what an earlier build made, never an input: it is
    not recorded, and not hashed (a cold build reads a thousand faces back)."""
    if not _open_logs or os.getpid() != _owner or kind == CACHE_KIND:
        return
    stamp = FileStamp(path, info.st_size, info.st_mtime_ns, digest_of(data), kind)
    for log in _open_logs:
        log[path] = stamp


def note_stamps(stamps: dict[Path, FileStamp]) -> None:
    """Add ``stamps`` (a log another process kept, e.g. the child that linted a game, see
    :mod:`cardforge.proc.forked`) to every open log of this process."""
    if not _open_logs or os.getpid() != _owner:
        return
    for log in _open_logs:
        log.update(stamps)
