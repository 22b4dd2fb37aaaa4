"""The face cache: a rebuild lays out only the faces whose inputs changed; parallel layout."""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.model.card_geometry import CardGeometry
from cardforge.products.cards_product import build_cards
from cardforge.products.product_options import BuildOptions
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_render import render_card_faces
from cardforge.render.impose.duplex_sheets import Slot, impose_sheets
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import load_config
from tests.render.test_faces import GAME_YAML, TEST_GAME, make_game, page_texts

CARDS = """\
deck: heroes
cards:
  - {id: ann, name: {en: Ann}, text: {en: "Gain :vp:"}}
  - {id: bob, name: {en: Bob}}
  - {id: cat, name: {en: Cat}, art: art/cat.svg}
  - {id: dan, name: {en: Dan}, quantity: 2}
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">'
       '<rect width="4" height="4" fill="{}"/></svg>')
DISTINCT = 5  # four fronts and one shared back


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return make_workspace(tmp_path)


def make_workspace(tmp_path: Path) -> Path:
    """The test game with four cards (one with art) in ``tmp_path``; returns ``tmp_path``."""
    make_game(tmp_path, {"heroes.yaml": CARDS})
    art = tmp_path / "cards" / "test-game" / "art"
    art.mkdir()
    (art / "cat.svg").write_text(SVG.format("red"), encoding="utf-8")
    return tmp_path


def _render(workspace: Path, cache: FaceCache, jobs: int = 1):
    loaded = load_game(workspace / "cards" / "test-game", TEST_GAME)
    assert not loaded.problems, loaded.problems
    return render_card_faces(loaded.game, "en", workspace, cache=cache, jobs=jobs)


def _edit(workspace: Path, old: str, new: str, name: str = "heroes.yaml") -> None:
    path = workspace / "cards" / "test-game" / name
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def test_a_one_card_edit_lays_out_only_that_face(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    first = _render(workspace, cache)
    assert first.laid_out == DISTINCT
    assert _render(workspace, cache).laid_out == 0
    _edit(workspace, "{en: Bob}", "{en: Robert}")
    edited = _render(workspace, cache)
    assert edited.laid_out == 1
    texts = page_texts(edited.pdf)
    assert "Robert" in texts[edited.front_page["bob"]]
    assert "Ann" in texts[edited.front_page["ann"]]
    assert edited.files[edited.front_page["ann"]] == first.files[first.front_page["ann"]]
    assert edited.files[edited.front_page["bob"]] != first.files[first.front_page["bob"]]


def test_a_changed_art_file_lays_out_the_card_that_shows_it(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    _render(workspace, cache)
    (workspace / "cards" / "test-game" / "art" / "cat.svg").write_text(SVG.format("blue"))
    again = _render(workspace, cache)
    assert again.laid_out == 1


def test_a_changed_stylesheet_lays_out_every_face(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    _render(workspace, cache)
    (workspace / "templates" / "test-game" / "style.css").write_text("h1 { color: red; }")
    assert _render(workspace, cache).laid_out == DISTINCT


def test_a_changed_card_size_lays_out_every_face(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    _render(workspace, cache)
    (workspace / "cards" / "test-game" / "game.yaml").write_text(
        GAME_YAML.replace("width: 63, height: 88", "width: 57, height: 89"))
    again = _render(workspace, cache)
    assert again.laid_out == DISTINCT
    with pikepdf.open(io.BytesIO(again.pdf)) as pdf:
        x0, _, x1, _ = (float(v) for v in pdf.pages[0].TrimBox)
        assert x1 - x0 == pytest.approx(57 * 72 / 25.4, abs=0.01)


def test_worker_processes_lay_out_the_same_faces(workspace, tmp_path):
    serial = _render(workspace, FaceCache(tmp_path / "serial"), jobs=1)
    parallel = _render(workspace, FaceCache(tmp_path / "parallel"), jobs=2)
    assert parallel.laid_out == serial.laid_out == DISTINCT
    assert parallel.front_page == serial.front_page
    assert page_texts(parallel.pdf) == page_texts(serial.pdf)


def test_a_failing_face_in_a_worker_is_a_render_error(workspace, tmp_path):
    from cardforge.errors import RenderError

    (workspace / "templates" / "test-game" / "style.css").write_text("p { colr: red; }")
    with pytest.raises(RenderError, match="colr"):
        _render(workspace, FaceCache(tmp_path / "cache"), jobs=2)
    assert not list((tmp_path / "cache").rglob("*.pdf"))


def test_sheets_store_each_font_once_however_many_faces_use_it(workspace, tmp_path):
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    slots = [Slot(front=i) for i in range(len(faces.files))] * 3
    sheets = impose_sheets(faces.pages(), slots, CardGeometry.poker(), "a4", duplex="none")
    buffer = io.BytesIO()
    sheets.save(buffer)
    with pikepdf.open(buffer) as pdf:
        descriptors = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                       and o.get("/Type") == "/FontDescriptor"]
        programs = [hashlib.sha256(o.FontFile2.read_raw_bytes()).hexdigest() for o in descriptors]
        # Each font program once. Not each subset name once: the faces are laid out in chunks
        # of 1, 2, 4 ... faces (issue 33), and WeasyPrint names a font's subsets in different
        # chunks alike although they hold different glyphs, so those stay separate fonts.
        assert programs and len(programs) == len(set(programs)), programs
        assert len(descriptors) < 2 * len(faces.files)  # fewer than one per face and font


def test_build_uses_the_configured_cache_folder(workspace):
    (workspace / "cardforge.toml").write_text('cache = "faces-cache"\n')
    config = load_config(workspace)
    assert config.cache == (workspace / "faces-cache").resolve()
    options = BuildOptions(root=workspace, out=workspace / "out", papers=("a4",),
                           cache=config.cache)
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    written = build_cards(game, "en", options)
    assert [p.name for p in written] == ["test-game-cards-en-a4.pdf"]
    cached = list((workspace / "faces-cache").rglob("*.pdf"))
    assert len([p for p in cached if p.parent.name != "books"]) == DISTINCT
    assert len([p for p in cached if p.parent.name == "books"]) == 1  # the game's face book
    assert not (workspace / ".cardforge-cache").exists()


def test_zero_jobs_is_a_usage_error(workspace):
    result = CliRunner().invoke(main, ["build", "-w", str(workspace), "--jobs", "0"])
    assert result.exit_code == 2
    assert "--jobs" in result.output


def test_without_fc_list_a_font_installed_in_the_font_folders_changes_the_key(tmp_path, monkeypatch):
    """Windows and most Macs have no fc-list: the platform's font folders are listed
    instead, so a font installed (or updated) there lays the faces out again."""
    from cardforge.render.cache import face_cache

    monkeypatch.setattr(face_cache.shutil, "which", lambda name: None)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    fonts = tmp_path / "data" / "fonts"
    fonts.mkdir(parents=True)
    face_cache.fonts_fingerprint.cache_clear()
    before = face_cache.fonts_fingerprint()
    (fonts / "NewFace.ttf").write_bytes(b"\0\1\0\0 a font")
    face_cache.fonts_fingerprint.cache_clear()
    installed = face_cache.fonts_fingerprint()
    face_cache.fonts_fingerprint.cache_clear()
    assert installed != before and face_cache.fonts_fingerprint() == installed


def test_the_font_folders_of_each_platform():
    from cardforge.render.cache.face_cache import font_folders

    assert font_folders("win32", {"WINDIR": r"C:\Windows", "LOCALAPPDATA": r"C:\Users\ann\AppData\Local"},
                        home=r"C:\Users\ann") == [
        os.path.join(r"C:\Windows", "Fonts"),
        os.path.join(r"C:\Users\ann\AppData\Local", "Microsoft", "Windows", "Fonts")]
    assert font_folders("darwin", {}, home="/Users/ann") == [
        "/System/Library/Fonts", "/Library/Fonts", "/Users/ann/Library/Fonts"]
    assert font_folders("linux", {}, home="/home/ann") == [
        "/usr/share/fonts", "/usr/local/share/fonts", "/home/ann/.local/share/fonts", "/home/ann/.fonts"]
