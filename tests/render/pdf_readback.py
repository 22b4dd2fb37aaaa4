"""Reading a rendered PDF back for tests that compare two renders of the same faces."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
from PIL import Image


def contents(pdf: bytes) -> list[bytes]:
    """Each page's content stream (its parts joined), in page order."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [page.Contents.read_bytes() if isinstance(page.Contents, pikepdf.Stream)
                else b"".join(part.read_bytes() for part in page.Contents) for page in doc.pages]


def rasters(pdf: bytes, dpi: int = 150) -> list[Image.Image]:
    """Each page drawn at ``dpi`` (RGB)."""
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(doc))]
