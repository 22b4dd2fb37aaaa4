"""Every output page as it was: a default build of the five sample games, rasterised at
100 dpi, equals the reference PNGs pixel for pixel (see ``tests/reference/pages.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from tests.reference.pages import FOLDER, build, pages


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("reference")
    build(tmp / "out", tmp / "cache")
    return dict(pages(tmp / "out"))


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
