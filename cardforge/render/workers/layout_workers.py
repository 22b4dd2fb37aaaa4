"""Worker processes that lay out faces, started early and warmed up while the build does other work.

The first WeasyPrint document a process lays out is the slowest by far (fontconfig reads its
font list, Pango loads the fonts: about a second, measured in docs/benchmarks.md). A build
spends its first seconds loading, linting and rendering templates in the main process, with
no face to lay out yet. :func:`warm_pool` starts the ``jobs`` worker processes at the start of
a build and has each lay out a tiny page in the fonts the faces use, so that by the time
faces reach them the workers are warm: a cold build's workers start at full speed, and the
one face a one-card edit needs is laid out in a warm worker instead of a cold main process.

Workers warm up one after another, each in its initializer, holding a shared lock: a
worker takes no task before it is warm, so the first face goes to the first worker warm
rather than to one still importing WeasyPrint; and while the build's own process loads and
lints, only one worker competes with it for the CPU (on two cores, the first worker is warm
about 0.1 s sooner than when all warm at once, which is what a one-card edit waits for).
Only the first worker warms up at once: the others wait, using no CPU, until the build
knows it has more than one worker's work (:func:`want_all`: many templates rendered anew,
or several chunks to lay out). A one-card edit never warms them: importing WeasyPrint and
loading fonts costs a worker about 0.3 CPU-seconds, which on two cores the build's own
process and its lint would wait for.

:func:`shared_pool` is the pool :mod:`cardforge.render.workers.parallel_layout` submits chunks to when one is
warm (else it makes its own); :func:`close_pool` ends it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.pool import Pool
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event, Lock

from cardforge.proc import forked

WARM_HTML = ('<p style="font-family: \'DejaVu Sans\', \'Noto Sans CJK JP\', sans-serif">'
             'Warm up: Aa 1 あア漢</p>')
"""A page in the faces' fonts (Latin and Japanese), so the fonts they load are loaded."""

_pool: Pool | None = None
_wanted: Event | None = None


def context() -> multiprocessing.context.BaseContext:
    """Fork where it is safe (Linux and the BSDs: workers inherit what is imported); spawn
    elsewhere (Windows, macOS: see :func:`cardforge.proc.forked.fork_is_safe`), where each worker
    imports WeasyPrint anew, about 0.3 s of CPU more per worker, and the pool takes longer
    to warm."""
    return multiprocessing.get_context("fork" if forked.fork_is_safe() else "spawn")


ORPHAN_CHECK_S = 1.0
"""How often (s) a worker waiting to be wanted checks that its build still runs."""

WORKER_NICENESS = 5
"""How much less CPU priority a worker has than the build's own process: while workers warm
up, the build loads, lints and renders templates, and that work is what the first face
waits for; once faces are laid out the build's process mostly waits for the workers."""


def _start_worker(turn: Lock, started: Synchronized, wanted: Event) -> None:
    """Run in each worker as it starts: lower its priority by :data:`WORKER_NICENESS`; all
    but the first wait for ``wanted`` (:func:`want_all`); then warm up (:func:`_warm`)
    holding ``turn``, shared by the pool's workers, so that they warm one at a time, each
    before it takes its first task. ``started`` counts the workers started so far."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # not on this system: same priority, still correct
        pass
    with started.get_lock():
        started.value += 1
        first = started.value == 1
    if not first:
        parent = os.getppid()
        while not wanted.wait(ORPHAN_CHECK_S):
            if os.getppid() != parent:  # the build ended without closing the pool (killed)
                os._exit(0)
    with turn:
        _warm()


def _warm() -> bool:
    """Lay out :data:`WARM_HTML` (runs in a worker; any failure is left to the real work)."""
    try:
        import weasyprint

        from cardforge.render.layout import weasyprint_changes as layout_setup
        from cardforge.render.layout.font_configs import font_config_for

        layout_setup.prepare()  # the fonts loaded into the configuration the faces will share:
        weasyprint.HTML(string=WARM_HTML).write_pdf(font_config=font_config_for(WARM_HTML))
    except Exception:  # noqa: BLE001 - warming is an optimisation, never a failure
        return False
    return True


def warm_pool(jobs: int) -> None:
    """Start ``jobs`` worker processes (if none are running) and warm each up, without
    waiting for them: the call returns at once."""
    global _pool, _wanted
    if _pool is not None or jobs < 1:
        return
    start = context()
    _wanted = start.Event()
    _pool = start.Pool(jobs, initializer=_start_worker, initargs=(start.Lock(), start.Value("i", 0), _wanted))


@contextmanager
def warmed_pool(jobs: int) -> Iterator[None]:
    """``with warmed_pool(jobs):`` a warm pool of ``jobs`` workers (:func:`warm_pool`) for
    the block, stopped when it ends however it ends (:func:`close_pool`): a command starts
    it before importing its own modules, so the workers warm up meanwhile."""
    warm_pool(jobs)
    try:
        yield
    finally:
        close_pool()


def want_all() -> None:
    """Let every worker of the warm pool warm up and take work (call it as soon as the build
    knows there is more than one worker's work); does nothing without a warm pool."""
    if _wanted is not None:
        _wanted.set()


def shared_pool() -> Pool | None:
    """The warm pool, when :func:`warm_pool` started one (else None)."""
    return _pool


def close_pool() -> None:
    """Stop the warm pool's workers at once, if any run (call it when the faces are laid
    out: a worker still warming up is not waited for)."""
    global _pool, _wanted
    if _pool is not None:
        _pool.terminate()
        _pool.join()
        _pool = None
        _wanted = None
