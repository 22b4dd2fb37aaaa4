"""The preview's images: faces rasterised from the very face PDFs the build imposes, and
product pages, each a PNG named by a content key.

A face is registered with its cached PDF (:class:`FaceSource`) and rasterised only when the
page first asks for it (a 1,000-card game shows the visible faces first), then kept as
``<folder>/<key[:2]>/<key>.png``, written whole (:mod:`cardforge.boundary.atomic`); a later run finds
it there. Product pages are rasterised when built (:meth:`ImageStore.put`). Only keys
registered in this run are served: a URL never names a file, it names a key
(:data:`~cardforge.preview.preview_views.KEY`) looked up in a table. pdfium is not thread-safe, so
rasterising takes a lock.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from cardforge.boundary import trust
from cardforge.errors import RenderError
from cardforge.preview.preview_views import KEY
from cardforge.render.pdf.page_raster import page_image, png_bytes, save_bytes

FACE_DPI = 110
"""Resolution of face images (a poker card's trim is 273 × 381 px)."""

MAX_IMAGES = 200_000
"""Most images one preview registers (ten faces per card of a 10,000-card workspace, twice);
past it the oldest registrations are forgotten."""


MAX_WARM = 50
"""Most new faces rasterised ahead of the page's request after one rebuild (an edit changes
one or a few; a template change changes them all, and the page asks for those it shows)."""


@dataclass(frozen=True)
class FaceSource:
    """Where a face's image comes from: the cached single-page face ``pdf`` (trim + bleed)
    and the ``bleed_mm`` cut off every side, so the image shows the trim (the cut card)."""

    pdf: Path
    bleed_mm: float


class ImageStore:
    """PNG images by key, under ``folder`` (the preview's part of the face cache); faces read
    from ``cache_folder`` (the face cache) only."""

    def __init__(self, folder: Path, cache_folder: Path) -> None:
        self.folder = folder
        self.cache_folder = cache_folder
        self._faces: dict[str, FaceSource] = {}
        self._ready: set[str] = set()
        self._lock = threading.Lock()
        self._raster = threading.Lock()

    def path(self, key: str) -> Path:
        """Where the PNG of ``key`` is (or will be) stored."""
        return self.folder / key[:2] / f"{key}.png"

    def add_face(self, key: str, source: FaceSource) -> None:
        """Register the face ``key`` (its face-cache key), rasterised on first request."""
        with self._lock:
            if len(self._faces) >= MAX_IMAGES:
                del self._faces[next(iter(self._faces))]
            self._faces[key] = source

    def put(self, key: str, png: bytes) -> None:
        """Store a ready PNG (a product page) under ``key``. Raises OSError when the folder
        cannot be written."""
        if not self.path(key).is_file():
            save_bytes(png, self.path(key))
        with self._lock:
            if len(self._ready) >= MAX_IMAGES:
                self._ready.clear()
            self._ready.add(key)

    def adopt(self, key: str) -> bool:
        """Serve the PNG of ``key`` that an earlier run stored, if it is there; whether it is."""
        if not self.path(key).is_file():
            return False
        with self._lock:
            self._ready.add(key)
        return True

    def known(self, key: str) -> bool:
        """Whether ``key`` is an image of this run."""
        with self._lock:
            return key in self._faces or key in self._ready

    def png(self, key: str) -> bytes | None:
        """The PNG bytes of ``key``, rasterising a face the first time; None for a key this
        run did not register (whatever the URL said) or whose face is no longer readable."""
        if not KEY.fullmatch(key) or not self.known(key):
            return None
        try:
            return trust.read_bytes(self.path(key), "cache", [self.folder.resolve()])
        except trust.Refused:
            pass
        with self._lock:
            source = self._faces.get(key)
        if source is None:
            return None
        try:
            return self._rasterise(key, source)
        except (trust.Refused, RenderError, ValueError, OSError, pypdfium2.PdfiumError):
            return None

    def warm(self, keys: list[str]) -> threading.Thread:
        """Rasterise the faces ``keys`` (new ones: the page is about to ask for them) in a
        background thread, at most :data:`MAX_WARM`; the thread."""
        thread = threading.Thread(target=lambda: [self.png(key) for key in keys[:MAX_WARM]],
                                  name="cardforge-preview-raster", daemon=True)
        thread.start()
        return thread

    def _rasterise(self, key: str, source: FaceSource) -> bytes:
        """Rasterise the face PDF (read through the trust boundary, inside the face cache) at
        :data:`FACE_DPI`, trim only; store and return the PNG."""
        data = trust.read_bytes(source.pdf, "cache", [self.cache_folder.resolve()])
        with self._raster:
            document = pypdfium2.PdfDocument(data)
            try:
                image = page_image(document, 0, crop_mm=source.bleed_mm, dpi=FACE_DPI)
            finally:
                document.close()
        png = png_bytes(image)
        save_bytes(png, self.path(key))
        return png

    def pdf_pages(self, pdf: bytes, dpi: float, limit: int) -> list[bytes]:
        """The first ``limit`` pages of the PDF ``pdf`` as PNGs at ``dpi`` (whole pages)."""
        with self._raster:
            document = pypdfium2.PdfDocument(pdf)
            try:
                images = [page_image(document, i, dpi=dpi) for i in range(min(len(document), limit))]
            finally:
                document.close()
        return [png_bytes(image) for image in images]
