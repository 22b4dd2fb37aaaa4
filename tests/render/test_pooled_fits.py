"""Text fitted by the warm layout workers (``render/workers/pooled_fits``): the same HTML as
fitted in the build's own process, faces finished in the order asked for, a worker's
failure reported by the build's process, and a fitted game's sheets the same bytes with
one worker and with two."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardforge.model.card_geometry import CardGeometry
from cardforge.render.face_sources import face_sources
from cardforge.render.layout.text_fit import fit_face
from cardforge.render.workers import layout_workers
from cardforge.render.workers.pooled_fits import InOrder, PooledFits
from tests.render.layout_game import layout_workspace, load

_BOX = ('<div style="position:absolute;left:5mm;top:5mm;width:40mm;height:15mm;font-size:12pt;'
        'line-height:1.2" data-field="text" data-fit="4 1">{words}</div>')


def _faces(count: int) -> list[str]:
    """``count`` faces whose one box overflows by a different amount each."""
    return [_BOX.format(words=" ".join(["fitting"] * (12 + 4 * n))) for n in range(count)]


def _size(html: str) -> float:
    return float(re.findall(r"font-size:([0-9.]+)pt", html)[-1])


def test_faces_fitted_by_the_workers_equal_those_fitted_here(tmp_path: Path) -> None:
    """Four overflowing faces handed to a warm pool of two: each comes back as
    ``fit_face`` makes it in this process, shrunk below its own 12 pt."""
    geometry = CardGeometry.poker()
    faces = _faces(4)
    with layout_workers.warmed_pool(2):
        fits = PooledFits("", tmp_path, [tmp_path])
        pending = [fits.fit(html, geometry) for html in faces]
        pooled = [fit.html() for fit in pending]
        assert fits.sent == 4
    here = [fit_face(html, "", geometry, tmp_path, [tmp_path]) for html in faces]
    assert pooled == here
    assert all(_size(html) < 12 for html in pooled)


def test_without_a_warm_pool_a_face_is_fitted_at_once(tmp_path: Path) -> None:
    assert layout_workers.shared_pool() is None
    fits = PooledFits("", tmp_path, [tmp_path])
    [html] = _faces(1)
    fitted = fits.fit(html, CardGeometry.poker())
    assert fits.sent == 0
    assert fitted.html() == fit_face(html, "", CardGeometry.poker(), tmp_path, [tmp_path])


def test_a_face_with_nothing_to_fit_never_goes_to_a_worker(tmp_path: Path) -> None:
    with layout_workers.warmed_pool(1):
        fits = PooledFits("", tmp_path, [tmp_path])
        assert fits.fit("<div>plain</div>", CardGeometry.poker()).html() == "<div>plain</div>"
        assert fits.sent == 0


def test_a_face_the_worker_cannot_fit_is_fitted_here_and_its_error_raised_here(tmp_path: Path) -> None:
    """The worker's failure (an image outside the allowed folders) comes back as None; the
    build's process fits the face itself and raises the error with its message."""
    from cardforge.errors import RenderError

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "art.png").write_bytes(b"not a png")
    html = _faces(1)[0].replace("fitting", f'<img src="{(outside / "art.png").as_uri()}"> fitting', 1)
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    with layout_workers.warmed_pool(1):
        fits = PooledFits("", allowed, [allowed])
        pending = fits.fit(html, CardGeometry.poker())
        assert fits.sent == 1
        with pytest.raises(RenderError):
            pending.html()


def test_faces_finish_in_order_as_soon_as_they_and_those_before_them_are_ready() -> None:
    done: list[str] = []
    ready = {"a": True, "b": False, "c": True, "d": True}
    queue = InOrder()
    faces = [queue.add(lambda name=name: done.append(name) or name, lambda name=name: ready[name])
             for name in "abcd"]
    assert done == ["a"]  # b is being fitted: c and d wait behind it
    assert faces[2].html() == "c" and done == ["a", "b", "c"]  # c needed: b finished first
    queue.finish_all()
    assert done == ["a", "b", "c", "d"]
    assert faces[0].html() == "a" and done == ["a", "b", "c", "d"]  # each finished once


def test_face_sources_fit_the_same_with_and_without_workers(tmp_path: Path) -> None:
    """The fit game's faces, rendered with a warm pool fitting them and without one."""
    layout_workspace(tmp_path, "fit_game.yaml", "fit_cards.yaml")
    loaded = load(tmp_path).clean_game("the fit game")
    alone = face_sources(loaded, "en", tmp_path)
    with layout_workers.warmed_pool(2):
        pooled = face_sources(loaded, "en", tmp_path)
    assert pooled.fragments == alone.fragments
    assert pooled.front_page == alone.front_page


def test_a_fitted_game_builds_the_same_bytes_with_one_worker_and_with_two(tmp_path: Path) -> None:
    folder = layout_workspace(tmp_path, "fit_game.yaml", "fit_cards.yaml")
    built = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out-{jobs}"
        done = subprocess.run([sys.executable, "-m", "cardforge", "build", "--product", "cards",
                               "--paper", "a4", "--lang", "en", "-j", jobs, "--out", str(out),
                               "--cache-dir", str(tmp_path / f"cache-{jobs}"), "-w", str(tmp_path),
                               "--quiet"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        assert "TR105 card endless-saga" in done.stderr  # too long even at the minimum: warned
        [pdf] = (out / folder.name).glob("*-cards-en-a4.pdf")
        built[jobs] = pdf.read_bytes()
    assert built["1"] == built["2"]
