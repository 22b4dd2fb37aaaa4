"""Every output page as it was: a default build of the five sample games, rasterised at
100 dpi, equals the reference PNGs pixel for pixel (see ``tests/reference/pages.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import ImageChops

from tests.reference.pages import FOLDER, build, pages


def built_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``out`` folder of one build of the five sample games a run: xdist gives this
    module's tests to both workers, and each built them (the suite's costliest fixture).
    The first worker to ask builds them beside the workers' temporary folders, under a lock;
    the other waits for it and reads the same files. Without ``fcntl`` (Windows) or xdist,
    each process builds its own."""
    try:
        import fcntl
    except ImportError:  # no advisory locks: build here
        fcntl = None  # type: ignore[assignment]
    if fcntl is None or not os.environ.get("PYTEST_XDIST_WORKER"):
        tmp = tmp_path_factory.mktemp("reference")
        build(tmp / "out", tmp / "cache")
        return tmp / "out"
    shared = tmp_path_factory.getbasetemp().parent / "reference-pages"  # this run's, every worker's
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "built").exists():
            build(shared / "out", shared / "cache")
            (shared / "built").touch()
    return shared / "out"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return dict(pages(built_once(tmp_path_factory)))


def test_the_same_pages_are_written(rendered):
    assert sorted(rendered) == sorted(p.name for p in FOLDER.glob("*.png"))


@pytest.mark.parametrize("name", sorted(p.name for p in FOLDER.glob("*.png")))
def test_each_page_is_unchanged(rendered, name):
    from PIL import Image

    with Image.open(FOLDER / name) as reference:
        page = rendered.get(name)
        assert page is not None, f"{name} was not built"
        assert page.size == reference.size
        box = ImageChops.difference(page, reference.convert("RGB")).getbbox()
        assert box is None, f"{name} differs from the reference inside {box} (px at 100 dpi)"


def test_references_exist():
    assert len(list(Path(FOLDER).glob("*.png"))) >= 50
