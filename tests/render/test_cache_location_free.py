"""Face cache keys depend on content only: not on where the workspace is or how it is spelled."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.render.cache.face_cache import DEFAULT_FOLDER, FaceCache, location_free
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.game_loading import load_game
from tests.render.test_face_cache import DISTINCT, SVG, make_workspace
from tests.render.test_faces import TEST_GAME

REPO = Path(__file__).resolve().parents[2]


def _render(workspace: Path):
    """The test game's faces rendered with the cache inside ``workspace`` (the default)."""
    loaded = load_game(workspace / "cards" / "test-game", TEST_GAME)
    assert not loaded.problems, loaded.problems
    return render_card_faces(loaded.game, "en", workspace)


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws1"
    ws.mkdir()
    return make_workspace(ws)


def test_a_moved_workspace_lays_out_nothing_again(tmp_path):
    ws1 = _workspace(tmp_path)
    first = _render(ws1)
    assert first.laid_out == DISTINCT
    ws2 = tmp_path / "elsewhere" / "ws2"
    ws2.parent.mkdir()
    shutil.move(ws1, ws2)
    moved = _render(ws2)
    assert moved.laid_out == 0
    assert [f.name for f in moved.files] == [f.name for f in first.files]
    assert moved.book is not None and first.book is not None and moved.book.name == first.book.name
    assert len(moved.pages()) == len(first.files)  # the moved book serves every face


def test_a_relative_workspace_path_finds_the_faces_an_absolute_one_laid_out(tmp_path, monkeypatch):
    ws1 = _workspace(tmp_path)
    first = _render(ws1.resolve())
    assert first.laid_out == DISTINCT
    monkeypatch.chdir(tmp_path)
    relative = _render(Path("ws1"))
    assert relative.laid_out == 0
    assert relative.book is not None and first.book is not None
    assert relative.book.name == first.book.name


def test_a_changed_art_file_still_lays_out_its_face_after_a_move(tmp_path):
    ws1 = _workspace(tmp_path)
    first = _render(ws1)
    ws2 = tmp_path / "ws2"
    shutil.move(ws1, ws2)
    (ws2 / "cards" / "test-game" / "art" / "cat.svg").write_text(SVG.format("blue"), encoding="utf-8")
    again = _render(ws2)
    assert again.laid_out == 1
    changed = [i for i, (a, b) in enumerate(zip(first.files, again.files, strict=True)) if a.name != b.name]
    assert changed == [again.front_page["cat"]]


def test_a_changed_card_text_lays_out_exactly_that_face_after_a_move(tmp_path):
    ws1 = _workspace(tmp_path)
    first = _render(ws1)
    ws2 = tmp_path / "ws2"
    shutil.move(ws1, ws2)
    cards = ws2 / "cards" / "test-game" / "heroes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("{en: Bob}", "{en: Robert}"),
                     encoding="utf-8")
    again = _render(ws2)
    assert again.laid_out == 1
    changed = [i for i, (a, b) in enumerate(zip(first.files, again.files, strict=True)) if a.name != b.name]
    assert changed == [again.front_page["bob"]]
    assert (ws2 / DEFAULT_FOLDER).is_dir()


def test_keys_name_roots_by_token_not_by_path(tmp_path):
    one, two = tmp_path / "a" / "ws", tmp_path / "b" / "ws"
    for folder in (one, two):
        (folder / "art").mkdir(parents=True)
        (folder / "art" / "x.svg").write_text(SVG.format("red"), encoding="utf-8")
    cache = FaceCache(tmp_path / "cache")
    keys = []
    for folder in (one, two):
        base = folder.as_uri() + "/"
        fragment = f'<img src="{folder.as_uri()}/art/x.svg"><img src="art/x.svg">'
        keys.append(cache.key(fragment, cache.context("", None, base, [folder]), base, [folder]))
    assert keys[0] == keys[1]
    assert location_free(f"url({one.as_uri()}/p.svg) {one}/q", [one]) == "url(\0root0\0/p.svg) \0root0\0/q"
    (two / "art" / "x.svg").write_text(SVG.format("blue"), encoding="utf-8")
    base = two.as_uri() + "/"
    changed = cache.key('<img src="art/x.svg">', cache.context("", None, base, [two]), base, [two])
    assert changed != cache.key('<img src="art/x.svg">', cache.context("", None, base, [one]),
                                one.as_uri() + "/", [one])


def _entries(workspace: Path) -> dict[str, int]:
    """The cached face pages and books of ``workspace``: name → modification time (ns)."""
    return {str(p.relative_to(workspace)): p.stat().st_mtime_ns
            for p in (workspace / DEFAULT_FOLDER).rglob("*.pdf")}


def test_the_cli_with_a_relative_then_a_moved_workspace_writes_no_face_again(tmp_path, monkeypatch):
    ws1 = tmp_path / "ws1"
    for part in ("cards", "templates"):
        shutil.copytree(REPO / part / "dice-girls", ws1 / part / "dice-girls")
    args = ["build", "dice-girls", "--product", "cards", "--lang", "en", "--paper", "a4"]
    result = CliRunner().invoke(main, [*args, "-w", str(ws1.resolve())])
    assert result.exit_code == 0, result.output
    before = _entries(ws1)
    assert [name for name in before if "books" not in name]
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [*args, "-w", "ws1"])
    assert result.exit_code == 0 and "1 game(s) up to date" in result.output  # the manifest moves too
    result = CliRunner().invoke(main, [*args, "-w", "ws1", "--force"])  # build: the face cache decides
    assert result.exit_code == 0, result.output
    assert "up to date" not in result.output
    assert _entries(ws1) == before  # no face laid out, the book not rewritten
    ws2 = tmp_path / "elsewhere" / "ws2"
    ws2.parent.mkdir()
    shutil.move(ws1, ws2)
    result = CliRunner().invoke(main, [*args, "-w", str(ws2), "--force"])
    assert result.exit_code == 0, result.output
    assert _entries(ws2) == before
