"""cardforge.render.workers.layout_workers: layout workers warm up one after another, each before it takes
a task, so the first face of a build goes to a warm worker; only the first warms up until
the build wants them all."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_packs import discover
from cardforge.render import face_sources
from cardforge.render.workers import chunks
from cardforge.render.workers import layout_workers as workers
from cardforge.render.workers import parallel_layout as layout
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]

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
        time.sleep(0.6)  # the second worker would have warmed up by now, had it been let
        alone = log.read_text().count("start")
        workers.want_all()
        time.sleep(0.6)  # the second worker's turn
    finally:
        workers.close_pool()
    assert alone == 1  # a one-face build never warms the second worker
    events = [(kind, float(at)) for kind, at in (line.split() for line in log.read_text().splitlines())]
    assert [kind for kind, _ in events[:4]] == ["start", "end", "start", "end"]  # never two at once
    first_warm_end = events[1][1]
    assert first_task >= first_warm_end  # the first task waited for (only) the first warm worker
    assert first_task < events[3][1]  # ... not for the second one


def _job() -> chunks.Job:
    return chunks.Job("", CardGeometry(63, 88, 3, 3), Path("."), (Path("."),), Path("."))


class _LaidOutAtOnce:
    """A warm pool whose workers lay every chunk out at once (stores nothing)."""

    def imap_unordered(self, work: object, sent: list[chunks.Chunk]) -> list[chunks.Outcome]:
        return [chunks.Outcome(chunk.keys, ()) for chunk in sent]


@pytest.mark.parametrize(("count", "wanted"), [(1, []), (2, [True])])
def test_several_chunks_want_every_worker_and_one_chunk_does_not(monkeypatch, count, wanted) -> None:
    calls: list[bool] = []
    monkeypatch.setattr(workers, "shared_pool", lambda: _LaidOutAtOnce())
    monkeypatch.setattr(workers, "want_all", lambda: calls.append(True))
    work = [chunks.Chunk((f"key{i}",), (f"<p>{i}</p>",)) for i in range(count)]
    record = layout.Tally(count, None, None)
    layout._run(_job(), work, 2, record)
    assert [o.keys for o in record.outcomes] == [c.keys for c in work]
    assert calls == wanted


def test_rendering_many_new_faces_wants_every_worker_while_templates_still_render(monkeypatch) -> None:
    spec = discover()["comic-creator"]
    game = load_game(REPO / "cards" / "comic-creator", spec).game
    assert game is not None
    seen: list[int] = []
    rendered = face_sources.render

    def counting_render(*args: object, **kwargs: object) -> str:
        seen.append(0)
        return rendered(*args, **kwargs)

    monkeypatch.setattr(face_sources, "render", counting_render)
    monkeypatch.setattr(face_sources, "want_all", lambda: seen.append(1))
    face_sources.face_sources(game, "en", REPO)
    assert seen.count(1) == 1
    assert seen.index(1) == face_sources.MANY_NEW_FACES  # right after that many faces, not at the end
    assert len(seen) > face_sources.MANY_NEW_FACES + 1


def test_warming_up_loads_the_fonts_into_the_configuration_faces_share() -> None:
    import os

    from cardforge.render.layout import font_configs

    font_configs._shared.clear()
    assert workers._warm()
    shared = font_configs._shared.get(os.getpid())
    assert shared is not None and font_configs.font_config_for(".face { color: red }") is shared
    assert shared.strut_layouts  # the warm page's line boxes measured in it
