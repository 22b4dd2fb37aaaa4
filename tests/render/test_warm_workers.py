"""cardforge.render.workers: layout workers warm up one after another, each before it takes
a task, so the first face of a build goes to a warm worker."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from cardforge.render import workers

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the test patches the workers' warm-up, which needs fork")


def test_workers_warm_one_at_a_time_and_before_their_first_task(monkeypatch, tmp_path: Path) -> None:
    log = tmp_path / "warm.log"

    def slow_warm() -> bool:  # runs in the forked workers, which inherit this patch
        with log.open("a") as handle:
            handle.write(f"start {time.monotonic()}\n")
        time.sleep(0.4)
        with log.open("a") as handle:
            handle.write(f"end {time.monotonic()}\n")
        return True

    monkeypatch.setattr(workers, "_warm", slow_warm)
    workers.warm_pool(2)
    try:
        pool = workers.shared_pool()
        assert pool is not None
        first_task = pool.apply(time.monotonic)
        time.sleep(0.6)  # the second worker's turn
    finally:
        workers.close_pool()
    events = [(kind, float(at)) for kind, at in (line.split() for line in log.read_text().splitlines())]
    assert [kind for kind, _ in events[:4]] == ["start", "end", "start", "end"]  # never two at once
    first_warm_end = events[1][1]
    assert first_task >= first_warm_end  # the first task waited for (only) the first warm worker
    assert first_task < events[3][1]  # ... not for the second one
