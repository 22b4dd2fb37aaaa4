"""A pytest plugin (loaded by tests/conftest.py) for the differential served-vs-fresh job
(.ci/served_vs_fresh.sh, docs/architecture.md "The resident process").

Always on, it notes which tests run the ``cardforge`` command as a process (the console
script beside this Python, or ``python -m cardforge``, through :func:`subprocess.run`) and
keeps their ids in pytest's cache (``cardforge/executable-tests``), merged with the ids of
the tests not run this session: after a run of the whole suite, the list names every test
that runs the command, the planted-defect and attack workspaces included.

Under the switch ``CARDFORGE_SERVED_VS_FRESH=1`` every ``build`` and ``lint`` such a test
runs is run twice, from the same files: first served by a resident process (started here,
outside the ``CI`` suppression, one for each environment and ended with the session), then
fresh, the test's own run, whose answer the test goes on to check. Between the two the
folders the command may write (its workspace, or its ``--out`` and ``--cache-dir`` when both
are given) are put back as they were: a copy taken before the served run replaces them, so
both runs see the same paths and no path needs rewriting. The exit status, stdout and stderr
(durations such as ``in 3.3 s`` and objects' addresses aside) and every file, folder, link
and mode bit under those folders must be equal, else the test fails with the differences
(and they are written to the report). In a face cache (``.cardforge-cache``, ``--cache-
dir``) entries are compared by name, kind and mode, not bytes: two fresh runs already write
different bytes there (issue 33's reproducible files; out/ is byte-identical). With
``--executable-tests`` only the tests the cache lists are collected.

Both runs get the test's environment without ``CI`` and the ``PYTEST_*`` variables (pytest
changes ``PYTEST_CURRENT_TEST`` for every test, which would name a new resident process each
time; cardforge reads neither), the fresh one with ``CARDFORGE_RESIDENT=0``, the served one
with ``CARDFORGE_RESIDENT=1`` and a runtime folder of this worker's. A command the resident
process does not serve (one it refuses: an address-space limit, see
:mod:`cardforge.resident.resident_child`) is still run twice and compared, and is counted as
not served in the report, with the reason its log gives. A test's ``preexec_fn`` runs for
both, but the served run leaves out the address-space limit it sets (``ulimit -v``, which
the resident process refuses by design: the attack tests set one), so those commands are
served too; the fresh run keeps it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

SWITCH = "CARDFORGE_SERVED_VS_FRESH"
"""``1`` runs every build and lint of the tests both served and fresh."""

REPORT = "CARDFORGE_SERVED_VS_FRESH_REPORT"
"""A folder each worker appends its report to (``<worker>.jsonl``, one line a command)."""

CACHE_KEY = "cardforge/executable-tests"
"""pytest's cache entry listing the tests that run the cardforge command."""

SERVED = frozenset({"build", "lint"})
"""The commands a resident process serves (cardforge.resident.resident_place.COMMANDS)."""

MAX_FILES = 20_000
"""Files a command's folders may hold to be copied (more: the command runs once, noted)."""

_real_run = subprocess.run
_current: list[str] = []
_called: set[str] = set()
_ran: set[str] = set()


def switched_on() -> bool:
    """True when the switch (:data:`SWITCH`) asks for every build and lint twice."""
    return os.environ.get(SWITCH, "").strip() == "1"


def cardforge_argv(args: Any) -> list[str] | None:
    """The arguments after ``cardforge`` when ``args`` (as given to subprocess.run) runs the
    cardforge command (its console script, or a Python with ``-m cardforge``); else None."""
    if isinstance(args, (str, bytes)) or not isinstance(args, Sequence) or not args:
        return None
    words = [os.fsdecode(a) if isinstance(a, (str, bytes, os.PathLike)) else "" for a in args]
    if Path(words[0]).name == "cardforge":
        return words[1:]
    if Path(words[0]).name.startswith("python") and words[1:3] == ["-m", "cardforge"]:
        return words[3:]
    return None


# -- which tests run the command ------------------------------------------------------------

def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--executable-tests", action="store_true", default=False,
                     help="collect only the tests that ran the cardforge command in earlier runs "
                          f"(pytest's cache, {CACHE_KEY})")


def pytest_configure(config: pytest.Config) -> None:
    subprocess.run = _run  # type: ignore[assignment]


def pytest_unconfigure(config: pytest.Config) -> None:
    subprocess.run = _real_run  # type: ignore[assignment]
    _servers.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _current.append(item.nodeid)
    _ran.add(item.nodeid)
    try:
        yield
    finally:
        _current.pop()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--executable-tests"):
        return
    cache = getattr(config, "cache", None)
    listed = cache.get(CACHE_KEY, None) if cache is not None else None
    if not listed:
        raise pytest.UsageError(f"no list of the tests that run cardforge ({CACHE_KEY} in pytest's "
                                "cache): run the whole suite once first")
    wanted = set(listed)
    kept = [item for item in items if item.nodeid in wanted]
    config.hook.pytest_deselected(items=[item for item in items if item.nodeid not in wanted])
    items[:] = kept


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if hasattr(config, "workerinput"):  # an xdist worker: its controller merges
        config.workeroutput["cardforge_called"] = sorted(_called)  # type: ignore[attr-defined]
        config.workeroutput["cardforge_ran"] = sorted(_ran)  # type: ignore[attr-defined]
        return
    cache = getattr(config, "cache", None)  # None under -p no:cacheprovider
    if cache is None or not _ran:
        return
    before = set(cache.get(CACHE_KEY, []) or [])
    cache.set(CACHE_KEY, sorted((before - _ran) | _called))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """xdist's controller: take what a worker saw."""
    output = getattr(node, "workeroutput", {}) or {}
    _called.update(output.get("cardforge_called", ()))
    _ran.update(output.get("cardforge_ran", ()))


# -- the run wrapper --------------------------------------------------------------------------

def _run(args: Any, *popenargs: Any, **kwargs: Any) -> subprocess.CompletedProcess[Any]:
    argv = cardforge_argv(args)
    if argv is None or popenargs:
        return _real_run(args, *popenargs, **kwargs)
    if _current:
        _called.add(_current[-1])
    env = dict(kwargs.get("env") if kwargs.get("env") is not None else os.environ)
    resident = env.get("CARDFORGE_RESIDENT", "").strip().lower() in {"1", "on", "yes", "true"}
    if not switched_on() or not argv or argv[0] not in SERVED or resident:
        return _real_run(args, **kwargs)  # the resident process's own tests choose for themselves
    return _twice([os.fsdecode(a) for a in args], argv, env, kwargs)


@dataclass
class Answer:
    """What one run of a command gave: exit status, stdout, stderr and its folders' trees."""

    code: int
    stdout: Any
    stderr: Any
    trees: list[dict[str, Any]] = field(default_factory=list)


def _twice(args: list[str], argv: list[str], env: dict[str, str], kwargs: dict[str, Any]) \
        -> subprocess.CompletedProcess[Any]:
    """Run ``args`` served, put its folders back, run it fresh (the answer the test gets),
    compare; fail the test on a difference."""
    cwd = Path(kwargs.get("cwd") or os.getcwd())
    base = {k: v for k, v in env.items() if k != "CI" and not k.startswith("PYTEST_")}
    fresh_env = {**base, "CARDFORGE_RESIDENT": "0"}
    served_env = {**base, "CARDFORGE_RESIDENT": "1", "XDG_RUNTIME_DIR": str(_servers.runtime()),
                  "CARDFORGE_RESIDENT_IDLE_S": "300"}  # ends soon should this session be killed
    kwargs = dict(kwargs)
    kwargs.pop("env", None)
    check = kwargs.pop("check", False)
    shown = not (kwargs.get("capture_output") or "stdout" in kwargs or "stderr" in kwargs)
    if shown:  # the test lets the output through: catch it to compare, then let it through
        kwargs.update(stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    roots = _roots(argv, cwd)
    record: dict[str, Any] = {"test": _current[-1] if _current else "", "argv": argv, "cwd": str(cwd)}
    skipped = _skip_reason(roots)
    if skipped is None:
        snapshots = _snapshot(roots)
        if snapshots is None:
            skipped = "a folder could not be copied"
    if skipped is not None:
        record.update(outcome="not compared", reason=skipped)
        _report(record)
        done = _real_run(args, **kwargs, env=fresh_env, check=False)
    else:
        served, reason = _serve(args, argv, cwd, served_env, kwargs)
        served_answer = Answer(served.returncode, served.stdout, served.stderr, [_tree(r) for r in roots])
        aside = _put_back(roots, snapshots)
        try:
            done = _real_run(args, **kwargs, env=fresh_env, check=False)
            fresh_answer = Answer(done.returncode, done.stdout, done.stderr, [_tree(r) for r in roots])
        finally:
            for folder in aside:
                _remove(folder)
        differences = _differences(served_answer, fresh_answer, roots, _at(cwd, _option(argv, "--cache-dir")))
        record.update(outcome="differ" if differences else "equal", served=reason is None,
                      reason=reason, differences=differences)
        _report(record)
        if differences:
            raise AssertionError(f"cardforge {' '.join(argv)} (in {cwd}) served and fresh differ:\n  "
                                 + "\n  ".join(differences))
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
    def at(value: str | None) -> Path | None:
        return _at(cwd, value)

    workspace = at(_option(argv, "-w", "--workspace")) or Path(os.path.abspath(cwd))
    out, cache = at(_option(argv, "--out")), at(_option(argv, "--cache-dir"))
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


def _tree(root: Path) -> dict[str, Any]:
    """Every entry under ``root``: relative path → (kind, mode bits, content or target)."""
    entries: dict[str, Any] = {}
    if not os.path.lexists(root):
        return entries
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            key = os.path.relpath(path, root)
            mode = stat.S_IMODE(info.st_mode)
            if stat.S_ISLNK(info.st_mode):
                entries[key] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                entries[key] = ("folder", oct(mode))
            elif stat.S_ISREG(info.st_mode):
                try:
                    with open(path, "rb") as stream:
                        entries[key] = ("file", oct(mode), stream.read())
                except OSError as exc:
                    entries[key] = ("file", oct(mode), f"unreadable: {exc.strerror}")
            else:
                entries[key] = ("special", oct(mode), stat.S_IFMT(info.st_mode))
    return entries


def _differences(served: Answer, fresh: Answer, roots: list[Path], cache: Path | None) -> list[str]:
    """What differs between the two answers, one line each (empty: none)."""
    found = []
    if served.code != fresh.code:
        found.append(f"exit status: served {served.code}, fresh {fresh.code}")
    for name in ("stdout", "stderr"):
        a, b = (_timeless(getattr(answer, name)) for answer in (served, fresh))
        if a != b:
            found.append(f"{name}: served {a!r:.600}, fresh {b!r:.600}")
    for root, a, b in zip(roots, served.trees, fresh.trees, strict=True):
        for key in sorted(set(a) | set(b)):
            if _cached(root / key, cache):  # a cache entry: its name (a digest), kind and mode
                if _short(a.get(key)).split()[:2] != _short(b.get(key)).split()[:2]:
                    found.append(f"{root / key}: served {_short(a.get(key))}, fresh {_short(b.get(key))}")
            elif a.get(key) != b.get(key):
                found.append(f"{root / key}: served {_short(a.get(key))}, fresh {_short(b.get(key))}")
    return found


TIMINGS = re.compile(r"\b\d+(?:\.\d+)? (s|ms)\b")
"""Durations in a command's output (``1 file(s) in 3.3 s``): two runs take different times."""

ADDRESSES = re.compile(r" object at 0x[0-9a-f]+>")
"""An object's address in its repr (``<_io.BytesIO object at 0x7f…>``, which pikepdf's
message about a damaged cached face quotes): two fresh runs give two addresses."""


def _timeless(text: Any) -> Any:
    """``text`` (str or bytes) with every duration replaced by ``<t>`` and every object
    address by ``0x…``."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    if not isinstance(text, str):
        return text
    return ADDRESSES.sub(" object at 0x…>", TIMINGS.sub(r"<t> \1", text))


def _cached(path: Path, cache: Path | None) -> bool:
    """True for ``path`` in a face cache: ``.cardforge-cache`` of a workspace, or ``cache``
    (the ``--cache-dir`` given). Its bytes are not compared: the cache's PDFs and build
    records differ from one fresh run to the next (issue 33's reproducible files, not the
    resident process's); its names (digests of content), kinds and modes are."""
    return ".cardforge-cache" in path.parts or (cache is not None and path.is_relative_to(cache))


def _short(entry: tuple[Any, ...] | None) -> str:
    if entry is None:
        return "absent"
    if entry[0] == "file" and isinstance(entry[2], bytes):
        import hashlib

        return f"file {entry[1]} {len(entry[2])} bytes {hashlib.sha256(entry[2]).hexdigest()[:12]}"
    return " ".join(str(part) for part in entry)


def _report(record: dict[str, Any]) -> None:
    folder = os.environ.get(REPORT)
    if not folder:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(Path(folder) / f"{worker}.jsonl", "a", encoding="utf-8") as stream:
        stream.write(json.dumps(record) + "\n")


# -- the resident processes -------------------------------------------------------------------

def _serve(args: list[str], argv: list[str], cwd: Path, env: dict[str, str],
           kwargs: dict[str, Any]) -> tuple[subprocess.CompletedProcess[Any], str | None]:
    """Run ``args`` with a resident process listening for ``env``: its result, and None
    when it was served, else why not (the log's reason)."""
    reason = _servers.ensure(args, argv, cwd, env)
    before = _servers.log_lines()
    preexec = kwargs.get("preexec_fn")
    if preexec is not None:
        kwargs = {**kwargs, "preexec_fn": _without_memory_limits(preexec)}
    done = _real_run(args, **kwargs, env=env, check=False)
    if reason is None:
        after = _servers.log_lines()
        new = [line for log, lines in after.items() for line in lines[len(before.get(log, [])):]]
        if not any(" exit " in line for line in new):
            refused = [line.split(" refused ", 1)[-1] for line in new if " refused " in line]
            reason = f"refused {refused[-1]}" if refused else "not served (no line in the log)"
    return done, reason


def _without_memory_limits(preexec: Any) -> Any:
    """``preexec`` (a test's ``preexec_fn``) with the address-space and data limits it sets
    left out: the resident process refuses a command under them by design (its child starts
    with the warm process's memory, resident_child.MEMORY_LIMITS), so the served run goes
    without and is compared with the fresh run under them (which the attack tests check
    ends without a MemoryError)."""
    import resource

    skipped = {getattr(resource, name) for name in ("RLIMIT_AS", "RLIMIT_DATA") if hasattr(resource, name)}

    def run() -> None:
        real = resource.setrlimit

        def setrlimit(which: int, limits: tuple[int, int]) -> None:
            if which not in skipped:
                real(which, limits)

        resource.setrlimit = setrlimit
        try:
            preexec()
        finally:
            resource.setrlimit = real

    return run


class _Servers:
    """The resident processes this worker started, one per environment, in a runtime
    folder of its own."""

    def __init__(self) -> None:
        self._runtime: Path | None = None
        self._started: dict[str, subprocess.Popen[bytes]] = {}
        self._paths: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[str, bool]] = {}

    def runtime(self) -> Path:
        if self._runtime is None:  # short: a socket's path may have at most ~100 bytes
            self._runtime = Path(tempfile.mkdtemp(prefix="cf-svf-", dir="/tmp"))
        return self._runtime

    def log_lines(self) -> dict[str, list[str]]:
        """Each resident process's log (by its file's name): its lines."""
        folder = self.runtime() / "cardforge"
        return {log.name: log.read_text(encoding="utf-8").splitlines()
                for log in sorted(folder.glob("*.log"))} if folder.is_dir() else {}

    def ensure(self, args: list[str], argv: list[str], cwd: Path, env: dict[str, str]) -> str | None:
        """Start the resident process that serves ``args`` run in ``cwd`` with ``env``
        unless it runs; None, or why none will serve it."""
        # where the command's Python finds cardforge: its folder first for `python -m`, the
        # script's for the console script
        start = str(cwd) if Path(args[0]).name != "cardforge" else str(Path(args[0]).parent)
        key = (start, tuple(sorted(env.items())))
        # asked each time: the identity also covers the code and data on disk, which a test
        # may edit between two commands (tests/render/test_cache_code_digest.py)
        if True:
            code = ("import os, sys\nfrom cardforge.resident import resident_place as p\n"
                    f"print(p.wanted({argv[:1]!r}, os.environ), p.socket_path(os.environ) or '')\n")
            done = _real_run([sys.executable, "-c", code], cwd=start, env=env, capture_output=True,
                             text=True, timeout=300, check=False)
            words = done.stdout.split()
            if done.returncode != 0 or len(words) != 2:
                return f"no socket path: {done.stderr.strip()[-300:]}"
            self._paths[key] = (words[1], words[0] == "True")
        path, wanted = self._paths[key]
        if not wanted:
            return "the resident process is not wanted here (resident_place.wanted)"
        if path not in self._started or self._started[path].poll() is not None:
            log = open(self.runtime() / "servers.err", "ab")  # noqa: SIM115 - the process keeps it
            self._started[path] = subprocess.Popen(
                [sys.executable, "-m", "cardforge.resident.resident_server", path], cwd="/", env=env,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
            log.close()
            end = time.monotonic() + 300
            while not Path(path).is_socket():
                if self._started[path].poll() is not None or time.monotonic() > end:
                    return "the resident process did not start (see servers.err)"
                time.sleep(0.05)
        return None

    def stop(self) -> None:
        for process in self._started.values():
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except OSError:
                    pass
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        self._started.clear()
        if self._runtime is not None:
            shutil.rmtree(self._runtime, ignore_errors=True)
            self._runtime = None


_servers = _Servers()


# -- the job's summary ------------------------------------------------------------------------

def summary(folder: Path) -> int:
    """Print what the report in ``folder`` holds (commands compared, served, not served and
    why, distinct command shapes); 1 when a command differed or none was served, else 0."""
    records = [json.loads(line) for log in sorted(folder.glob("*.jsonl"))
               for line in log.read_text(encoding="utf-8").splitlines()]
    compared = [r for r in records if r["outcome"] in ("equal", "differ")]
    served = [r for r in compared if r.get("served")]
    shapes = {(r["argv"][0], *sorted(w.split("=")[0] for w in r["argv"][1:] if w.startswith("-")))
              for r in records}
    tests = {r["test"] for r in records}
    print(f"served vs fresh: {len(records)} build and lint commands of {len(tests)} tests "
          f"({len(shapes)} command shapes); {len(compared)} compared, {len(served)} of them served")
    reasons: dict[str, int] = {}
    for r in records:
        if r["outcome"] == "not compared" or not r.get("served"):
            why = str(r.get("reason"))
            reasons[why] = reasons.get(why, 0) + 1
    for why, count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"  {count} not served or not compared: {why}")
    differed = [r for r in compared if r["outcome"] == "differ"]
    for r in differed:
        print(f"  DIFFER {r['test']}: cardforge {' '.join(r['argv'])}")
        print("    " + "\n    ".join(r["differences"]))
    return 1 if differed or not served else 0


if __name__ == "__main__":
    sys.exit(summary(Path(sys.argv[1])))
