"""PNGs rasterised from PDF pages, kept in the content cache: an unchanged picture is copied.

The card exports (``png``, ``tts``) and the dice product's face PNGs draw pictures from
pages that are themselves cached by content (the face cache, the die faces' document).
:func:`cached_png` keys each picture by the content keys (or hash) of the pages it shows
and how it draws them (:func:`~cardforge.render.cache.content_cache.content_key`), so a rebuild
with nothing changed reads the PNG back and never opens the PDF: :class:`PageSource`
assembles and opens it only when a picture has to be drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType

import pypdfium2
from PIL import Image

from cardforge.render.cache.content_cache import Made, cached, content_key
from cardforge.render.pdf.page_raster import png_bytes


class PageSource:
    """The pages of the PDF ``pdf()`` returns (its bytes), opened with pypdfium2 on the
    first :meth:`document` call only; a context manager closing it."""

    def __init__(self, pdf: Callable[[], bytes]) -> None:
        self._pdf = pdf
        self._document: pypdfium2.PdfDocument | None = None

    def document(self) -> pypdfium2.PdfDocument:
        """The opened document (made and opened now if not yet). Raises what ``pdf()`` and
        pypdfium2 raise."""
        if self._document is None:
            self._document = pypdfium2.PdfDocument(self._pdf())
        return self._document

    def __enter__(self) -> PageSource:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._document is not None:
            self._document.close()
            self._document = None


def cached_png(cache_root: Path | None, kind: str, parts: Sequence[str],
               draw: Callable[[], Image.Image], *, dpi: float | None = None,
               optimize: bool = False) -> bytes:
    """The PNG bytes (``dpi`` recorded when given; ``optimize``: smaller, slower, see
    :func:`~cardforge.render.pdf.page_raster.png_bytes`) of the picture ``draw()`` makes, kept
    under ``cache_root`` (None: drawn, not kept) by the key of ``kind`` and ``parts`` (the
    texts that shape the picture: the content keys of the pages it shows, sizes in px or
    mm, crops). Raises what ``draw`` raises and OSError when the entry cannot be written."""
    def make() -> Made:
        return Made(png_bytes(draw(), dpi=dpi, optimize=optimize))

    if cache_root is None:
        return make().data
    return cached(cache_root, content_key(kind, [*parts, f"dpi {dpi}, optimize {optimize}"]), make).data
