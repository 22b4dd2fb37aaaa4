"""Where each font a WeasyPrint document embeds comes from: its whole original program.

WeasyPrint embeds every font of a document subset to the glyphs that document drew, so a
face laid out in one chunk of faces carries other subsets than the same face laid out in
another. An output made of faces from several chunks gets one subset of the original to
the glyphs its own faces draw instead (:mod:`cardforge.render.pdf.font_union`), made from
the original program, which this module finds: after ``write_pdf``, each of the document's
fonts still holds the HarfBuzz face it was subset from.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_DIGESTS: dict[tuple[int, int, bytes], str] = {}
"""(data address, length, digest of its first and last 64 KiB) → SHA-256 of a program, so
a font met in every chunk is hashed once a process (Noto Sans CJK: ~20 MB, ~40 ms)."""
_SAMPLE = 64 * 1024


@dataclass(frozen=True)
class FontOrigin:
    """One embedded font's original: ``origin`` (JSON text: the program's SHA-256 and face
    index, what else WeasyPrint's subset depends on) and ``program``, which returns the
    whole original file's bytes."""

    origin: str
    digest: str
    program: Callable[[], bytes]


def font_origins(document: Any) -> dict[str, FontOrigin]:
    """The originals of the fonts a WeasyPrint ``document`` embedded (call after
    ``write_pdf``), by BaseFont (``ABCDEF+Family-Style``, without the slash). Fonts whose
    embedded program is not a subset of the original alone are left out: bitmap fonts
    (drawn as Type 3), variable ones (instanced after subsetting), colour ones (their
    images removed), fonts also used in form fields (embedded whole) and fonts with a
    glyph missing (its stand-in ids are numbered in the order a document met them)."""
    from weasyprint.text.fonts import get_hb_object_data  # the workers only

    found: dict[str, FontOrigin] = {}
    for font in document.fonts.values():
        if (font.bitmap or font.used_in_forms or font.missing or font.png or font.svg or font.colr
                or "fvar" in font.tables):
            continue
        name = font.name.decode("latin-1").lstrip("/")
        digest = _digest(font.hb_face, get_hb_object_data)
        origin = json.dumps({"sha256": digest, "index": int(font.index), "hinting": False,
                             "type": font.type}, sort_keys=True)
        found[name] = FontOrigin(origin, digest, _reader(font.hb_face, get_hb_object_data))
    return found


def _reader(face: Any, data_of: Callable[[Any], bytes]) -> Callable[[], bytes]:
    return lambda: data_of(face)


def _digest(face: Any, data_of: Callable[[Any], bytes]) -> str:
    """SHA-256 of the whole file a HarfBuzz ``face`` was made from, once a process per program."""
    from weasyprint.text.ffi import ffi, harfbuzz

    blob = harfbuzz.hb_face_reference_blob(face)
    try:
        length = ffi.new("unsigned int *")
        pointer = harfbuzz.hb_blob_get_data(blob, length)
        size = length[0]
        head = bytes(ffi.buffer(pointer, min(size, _SAMPLE))) if size else b""
        tail = bytes(ffi.buffer(pointer + max(0, size - _SAMPLE), min(size, _SAMPLE))) if size else b""
        memo = (int(ffi.cast("uintptr_t", pointer)), size, hashlib.sha256(head + tail).digest())
    finally:
        harfbuzz.hb_blob_destroy(blob)
    if memo not in _DIGESTS:
        _DIGESTS[memo] = hashlib.sha256(data_of(face)).hexdigest()
    return _DIGESTS[memo]
