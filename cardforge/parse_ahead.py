"""The first load of a large game: its big card files parsed on two processes at once.

Composing YAML is most of a first lint (no parse cache yet: a fresh clone, a CI job): the
three card files of a 10,000-card game took 0.9 s of one process while the other core
waited. :func:`parse_ahead` gives a forked child (:mod:`cardforge.forked`) the files last in
load order, about half the bytes of those the parse cache (:mod:`cardforge.parse_cache`)
lacks, to parse and keep there; the loading process parses the others meanwhile and, on
reaching a file the child had, waits for it (:meth:`Ahead.wait`) and reads that file's
entry back from the cache (a few hundredths of a second) instead of parsing it.

``cardforge lint`` starts that child earlier (:func:`early`), before it imports the modules
that load and lint a game (0.1–0.2 s, while the second core waited): the child still takes
about half the bytes, which it parsed some 40% slower than the loading process (it also
keeps them in the cache; on the 10,000-card benchmark workspace, quiet machine: 0.43 s for
skill.yaml's 0.82 MB, against 0.27 s for the 0.93 MB of the two others), so its head start
evens them out; and even one big file is then worth a child.

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
from collections.abc import Sequence
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

    def abandon(self) -> None:
        """Stop the child if it still runs (a command that ended before loading its files);
        a child already waited for is left as it is."""
        if self.pending is not None:
            self.pending.abandon()


def early(paths: Sequence[Path], workspace: Path, cache_dir: Path | None = None) -> Ahead:
    """For ``cardforge lint`` (called before it imports the modules that load games): a
    child parsing the big card files of the games under ``paths`` (default: the configured
    cards folder) into the configured parse cache (or ``cache_dir``'s), as
    :func:`parse_ahead` does, one file included (``alone=True``); pass it to
    :func:`cardforge.workspace.load_game`. An empty :class:`Ahead` when the configuration
    cannot be read (the command then reports it) or nothing is worth parsing ahead. Raises
    nothing."""
    from cardforge.config import load_config
    from cardforge.errors import CardforgeError
    from cardforge.game_dirs import card_files, game_folders

    try:
        config = load_config(workspace, cache=str(cache_dir) if cache_dir else None)
    except CardforgeError:
        return Ahead()
    files = [file for path in paths or (config.cards,) for folder in game_folders(path.resolve())
             for file in card_files(folder)]
    return parse_ahead(files, ParseCache.at(config.cache), alone=True)


def parse_ahead(paths: list[Path], parsed: ParseCache | None, alone: bool = False) -> Ahead:
    """Start a child parsing the last of ``paths`` (in load order) that are YAML files of
    at least :data:`~cardforge.parse_cache.MIN_BYTES` the cache ``parsed`` lacks, about
    half their bytes, into that cache. An empty :class:`Ahead` when there are fewer than
    :data:`MIN_FILES` of them (none, with ``alone``: this process has other work to do
    first, so one file is worth a child), no cache, no fork, or this is not the main
    thread. Raises nothing: a file that cannot be read here is left to the load, which
    reports it."""
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
    if len(lacking) < (1 if alone else MIN_FILES):
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
