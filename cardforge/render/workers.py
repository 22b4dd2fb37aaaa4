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

:func:`shared_pool` is the pool :mod:`cardforge.render.layout` submits chunks to when one is
warm (else it makes its own); :func:`close_pool` ends it.
"""

from __future__ import annotations

import multiprocessing
import os
from multiprocessing.pool import Pool
from multiprocessing.synchronize import Lock

WARM_HTML = ('<p style="font-family: \'DejaVu Sans\', \'Noto Sans CJK JP\', sans-serif">'
             'Warm up: Aa 1 あア漢</p>')
"""A page in the faces' fonts (Latin and Japanese), so the fonts they load are loaded."""

_pool: Pool | None = None


def context() -> multiprocessing.context.BaseContext:
    """Fork where available (workers inherit what is imported); spawn elsewhere."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


WORKER_NICENESS = 5
"""How much less CPU priority a worker has than the build's own process: while workers warm
up, the build loads, lints and renders templates, and that work is what the first face
waits for; once faces are laid out the build's process mostly waits for the workers."""


def _start_worker(turn: Lock) -> None:
    """Run in each worker as it starts: lower its priority by :data:`WORKER_NICENESS`, then
    warm up (:func:`_warm`) holding ``turn``, shared by the pool's workers, so that they warm
    one at a time, each before it takes its first task."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # not on this system: same priority, still correct
        pass
    with turn:
        _warm()


def _warm() -> bool:
    """Lay out :data:`WARM_HTML` (runs in a worker; any failure is left to the real work)."""
    try:
        import weasyprint

        weasyprint.HTML(string=WARM_HTML).write_pdf()
    except Exception:  # noqa: BLE001 - warming is an optimisation, never a failure
        return False
    return True


def warm_pool(jobs: int) -> None:
    """Start ``jobs`` worker processes (if none are running) and warm each up, without
    waiting for them: the call returns at once."""
    global _pool
    if _pool is not None or jobs < 1:
        return
    start = context()
    _pool = start.Pool(jobs, initializer=_start_worker, initargs=(start.Lock(),))


def shared_pool() -> Pool | None:
    """The warm pool, when :func:`warm_pool` started one (else None)."""
    return _pool


def close_pool() -> None:
    """Stop the warm pool's workers at once, if any run (call it when the faces are laid
    out: a worker still warming up is not waited for)."""
    global _pool
    if _pool is not None:
        _pool.terminate()
        _pool.join()
        _pool = None
