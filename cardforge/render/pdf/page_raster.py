"""Vector pages to pixels with pypdfium2, and PNG files written whole or not at all.

One place rasterises every face cardforge turns into an image: card PNGs, Tabletop
Simulator sheets, die-face PNGs and the example cards of rule booklets. A face page is trim
plus bleed (WeasyPrint: MediaBox = trim + bleed, TrimBox = trim); :func:`page_image` renders
either the whole page or only its trim, at an exact pixel size or at a dpi. Lengths are mm
unless a name ends in ``_pt`` or ``_px``.
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path

import pypdfium2
from PIL import Image, UnidentifiedImageError

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.errors import RenderError
from cardforge.model.paper_units import mm_to_pt


def pixels(length_mm: float, dpi: float) -> int:
    """Whole pixels covering ``length_mm`` at ``dpi`` (rounded to the nearest pixel, halves up)."""
    return math.floor(length_mm / 25.4 * dpi + 0.5)


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) in px of the raster image ``data`` (PNG, JPEG, GIF, WebP, TIFF… as
    Pillow knows them), read from its header without decoding a pixel; None when Pillow
    does not recognise it as an image. Raises ``PIL.Image.DecompressionBombError`` for an
    image of more than twice ``PIL.Image.MAX_IMAGE_PIXELS``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as image:
                return image.size
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
            return None


def check_pixels(data: bytes, path: Path) -> tuple[int, int] | None:
    """Refuse the raster image ``data`` (the file ``path``) when it has more pixels than
    :data:`~cardforge.boundary.trust.MAX_IMAGE_PIXELS`, checked from its header before anything
    decodes it. Returns its (width, height) in px, None when it is not a raster image.
    Raises :class:`~cardforge.boundary.trust.Refused` naming the file and the size."""
    limit = f"the limit is {trust.MAX_IMAGE_PIXELS / 1e6:.0f} megapixels"
    hint = "scale the image down: 600 pixels per inch of the printed card is plenty"
    try:
        size = image_size(data)
    except Image.DecompressionBombError:
        raise trust.Refused(path, f"is an image of more than {2 * (Image.MAX_IMAGE_PIXELS or 0) / 1e6:.0f} "
                                  f"megapixels ({limit})", hint) from None
    if size is not None and size[0] * size[1] > trust.MAX_IMAGE_PIXELS:
        raise trust.Refused(path, f"is an image of {size[0]} × {size[1]} pixels "
                                  f"({size[0] * size[1] / 1e6:.0f} megapixels; {limit})", hint)
    return size


def page_image(document: pypdfium2.PdfDocument, index: int, *, crop_mm: float = 0.0,
               size_px: tuple[int, int] | None = None, dpi: float | None = None) -> Image.Image:
    """Page ``index`` of ``document`` as an RGB image, with ``crop_mm`` cut off every side
    (the bleed, to keep only the trim; 0 keeps the whole page).

    Exactly one of ``size_px`` (width, height in px: the picture is scaled to fill it
    exactly) or ``dpi`` (pixels per inch of the page) must be given. Raises ValueError
    otherwise, or when the crop leaves nothing; RenderError when the picture would have
    more than :data:`~cardforge.boundary.trust.MAX_IMAGE_PIXELS` pixels (a page far larger than a card).
    """
    if (size_px is None) == (dpi is None):
        raise ValueError("give either size_px or dpi")
    page = document[index]
    crop_pt = mm_to_pt(crop_mm)
    width_pt, height_pt = page.get_width() - 2 * crop_pt, page.get_height() - 2 * crop_pt
    if width_pt <= 0 or height_pt <= 0:
        raise ValueError(f"cropping {crop_mm} mm from every side of page {index} leaves nothing")
    if size_px is None:
        scale = dpi / 72  # type: ignore[operator]
        size_px = (math.floor(width_pt * scale + 0.5), math.floor(height_pt * scale + 0.5))
    if size_px[0] * size_px[1] > trust.MAX_IMAGE_PIXELS:
        raise RenderError(f"page {index + 1} would be an image of {size_px[0]} × {size_px[1]} pixels, "
                          f"more than the {trust.MAX_IMAGE_PIXELS / 1e6:.0f} megapixel limit",
                          hint="lower the dpi, or delete the face cache if a face in it is not a card")
    scale = max(size_px[0] / width_pt, size_px[1] / height_pt)
    bitmap = page.render(scale=scale, crop=(crop_pt,) * 4, fill_color=(255, 255, 255, 255))
    image = bitmap.to_pil().convert("RGB")
    if image.size != size_px:  # pdfium rounds the page box to whole pixels: at most 1 px off
        image = image.resize(size_px, Image.Resampling.LANCZOS)
    return image


def png_bytes(image: Image.Image, *, dpi: float | None = None, optimize: bool = False) -> bytes:
    """``image`` encoded as PNG (``dpi`` recorded in its pHYs chunk when given; ``optimize``
    makes it smaller, several times slower)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=optimize, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def save_png(image: Image.Image, path: Path, *, dpi: float | None = None) -> Path:
    """Write ``image`` to ``path`` as PNG, whole or not at all (parent folders created);
    ``dpi`` is recorded in the file's pHYs chunk when given. Returns ``path``."""
    return save_bytes(png_bytes(image, dpi=dpi), path)


def save_bytes(data: bytes, path: Path) -> Path:
    """Write ``data`` to ``path``, whole or not at all (parent folders created); return ``path``."""
    return write_atomically(path, lambda handle: handle.write(data))
