"""Font content keys stamped by the layout workers: each chunk's fonts are hashed once, the
face book keys them by the stamp, and no output carries the stamp."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest

from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_sheets import card_sheets
from cardforge.render.pdf import shared_resources
from cardforge.render.pdf.shared_resources import FONT_KEY, content_key
from cardforge.workspace.game_loading import load_game
from tests.render.test_face_book import _fonts, _saved
from tests.render.test_face_cache import _render, make_workspace
from tests.render.test_faces import TEST_GAME


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return make_workspace(tmp_path)


def _font_dicts(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    """The fonts resources name (a composite font's descendant is part of its parent)."""
    return [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"
            and o.get("/Subtype") not in ("/CIDFontType0", "/CIDFontType2")]


def test_cached_faces_carry_their_fonts_content_keys(workspace, tmp_path):
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    stamps = set()
    for file in faces.files:
        with pikepdf.open(file) as face:
            fonts = _font_dicts(face)
            assert fonts
            scratch = pikepdf.new()
            for font in fonts:
                stamp = str(font[FONT_KEY])
                unstamped = scratch.copy_foreign(font)
                del unstamped[FONT_KEY]
                assert stamp == content_key(unstamped)  # the stamp is the font's true key
                stamps.add(stamp)
    assert len(stamps) < sum(1 for _ in faces.files) * 2  # faces of a chunk share their fonts


def test_the_book_keys_fonts_by_their_stamps_and_outputs_carry_none(workspace, tmp_path, monkeypatch):
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    hashed = []
    real = shared_resources.content_key
    monkeypatch.setattr(shared_resources, "content_key", lambda obj: hashed.append(obj) or real(obj))
    sheets = _saved(card_sheets(game, faces, "a4", "long"))
    assert hashed == []  # every font came stamped: none hashed again for the book
    with pikepdf.open(io.BytesIO(sheets)) as out:
        assert not [o for o in out.objects if isinstance(o, pikepdf.Dictionary) and FONT_KEY in o]
    fonts = _fonts(sheets)
    assert fonts and len(fonts) == len(set(fonts))  # still each font subset once


def test_a_stamp_that_is_not_a_key_is_ignored(workspace, tmp_path):
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    with pikepdf.open(faces.files[0]) as face:
        font = _font_dicts(face)[0]
        true_key = str(font[FONT_KEY])
        font[FONT_KEY] = pikepdf.String("not a key")
        sharer = shared_resources.ResourceSharer()
        assert sharer.key(font) != "not a key"
        del font[FONT_KEY]
        assert shared_resources.ResourceSharer().key(font) == true_key
