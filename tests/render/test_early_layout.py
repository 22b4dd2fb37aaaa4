"""cardforge.render.workers.early_layout: new faces go to the warm workers while templates render,
in chunks of 1, 2, 4 … faces, and the build collects them instead of laying them out again."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.render import face_sources
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.workers import chunks
from cardforge.render.workers import layout_workers as workers
from cardforge.render.workers import parallel_layout as layout
from cardforge.render.workers.early_layout import CardSide, EarlyLayout, Landed
from cardforge.workspace.game_loading import load_game
from tests.render.test_face_cache import DISTINCT, _edit, _render, make_workspace
from tests.render.test_faces import TEST_GAME, page_texts

POKER = CardGeometry.poker()


class _Sent:
    """A pool that keeps the chunks sent to it and lays none out."""

    def __init__(self) -> None:
        self.chunks: list[chunks.Chunk] = []

    def apply_async(self, work: object, args: tuple[chunks.Job, chunks.Chunk], callback=None) -> object:
        self.chunks.append(args[1])
        return object()


class _Now:
    """A pool that lays each chunk out at once, here, and calls back as a pool's thread does."""

    def __init__(self) -> None:
        self.sent = 0

    def apply_async(self, work, args, callback=None):
        self.sent += 1
        outcome = work(*args)
        if callback is not None:
            callback(outcome)
        return outcome


def _early(tmp_path: Path) -> tuple[EarlyLayout, _Sent]:
    pool = _Sent()
    early = EarlyLayout(pool, FaceCache(tmp_path / "cache"))  # type: ignore[arg-type]
    return early, pool


def test_chunks_double_from_one_face_and_the_rest_is_sent_on_flush(tmp_path: Path) -> None:
    early, pool = _early(tmp_path)
    early.offer("<p>before the stylesheet is known</p>", POKER)
    early.start("p { color: red }", tmp_path, [tmp_path])
    for i in range(10):
        early.offer(f"<p>{i}</p>", POKER)
    assert [len(c.keys) for c in pool.chunks] == [1, 2, 4]
    early.flush()
    assert [len(c.keys) for c in pool.chunks] == [1, 2, 4, 3]
    assert [f for c in pool.chunks for f in c.fragments] == [f"<p>{i}</p>" for i in range(10)]
    assert len(early.sent) == 10


def test_a_face_offered_twice_or_already_cached_is_not_sent(tmp_path: Path) -> None:
    early, pool = _early(tmp_path)
    early.start("", tmp_path, [tmp_path])
    early.offer("<p>a</p>", POKER)
    early.offer("<p>a</p>", POKER)
    assert len(early.sent) == 1
    context = layout.face_context(early.cache, "", POKER, early.base_uri, [tmp_path], None, "rgb")
    key = early.cache.key("<p>b</p>", context, early.base_uri, [tmp_path])
    chunks.lay_out_chunk(chunks.make_job("", POKER, tmp_path, [tmp_path], early.cache, None),
                         chunks.Chunk((key,), ("<p>b</p>",)))
    early.offer("<p>b</p>", POKER)
    early.flush()
    assert [c.fragments for c in pool.chunks] == [("<p>a</p>",)]


def test_faces_of_another_size_go_in_chunks_of_their_own(tmp_path: Path) -> None:
    early, pool = _early(tmp_path)
    early.start("", tmp_path, [tmp_path])
    early.offer("<p>poker</p>", POKER)
    early.offer("<p>mini</p>", CardGeometry(41, 63, 3, 3))
    early.offer("<p>poker 2</p>", POKER)
    early.flush()
    assert [c.fragments for c in pool.chunks][0] == ("<p>poker</p>",)  # the first chunk: one face
    assert {c.fragments for c in pool.chunks[1:]} == {("<p>poker 2</p>",), ("<p>mini</p>",)}


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="the warm pool forks")
def test_a_build_with_a_warm_pool_lays_new_faces_out_early_and_never_twice(tmp_path, monkeypatch) -> None:
    workspace = make_workspace(tmp_path)
    cache = FaceCache(tmp_path / "cache")
    late: list[int] = []
    run = layout._run

    def counted(job: chunks.Job, sent: list[chunks.Chunk], jobs: int, record: layout.Tally) -> None:
        late.append(sum(len(c.keys) for c in sent))
        run(job, sent, jobs, record)

    monkeypatch.setattr(layout, "_run", counted)
    workers.warm_pool(2)
    try:
        first = _render(workspace, cache, jobs=2)
        assert first.laid_out == DISTINCT
        assert sum(late) == 0  # every new face was laid out early, none after the templates
        _edit(workspace, "{en: Bob}", "{en: Robert}")
        edited = _render(workspace, cache, jobs=2)
    finally:
        workers.close_pool()
    assert edited.laid_out == 1
    assert sum(late) == 0
    texts = page_texts(edited.pdf)  # every face is in the book, the edited one too
    assert len(texts) == DISTINCT
    assert "Robert" in texts[edited.front_page["bob"]]
    assert "Ann" in texts[edited.front_page["ann"]]


def test_only_faces_rendered_anew_are_offered(tmp_path: Path, monkeypatch) -> None:
    offered: list[str] = []
    monkeypatch.setattr(EarlyLayout, "offer", lambda self, html, size, owner=None: offered.append(html))
    workspace = make_workspace(tmp_path)
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    memo = tmp_path / "memo.json"
    first = face_sources.face_sources(game, "en", workspace, memo=memo, early=_early(tmp_path)[0])
    fronts = {first.fragments[page] for page in first.front_page.values()}
    assert fronts <= set(offered)
    offered.clear()
    again = face_sources.face_sources(game, "en", workspace, memo=memo, early=_early(tmp_path)[0])
    assert again.fragments == first.fragments
    assert not fronts & set(offered)  # memoised fronts are not offered again


def test_a_face_offered_with_an_owner_is_announced_once_its_page_is_stored(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path / "cache")
    landed: list[Landed] = []
    early = EarlyLayout(_Now(), cache, landed=landed.append)  # type: ignore[arg-type]
    early.start("p { color: red }", tmp_path, [tmp_path])
    early.offer("<p>Ann</p>", POKER, CardSide("ann", "front"))
    early.offer("<p>a deck back</p>", POKER)   # no owner: laid out, not announced
    early.flush()
    [ann] = landed
    assert (ann.owner, ann.geometry) == (CardSide("ann", "front"), POKER)
    assert ann.page == cache.get(ann.key) and ann.page.read_bytes().startswith(b"%PDF")

    pool = _Now()   # the same face offered again, by another render: stored, so told at once
    again = EarlyLayout(pool, cache, landed=landed.append)  # type: ignore[arg-type]
    again.start("p { color: red }", tmp_path, [tmp_path])
    again.offer("<p>Ann</p>", POKER, CardSide("ann-2", "front"))
    assert pool.sent == 0
    assert [(f.owner, f.key) for f in landed[1:]] == [(CardSide("ann-2", "front"), ann.key)]


def test_a_listener_that_fails_does_not_stop_the_layout(tmp_path: Path) -> None:
    def broken(face: Landed) -> None:
        raise RuntimeError("a listener's bug")

    cache = FaceCache(tmp_path / "cache")
    early = EarlyLayout(_Now(), cache, landed=broken)  # type: ignore[arg-type]
    early.start("", tmp_path, [tmp_path])
    early.offer("<p>Bob</p>", POKER, CardSide("bob", "front"))
    [key] = early.sent
    assert cache.get(key) is not None
