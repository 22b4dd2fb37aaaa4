"""The first load of a large game: its big card files parsed on two processes at once.

Composing YAML is most of a first lint (no parse cache yet: a fresh clone, a CI job), on one
process while another core waits. :func:`parse_ahead` forks a child (:mod:`cardforge.proc.forked`) that
parses the files
the parse cache (:mod:`cardforge.loading.parse_cache`) lacks into it, from the last in load order
on, while the loading process parses them from the first on; each file is claimed once
(:class:`cardforge.proc.claims.Claims`), so whichever process is faster parses more. On reaching
a file the child claimed, the load waits for the child (:meth:`Ahead.wait`) and reads the
file's entry back from the cache instead of parsing it (docs/benchmarks.md has the figures).
Where the claims cannot be shared (no shared memory), the child is given the files last in
load order, about half the bytes, instead.

``cardforge lint`` starts that child earlier (:func:`early`), before it imports the modules
that load and lint a game, so the child starts parsing first; started so, even one big file is worth a child.

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
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from cardforge.boundary import trust
from cardforge.loading.parse_cache import MIN_BYTES, ParseCache
from cardforge.loading.yaml_source import load_yaml
from cardforge.proc import forked
from cardforge.proc.claims import Claims

MIN_FILES = 2
"""Files the cache must lack for a child to be worth starting (one file cannot be split)."""


@dataclass
class Ahead:
    """The files a child may parse into the cache (``paths``), the child (``pending``), and,
    when the two processes claim files (``claims``), each file's position in ``order``."""

    paths: frozenset[Path] = frozenset()
    pending: forked.Pending[None] | None = None
    claims: Claims | None = None
    order: dict[Path, int] = field(default_factory=dict)
    _mine: set[int] = field(default_factory=set)

    def wait(self, path: Path) -> None:
        """Before loading ``path``: when the child may parse it, claim it for this process
        (then load it as usual), or, when the child claimed it, wait until the child is
        done (the first time; :meth:`~cardforge.proc.forked.Pending.result` keeps the outcome)."""
        if self.pending is None or path not in self.paths:
            return
        if self.claims is not None:
            position = self.order[path]
            while position not in self._mine:  # files come in load order: claims too
                claimed = self.claims.first()
                if claimed is None:
                    break  # the child claimed this file and every one after it
                self._mine.add(claimed)
            if position in self._mine:
                return
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
    :func:`cardforge.workspace.game_loading.load_game`. An empty :class:`Ahead` when the configuration
    cannot be read (the command then reports it) or nothing is worth parsing ahead. Raises
    nothing."""
    from cardforge.errors import CardforgeError
    from cardforge.workspace.game_dirs import card_files, game_folders
    from cardforge.workspace.workspace_config import load_config

    try:
        config = load_config(workspace, cache=str(cache_dir) if cache_dir else None)
    except CardforgeError:
        return Ahead()
    files = [file for path in paths or (config.cards,) for folder in game_folders(path.resolve())
             for file in card_files(folder)]
    return parse_ahead(files, ParseCache.at(config.cache), alone=True)


def parse_ahead(paths: list[Path], parsed: ParseCache | None, alone: bool = False) -> Ahead:
    """Start a child parsing the YAML files of ``paths`` (in load order) of at least
    :data:`~cardforge.loading.parse_cache.MIN_BYTES` that the cache ``parsed`` lacks into that
    cache, from the last on, while the load claims them from the first on (see the module
    docstring; the load calls :meth:`Ahead.wait` before each). An empty :class:`Ahead`
    when there are fewer than :data:`MIN_FILES` of them (none, with ``alone``: this
    process has other work to do first, so one file is worth a child), no cache, no fork,
    or this is not the main thread. Raises nothing: a file that cannot be read here is
    left to the load, which reports it."""
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
    try:
        claims = Claims(len(lacking))
    except (OSError, ImportError):  # no shared memory or semaphores here: half the bytes each
        return _split(lacking, parsed)
    files = [path for path, _ in lacking]
    return Ahead(frozenset(files), forked.start(partial(_parse_claimed, files, parsed, claims)),
                 claims, {path: k for k, path in enumerate(files)})


def _split(lacking: list[tuple[Path, int]], parsed: ParseCache) -> Ahead:
    """A child parsing the last of the ``lacking`` (path, size) files, about half the bytes."""
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


def _parse_claimed(paths: list[Path], parsed: ParseCache, claims: Claims) -> None:
    """In the child: parse ``paths`` into the cache ``parsed`` from the last on, each one
    this process claims, until the loading process and this one meet; a file that fails is
    left for the load to parse and report."""
    while (position := claims.last()) is not None:
        _parse_into([paths[position]], parsed)


def _parse_into(paths: list[Path], parsed: ParseCache) -> None:
    """Parse each of ``paths`` into the cache ``parsed`` (in the child); a file that fails
    is left for the load to parse and report."""
    for path in paths:
        try:
            load_yaml(path, parsed)
        except Exception:  # noqa: BLE001, S112 - the load parses it again and reports what is wrong
            continue
