"""A pytest plugin (loaded by tests/conftest.py) for the differential served-vs-fresh job
(.ci/served_vs_fresh.sh, docs/ci.md, docs/architecture.md "The resident process").

Always on, it notes which tests run the ``cardforge`` command as a process (the console
script beside this Python, or ``python -m cardforge``, through :func:`subprocess.run`): for
each, the shapes of the builds and lints it runs (tests/resident/shape_cover.py) and the
seconds it took, kept in pytest's cache (``cardforge/command-shapes``) merged with the
entries of the tests not run this session. From it the job chooses the tests it runs.

Under the switch ``CARDFORGE_SERVED_VS_FRESH=1`` every ``build`` and ``lint`` such a test
runs (with ``CARDFORGE_SERVED_VS_FRESH=<file>``, those of the tests listed in that file:
the suite's run in .ci/run, tests/resident/served_tests.txt) is run twice, from the same
files: first served by a resident process (started here, outside the ``CI`` suppression,
one for each environment and ended with the session, tests/resident/warm_servers.py), then
fresh, the test's own run, whose answer the test goes
on to check (tests/resident/served_twice.py). The exit status, stdout and stderr and every
file, folder, link and mode bit under the folders it may write must be equal
(tests/resident/folder_trees.py), else the test fails with the differences, which are also
written to the report (tests/resident/svf_report.py). A command run with
``CARDFORGE_RESIDENT=1`` is left alone: the resident process's own tests choose for
themselves.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.resident.served_twice import twice
from tests.resident.shape_cover import CACHE_KEY, read_listing, shape
from tests.resident.svf_report import expect
from tests.resident.warm_servers import REAL_RUN, servers

SWITCH = "CARDFORGE_SERVED_VS_FRESH"
"""``1`` runs every build and lint of the tests both served and fresh; the path of a file
of test ids (one a line), those of the tests it lists."""

SERVED = frozenset({"build", "lint"})
"""The commands a resident process serves (cardforge.resident.resident_place.COMMANDS)."""

_current: list[str] = []
_shapes: dict[str, set[tuple[str, ...]]] = {}
_ran: set[str] = set()
_seconds: dict[str, float] = {}


def switched_on() -> bool:
    """True when the switch (:data:`SWITCH`) asks for every build and lint twice."""
    return os.environ.get(SWITCH, "").strip() == "1"


def listed() -> frozenset[str] | None:
    """The ids of the tests whose builds and lints run twice when the switch names a file
    of them (:data:`SWITCH`); None when it does not. A file that cannot be read fails the
    session: the job would otherwise compare nothing."""
    value = os.environ.get(SWITCH, "").strip()
    if value in ("", "0", "1"):
        return None
    try:
        text = Path(value).read_text(encoding="utf-8")
    except OSError as exc:
        raise pytest.UsageError(f"{SWITCH}={value}: {exc.strerror}") from None
    return frozenset(read_listing(text))


def switched_for(test: str) -> bool:
    """Whether ``test``'s builds and lints run served and fresh."""
    chosen = listed()
    return switched_on() or (chosen is not None and test in chosen)


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


def pytest_configure(config: pytest.Config) -> None:
    subprocess.run = _run  # type: ignore[assignment]


def pytest_unconfigure(config: pytest.Config) -> None:
    subprocess.run = REAL_RUN
    servers.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _current.append(item.nodeid)
    _ran.add(item.nodeid)
    try:
        yield
    finally:
        _current.pop()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's seconds (setup, call and teardown; xdist's controller sees every worker's)."""
    _seconds[report.nodeid] = _seconds.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if hasattr(config, "workerinput"):  # an xdist worker: its controller merges
        config.workeroutput["cardforge_shapes"] = {  # type: ignore[attr-defined]
            test: sorted(shapes) for test, shapes in _shapes.items()}
        config.workeroutput["cardforge_ran"] = sorted(_ran)  # type: ignore[attr-defined]
        return
    chosen = listed()
    if chosen is not None:  # the whole suite with the listed tests served too: what they must cover
        expect(_shapes, _seconds, sorted(chosen))
    cache = getattr(config, "cache", None)  # None under -p no:cacheprovider
    if cache is None or not _ran or switched_on():  # the job's runs leave the suite's list alone
        return
    before = cache.get(CACHE_KEY, {}) or {}
    kept = {test: entry for test, entry in before.items() if test not in _ran}
    kept.update({test: {"shapes": sorted(shapes), "seconds": round(_seconds.get(test, 0.0), 2)}
                 for test, shapes in _shapes.items()})
    cache.set(CACHE_KEY, dict(sorted(kept.items())))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """xdist's controller: take what a worker saw."""
    output = getattr(node, "workeroutput", {}) or {}
    for test, shapes in (output.get("cardforge_shapes") or {}).items():
        _shapes.setdefault(test, set()).update(tuple(s) for s in shapes)
    _ran.update(output.get("cardforge_ran", ()))


def _run(args: Any, *popenargs: Any, **kwargs: Any) -> subprocess.CompletedProcess[Any]:
    """subprocess.run, noting a build's or lint's shape and, under the switch, running it
    served and fresh (:func:`tests.resident.served_twice.twice`)."""
    argv = cardforge_argv(args)
    if argv is None or popenargs:
        return REAL_RUN(args, *popenargs, **kwargs)
    env = dict(kwargs.get("env") if kwargs.get("env") is not None else os.environ)
    resident = env.get("CARDFORGE_RESIDENT", "").strip().lower() in {"1", "on", "yes", "true"}
    if not argv or argv[0] not in SERVED or resident:
        return REAL_RUN(args, **kwargs)  # the resident process's own tests choose for themselves
    test = _current[-1] if _current else ""
    code: int | None = None
    try:
        if switched_for(test):
            done = twice([os.fsdecode(a) for a in args], argv, env, kwargs, test)
        else:
            done = REAL_RUN(args, **kwargs)
        code = done.returncode
        return done
    except subprocess.CalledProcessError as exc:
        code = exc.returncode
        raise
    finally:
        if test and code is not None:
            _shapes.setdefault(test, set()).add(shape(argv, code))
