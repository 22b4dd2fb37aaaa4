"""Reference pages: the first two pages of every PDF a default ``cardforge build`` of the
five sample games writes, rasterised at 100 dpi, kept as PNGs in ``tests/reference/pages/``.

A refactoring must leave every output pixel for pixel as it was
(``tests/test_reference_pages.py`` compares). When an output is meant to change, look at
the new pages, then refresh the references from a build of the workspace::

    .venv/bin/python tests/reference/pages.py --update
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
FOLDER = Path(__file__).resolve().parent / "pages"
DPI = 100
PAGES = 2


def build(out: Path, cache: Path) -> None:
    """Build every sample game (every default product and language) into ``out``."""
    subprocess.run([sys.executable, "-m", "cardforge", "build", "-q", "--out", str(out),
                    "--cache-dir", str(cache), "-w", str(REPO)], check=True, cwd=REPO)


def pages(out: Path) -> Iterator[tuple[str, Image.Image]]:
    """(``<pdf stem>-p<n>.png``, the page at :data:`DPI`) for the first :data:`PAGES` pages
    of each PDF under ``out``, in path order."""
    for pdf in sorted(out.rglob("*.pdf")):
        document = pdfium.PdfDocument(str(pdf))
        try:
            for index in range(min(PAGES, len(document))):
                image = document[index].render(scale=DPI / 72).to_pil().convert("RGB")
                yield f"{pdf.stem}-p{index + 1}.png", image
        finally:
            document.close()


def update() -> None:
    """Rebuild the reference PNGs from a fresh build of the repository's sample games."""
    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp) / "out", Path(tmp) / "cache")
        FOLDER.mkdir(exist_ok=True)
        for old in FOLDER.glob("*.png"):
            old.unlink()
        for name, image in pages(Path(tmp) / "out"):
            image.save(FOLDER / name, optimize=True)


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    update()
