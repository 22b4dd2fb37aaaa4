"""The book filler: faces are copied into the face book as their chunks land, while later
chunks are still laid out; the book and the sheets come out the same as without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.render.cache import book_filler
from cardforge.render.cache.face_book import FaceBook
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_sheets import card_sheets
from cardforge.render.workers import parallel_layout as layout
from cardforge.workspace.game_loading import load_game
from tests.render.test_face_book import _saved
from tests.render.test_face_cache import DISTINCT, _render, make_workspace
from tests.render.test_faces import TEST_GAME, page_texts


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return make_workspace(tmp_path)


def test_each_chunk_is_copied_in_as_it_lands(workspace, tmp_path, monkeypatch):
    monkeypatch.setattr(layout, "MAX_CHUNK", 2)  # 5 faces: three chunks
    landed: list[list[Path]] = []
    real = book_filler.BookFiller.add

    def add(self, files):
        landed.append(list(files))
        assert all(file.is_file() for file in files)  # stored before they are told
        real(self, files)
        assert self.copied == sum(map(len, landed))  # copied at once, not at the end

    monkeypatch.setattr(book_filler.BookFiller, "add", add)
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    assert [len(files) for files in landed] == [1, 2, 2]  # chunks of 1, 2, 4 … capped at MAX_CHUNK
    book = faces.pages()
    assert isinstance(book, FaceBook) and book.copied == DISTINCT
    assert faces.book is not None and faces.book.is_file()  # the filled book was written


def test_sheets_are_the_same_with_and_without_the_filler(workspace, tmp_path):
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    filled = _saved(card_sheets(game, _render(workspace, FaceCache(tmp_path / "a")), "a4", "long"))
    faces = _render(workspace, FaceCache(tmp_path / "b"))
    faces.filler.take()  # thrown away: the face book copies every face in itself
    plain = _saved(card_sheets(game, faces, "a4", "long"))
    assert page_texts(filled) == page_texts(plain)
    assert len(filled) == pytest.approx(len(plain), rel=0.02)


def test_past_its_batch_the_filler_leaves_the_rest_to_the_book(workspace, tmp_path, monkeypatch):
    monkeypatch.setattr(book_filler, "BATCH", 2)
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    assert faces.filler is not None and faces.filler.copied == 2
    assert faces.pages().copied == DISTINCT  # 2 by the filler, 3 by the book itself
    assert FaceBook(faces.book, faces.files).copied == 0  # the next build reads it from disk


def test_a_readied_book_copies_faces_in_and_writes_nothing_more(workspace, tmp_path):
    """``ready`` opens an existing book and has it number a placeholder object, while the
    build waits: the faces copied in after it, and the book and sheets written, are the same
    as without it (the placeholder is referenced by nothing, so never written)."""
    cache = FaceCache(tmp_path / "cache")
    faces = _render(workspace, cache)
    faces.pages()  # the book is written
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    plain = _saved(card_sheets(game, faces, "a4", "long"))

    readied = book_filler.BookFiller(faces.book, DISTINCT)
    readied.ready()
    assert readied.copied == 0
    readied.add(faces.files)  # every face is in the book already: nothing to copy
    assert readied.copied == 0
    filled = readied.take()
    assert filled is not None and filled.existed and len(filled.opened[1]) == DISTINCT

    again = _render(workspace, cache)
    again.filler.ready()
    sheets = _saved(card_sheets(game, again, "a4", "long"))
    assert page_texts(sheets) == page_texts(plain)
    assert len(sheets) == len(plain)  # not one object more
