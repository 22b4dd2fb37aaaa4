"""One build or lint of a test, run twice by the served-vs-fresh job (tests/resident/
differential.py): served by a resident process, then fresh, from the same files.

Between the two the folders the command may write (its workspace, or its ``--out`` and
``--cache-dir`` when both are given) are put back as they were: a copy taken before the
served run replaces them, so both runs see the same paths and no path needs rewriting. Both
runs get the test's environment without ``CI`` and the ``PYTEST_*`` variables (pytest
changes ``PYTEST_CURRENT_TEST`` for every test, which would name a new resident process each
time; cardforge reads neither), the fresh one with ``CARDFORGE_RESIDENT=0``, the served one
with ``CARDFORGE_RESIDENT=1`` and a runtime folder of this worker's. A command the resident
process does not serve (one it refuses) is still run twice and compared, and is counted as
not served in the report, with the reason its log gives.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.resident.folder_trees import Answer, differences, tree
from tests.resident.svf_report import report
from tests.resident.warm_servers import REAL_RUN, serve, servers

MAX_FILES = 20_000
"""Files a command's folders may hold to be copied (more: the command runs once, noted)."""


def twice(args: list[str], argv: list[str], env: dict[str, str], kwargs: dict[str, Any],
          test: str) -> subprocess.CompletedProcess[Any]:
    """Run ``args`` (``cardforge argv``, as ``test`` gave it to subprocess.run with ``env``
    and ``kwargs``) served, put its folders back, run it fresh (the answer the test gets),
    compare; raise AssertionError listing the differences when there are any."""
    cwd = Path(kwargs.get("cwd") or os.getcwd())
    base = {k: v for k, v in env.items() if k != "CI" and not k.startswith("PYTEST_")}
    fresh_env = {**base, "CARDFORGE_RESIDENT": "0"}
    served_env = {**base, "CARDFORGE_RESIDENT": "1", "XDG_RUNTIME_DIR": str(servers.runtime()),
                  "CARDFORGE_RESIDENT_IDLE_S": "300"}  # ends soon should this session be killed
    kwargs = dict(kwargs)
    kwargs.pop("env", None)
    check = kwargs.pop("check", False)
    shown = not (kwargs.get("capture_output") or "stdout" in kwargs or "stderr" in kwargs)
    if shown:  # the test lets the output through: catch it to compare, then let it through
        kwargs.update(stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    roots = _roots(argv, cwd)
    record: dict[str, Any] = {"test": test, "argv": argv, "cwd": str(cwd)}
    skipped = _skip_reason(roots)
    snapshots = _snapshot(roots) if skipped is None else None
    if skipped is None and snapshots is None:
        skipped = "a folder could not be copied"
    if skipped is not None or snapshots is None:
        done = REAL_RUN(args, **kwargs, env=fresh_env, check=False)
        record.update(outcome="not compared", reason=skipped, code=done.returncode)
        report(record)
    else:
        served, reason = serve(args, argv, cwd, served_env, kwargs)
        served_answer = Answer(served.returncode, served.stdout, served.stderr, [tree(r) for r in roots])
        aside = _put_back(roots, snapshots)
        try:
            done = REAL_RUN(args, **kwargs, env=fresh_env, check=False)
            fresh_answer = Answer(done.returncode, done.stdout, done.stderr, [tree(r) for r in roots])
        finally:
            for folder in aside:
                _remove(folder)
        found = differences(served_answer, fresh_answer, roots, _at(cwd, _option(argv, "--cache-dir")))
        record.update(outcome="differ" if found else "equal", served=reason is None, reason=reason,
                      differences=found, code=done.returncode)
        report(record)
        if found:
            raise AssertionError(f"cardforge {' '.join(argv)} (in {cwd}) served and fresh differ:\n  "
                                 + "\n  ".join(found))
    if shown:
        for stream, text in ((sys.stdout, done.stdout), (sys.stderr, done.stderr)):
            stream.write(text if isinstance(text, str) else os.fsdecode(text))
        done = subprocess.CompletedProcess(done.args, done.returncode, None, None)
    if check:
        done.check_returncode()
    return done


def _option(argv: list[str], *names: str) -> str | None:
    """The value of the last of the options ``names`` in ``argv`` (``-w X``, ``--out=X``)."""
    found = None
    for i, word in enumerate(argv):
        for name in names:
            if word == name and i + 1 < len(argv):
                found = argv[i + 1]
            elif word.startswith(name + "=") and name.startswith("--"):
                found = word[len(name) + 1:]
    return found


def _at(cwd: Path, value: str | None) -> Path | None:
    """``value`` (a path option's) as an absolute path from ``cwd``; None for None."""
    return None if value is None else Path(os.path.abspath(cwd / value))


def _roots(argv: list[str], cwd: Path) -> list[Path]:
    """The folders ``argv`` run in ``cwd`` may write: its ``--out`` and ``--cache-dir`` when
    both are given, else its workspace and those of them outside it; none inside another."""
    workspace = _at(cwd, _option(argv, "-w", "--workspace")) or Path(os.path.abspath(cwd))
    out, cache = _at(cwd, _option(argv, "--out")), _at(cwd, _option(argv, "--cache-dir"))
    roots = [out, cache] if out is not None and cache is not None else [workspace, out, cache]
    kept: list[Path] = []
    for root in sorted({r for r in roots if r is not None}, key=lambda p: len(p.parts)):
        if not any(root.is_relative_to(k) for k in kept):
            kept.append(root)
    return kept


def _skip_reason(roots: list[Path]) -> str | None:
    """Why the command's folders are not copied (too many files, a checkout), or None."""
    count = 0
    for root in roots:
        if (root / ".git").exists():
            return f"{root} is a checkout"
        for _folder, folders, files in os.walk(root):
            count += len(folders) + len(files)
            if count > MAX_FILES:
                return f"more than {MAX_FILES} files"
    return None


def _copy_entry(src: str, dst: str) -> None:
    if stat.S_ISFIFO(os.lstat(src).st_mode):
        os.mkfifo(dst)
        shutil.copystat(src, dst)
    else:
        shutil.copy2(src, dst)


def _snapshot(roots: list[Path]) -> list[Path | None] | None:
    """A copy of each root beside it (None for a root that does not exist); None when one
    could not be copied (the copies made are removed)."""
    made: list[Path | None] = []
    try:
        for root in roots:
            if not os.path.lexists(root):
                made.append(None)
                continue
            copy = Path(tempfile.mkdtemp(prefix=f".{root.name}-before-", dir=root.parent)) / root.name
            made.append(copy)
            shutil.copytree(root, copy, symlinks=True, copy_function=_copy_entry)
    except OSError:
        for copy in made:
            if copy is not None:
                _remove(copy.parent)
        return None
    return made


def _put_back(roots: list[Path], snapshots: list[Path | None]) -> list[Path]:
    """Move what the served run left aside and the copies back in place; the folders to
    remove once the fresh run is compared."""
    aside: list[Path] = []
    for root, copy in zip(roots, snapshots, strict=True):
        holder = copy.parent if copy is not None else \
            Path(tempfile.mkdtemp(prefix=f".{root.name}-served-", dir=root.parent))
        if os.path.lexists(root):
            os.rename(root, holder / f"{root.name}.served")
        if copy is not None:
            os.rename(copy, root)
        aside.append(holder)
    return aside


def _remove(folder: Path) -> None:
    def writable(function: Any, path: str, _exc: Any) -> None:
        try:
            os.chmod(os.path.dirname(path), 0o700)
            os.chmod(path, 0o700)
            function(path)
        except OSError:
            pass

    shutil.rmtree(folder, onexc=writable) if sys.version_info >= (3, 12) else \
        shutil.rmtree(folder, onerror=writable)
