"""docs/images/gallery/: the README links it, and it shows every page kind of every sample
game (made by scripts/gallery.py; a new product or game must be pictured there too)."""

from __future__ import annotations

import re
from pathlib import Path

from cardforge.model.game_packs import discover
from cardforge.products.product_registry import products_for

ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "docs" / "images" / "gallery"
EXPORTS = {"png", "tts", "pdfx"}
"""Card exports: images for other tools, not pages a designer prints."""


def _pictures() -> list[str]:
    index = (GALLERY / "README.md").read_text(encoding="utf-8")
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", index)


def test_the_readme_links_the_gallery() -> None:
    assert "docs/images/gallery/README.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_picture_the_gallery_names_exists() -> None:
    pictures = _pictures()
    assert pictures
    for picture in pictures:
        assert (GALLERY / picture).is_file(), picture


def test_every_product_of_every_game_is_pictured() -> None:
    pictures = _pictures()
    for spec in discover().values():
        for product in products_for(spec, None):
            if product in EXPORTS:
                continue
            assert any(p.startswith(f"{spec.id}-{product}-") for p in pictures), (spec.id, product)
    for kind in ("fold-over", "saddle"):
        assert any(kind in p for p in pictures), kind
