"""Every cache key covers the code that made the entry (cardforge.build.build_fingerprint.code_digest):
an edited renderer or an upgraded library never serves a face, document or fragment made
by the old one, without --force and without deleting the cache."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest

from cardforge.build import build_fingerprint
from cardforge.render.cache import content_cache, face_cache
from tests.workspace_games.conftest import GAME, make_workspace

REPO = Path(__file__).resolve().parents[2]
MARK = "EDITEDPAGECSS"


def _copy_of_cardforge(root: Path) -> Path:
    """A copy of the cardforge package under ``root`` (importable with PYTHONPATH=root), the
    built-in data folders linked beside it as in a checkout."""
    shutil.copytree(REPO / "cardforge", root / "cardforge", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("templates", "schemas", "profiles", "cards"):
        (root / name).symlink_to(REPO / name, target_is_directory=True)
    return root


def _build(code: Path, workspace: Path) -> str:
    """Build the goblin-market cards (A4) with the cardforge at ``code`` (run from there:
    ``python -m`` puts the working folder first on the path); the sheets' text."""
    env = {**os.environ, "PYTHONPATH": str(code), "CARDFORGE_RESIDENT": "0"}
    done = subprocess.run([sys.executable, "-m", "cardforge", "build", GAME, "--product", "cards",
                           "--paper", "a4", "--quiet", "-w", str(workspace)],
                          env=env, cwd=code, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    document = pypdfium2.PdfDocument(workspace / "out" / GAME / f"{GAME}-cards-en-a4.pdf")
    try:
        return "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()


def test_an_edited_page_css_rule_shows_in_the_next_build(tmp_path):
    """The issue's finding: faces were keyed on ``cardforge 0.1.0``, so an edit of
    render/layout/face_layout.py was served from the face cache. Edit the page CSS in a copy of the
    package: the next build (same cache, no --force) shows the edit."""
    code = _copy_of_cardforge(tmp_path / "code")
    workspace = tmp_path / "ws"
    make_workspace(workspace, "ok_monsters.yaml", "ok_wares.yaml")
    assert MARK not in _build(code, workspace)
    faces = code / "cardforge" / "render" / "layout" / "face_layout.py"
    text = faces.read_text(encoding="utf-8")
    rule = "section.face:last-child {{ break-after: auto; }}\n"
    assert rule in text
    mark = f'section.face::before {{{{ content: "{MARK}"; position: absolute; top: 5mm; z-index: 9; }}}}\n'
    faces.write_text(text.replace(rule, rule + mark), encoding="utf-8")
    assert MARK in _build(code, workspace)


@pytest.fixture
def fake_library(tmp_path, monkeypatch):
    """A distribution ``fakelib`` 1.0 installed on sys.path and counted among the render
    libraries; yields its module file."""
    site = tmp_path / "site"
    (site / "fakelib").mkdir(parents=True)
    module = site / "fakelib" / "layout.py"
    module.write_text("SCALE = 1\n")
    info = site / "fakelib-1.0.dist-info"
    info.mkdir()
    (info / "RECORD").write_text("fakelib/layout.py,,\nfakelib-1.0.dist-info/RECORD,,\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(build_fingerprint, "RENDER_DISTRIBUTIONS", ("fakelib",))
    build_fingerprint.code_digest.cache_clear()
    yield module
    build_fingerprint.code_digest.cache_clear()


def _fresh_digest() -> str:
    build_fingerprint.code_digest.cache_clear()
    return build_fingerprint.code_digest()


def test_an_edited_library_module_changes_the_digest(fake_library):
    """Not only its version: a library file other than its __init__ edited in place."""
    before = _fresh_digest()
    assert _fresh_digest() == before
    fake_library.write_text("SCALE = 22\n")
    assert _fresh_digest() != before


def test_an_upgraded_library_changes_the_digest(fake_library):
    before = _fresh_digest()
    info = fake_library.parent.parent / "fakelib-1.0.dist-info"
    info.rename(info.with_name("fakelib-1.1.dist-info"))
    assert _fresh_digest() != before


def test_the_digest_reads_code_by_content(monkeypatch):
    """cardforge's own files count by content, so a copy that keeps modification times
    (cp -p, a checkout) still changes it."""
    before = _fresh_digest()
    real = build_fingerprint._file_bytes  # noqa: SLF001 - the one reader of cardforge's files
    monkeypatch.setattr(build_fingerprint, "_file_bytes",
                        lambda path: real(path) + (b"#" if path.endswith("duplex_sheets.py") else b""))
    try:
        assert _fresh_digest() != before
    finally:
        build_fingerprint.code_digest.cache_clear()


def test_face_and_content_keys_include_the_digest(monkeypatch, tmp_path):
    cache = face_cache.FaceCache(tmp_path / "cache")
    keys = []
    for digest in ("a" * 64, "b" * 64):
        monkeypatch.setattr(face_cache, "code_digest", lambda digest=digest: digest)
        monkeypatch.setattr(content_cache, "code_digest", lambda digest=digest: digest)
        keys.append((cache.context("p{}", None, tmp_path.as_uri() + "/", [tmp_path]),
                     content_cache.content_key("rules", ["<p>x</p>"], [tmp_path])))
    assert keys[0][0] != keys[1][0] and keys[0][1] != keys[1][1]
