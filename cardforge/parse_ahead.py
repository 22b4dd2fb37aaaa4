"""The first load of a large game: its big card files parsed on two processes at once.

Composing YAML is most of a first lint (no parse cache yet: a fresh clone, a CI job): the
three card files of a 10,000-card game took 0.9 s of one process while the other core
waited. :func:`parse_ahead` gives a forked child (:mod:`cardforge.forked`) the files last in
load order, about half the bytes of those the parse cache (:mod:`cardforge.parse_cache`)
lacks, to parse and keep there; the loading process parses the others meanwhile and, on
reaching a file the child had, waits for it (:meth:`Ahead.wait`) and reads that file's
entry back from the cache (a few hundredths of a second) instead of parsing it.

Nothing else changes: the loading process still reads every file itself, through the trust
boundary, and reports its problems; a file the child could not parse or keep (a syntax
error, data JSON cannot hold exactly, a cache that cannot be written) is simply parsed
again there. Without fork (or a parse cache), or with fewer than two such files, nothing is
started; nor from any thread but the main one (``cardforge preview`` reloads a game in its
rebuild thread while its server's threads run: a child forked there could inherit a lock
another thread held, and the load would wait for it forever).
"""

from __future__ import annotations

import os
import stat
import threading
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from cardforge import forked, trust
from cardforge.parse_cache import MIN_BYTES, ParseCache
from cardforge.source import load_yaml

MIN_FILES = 2
"""Files the cache must lack for a child to be worth starting (one file cannot be split)."""


@dataclass
class Ahead:
    """The files a child is parsing into the cache (``paths``), and the child (``pending``)."""

    paths: frozenset[Path] = frozenset()
    pending: forked.Pending[None] | None = None

    def wait(self, path: Path) -> None:
        """Before loading ``path``: when the child has it, wait until the child is done (the
        first time; :meth:`~cardforge.forked.Pending.result` keeps the outcome)."""
        if self.pending is not None and path in self.paths:
            self.pending.result()


def parse_ahead(paths: list[Path], parsed: ParseCache | None) -> Ahead:
    """Start a child parsing the last of ``paths`` (in load order) that are YAML files of
    at least :data:`~cardforge.parse_cache.MIN_BYTES` the cache ``parsed`` lacks, about
    half their bytes, into that cache; an empty :class:`Ahead` when there are fewer than
    :data:`MIN_FILES` of them, no cache, no fork, or this is not the main thread. Raises nothing: a
    file that cannot be read here is left to the load, which reports it."""
    if parsed is None or threading.current_thread() is not threading.main_thread() or not forked.can_fork():
        return Ahead()  # without a child, the load parses every file itself, once
    lacking: list[tuple[Path, int]] = []
    for path in paths:
        size = _yaml_size(path)
        if size < MIN_BYTES:
            continue
        try:
            text = trust.read_text(path, "yaml")
        except (trust.Refused, OSError, ValueError):
            continue
        if not parsed.entry(text).is_file():
            lacking.append((path, size))
    if len(lacking) < MIN_FILES:
        return Ahead()
    half, given = sum(size for _, size in lacking) / 2, 0
    child: list[Path] = []
    for path, size in reversed(lacking):  # the files loaded last, so the load reaches them late
        if child and given + size > half:
            break
        child.append(path)
        given += size
    return Ahead(frozenset(child), forked.start(partial(_parse_into, child, parsed)))


def _yaml_size(path: Path) -> int:
    """The size in bytes of ``path`` when it is a regular ``.yaml`` file (a link or a folder
    is left to the load, which reports it), else 0."""
    if path.suffix != ".yaml":
        return 0
    try:
        info = os.lstat(path)
    except OSError:
        return 0
    return info.st_size if stat.S_ISREG(info.st_mode) else 0


def _parse_into(paths: list[Path], parsed: ParseCache) -> None:
    """Parse each of ``paths`` into the cache ``parsed`` (in the child); a file that fails
    is left for the load to parse and report."""
    for path in paths:
        try:
            load_yaml(path, parsed)
        except Exception:  # noqa: BLE001, S112 - the load parses it again and reports what is wrong
            continue
