"""Missing bleed, seen in pixels: art painted up to the trim that stops there.

A shop cuts within about 1/16 in of the trim line; a face whose colour reaches the trim but
not past it shows a white sliver when the cut drifts. :func:`empty_bleed_sides` renders a
face page (trim + bleed) at a low resolution and compares, on each side, the band just
inside the trim with the bleed band outside it.
"""

from __future__ import annotations

import pypdfium2
from PIL import Image

from cardforge.render.pdf.page_raster import page_image

CHECK_DPI = 72
"""Resolution the bleed is checked at; a 1/8 in bleed is 9 px."""
PAINTED, EMPTY = 0.5, 0.02
"""A band counts as painted when at least this share of its pixels is not white, as empty
when at most that share is."""


def _painted(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """Share of the pixels in ``box`` (left, top, right, bottom, px) that are not white."""
    band = image.crop(box).convert("L")
    histogram = band.histogram()
    total = sum(histogram)
    return 1 - sum(histogram[248:]) / total if total else 0.0


def empty_bleed_sides(document: pypdfium2.PdfDocument, index: int, bleed_mm: float) -> list[str]:
    """The sides (``top``, ``right``, ``bottom``, ``left``) of page ``index`` whose art is
    painted to the trim but leaves the ``bleed_mm`` bleed empty. Empty list when the bleed
    is under 2 px at :data:`CHECK_DPI` (nothing to check)."""
    image = page_image(document, index, dpi=CHECK_DPI)
    width, height = image.size
    bleed = round(bleed_mm / 25.4 * CHECK_DPI)
    if bleed < 3:
        return []
    out, gap = bleed - 1, 1  # stay a pixel clear of the trim line, where antialiasing mixes
    bands = {
        "top": ((bleed, 0, width - bleed, out), (bleed, bleed + gap, width - bleed, 2 * bleed)),
        "bottom": ((bleed, height - out, width - bleed, height),
                   (bleed, height - 2 * bleed, width - bleed, height - bleed - gap)),
        "left": ((0, bleed, out, height - bleed), (bleed + gap, bleed, 2 * bleed, height - bleed)),
        "right": ((width - out, bleed, width, height - bleed),
                  (width - 2 * bleed, bleed, width - bleed - gap, height - bleed)),
    }
    return [side for side, (outer, inner) in bands.items()
            if _painted(image, inner) >= PAINTED and _painted(image, outer) <= EMPTY]
