"""A glyph's width in a document's font is the font's own advance, whatever size drew it first.

WeasyPrint 70 records a glyph's width (``Font.widths``, in 1/1000 em) the first time its
document draws the glyph: Pango's logical width at that size (whole Pango units, 1/1024 pt)
over the size, rounded. It writes these widths in the font's ``/W`` array and places every
glyph of the document against its recorded width: the ``TJ`` offset after a glyph is that
width minus the advance Pango shaped (plus HarfBuzz's offset), truncated to 1/1000 em,
which is not 0 wherever text is kerned or letter-spaced. A glyph whose advance lies near
half a unit (DejaVu Sans Bold Semi-Condensed's M, 1834/2048 em: 895.51) is recorded 895 in
a document that first draws it at one size and 896 in one that first draws it at another,
and the offsets after it differ with it: the same face laid out in two chunks of faces (two
documents) gets two content streams, and an output's fonts cannot be made one
(:mod:`cardforge.render.pdf.font_union` keeps such a font's per-chunk subsets).

:func:`install` gives each font WeasyPrint creates afterwards in the process a width table
(:class:`FontAdvances`) that records an unseen glyph at its advance in the font's ``hmtx``
table, in 1/1000 em, rounded: the value WeasyPrint writes unrounded when it embeds a font
whole. While WeasyPrint writes the fonts, the table reads as the glyphs recorded only. The
offsets are computed by WeasyPrint as before, against that width, so every glyph still
lands where Pango placed it within WeasyPrint's truncation: a glyph's advance on the page
(width minus offset) changes by 1/1000 em at most, and only where its width changed (on
Comic Creator's English card sheets no letter moved more than 0.02 pt;
tests/render/test_glyph_advances.py compares the letters' boxes), and a face's content
stream no longer depends on what else its document drew. Fonts WeasyPrint does not embed
as a plain subset of their original (bitmap, colour and variable fonts, whose advances
vary with the instance), glyph 0 and the stand-ins of missing glyphs keep WeasyPrint's own
widths. Does nothing if WeasyPrint's ``Font`` or font writer is not the one this was
written against; :func:`check` tells whether the widths written no longer depend on the
first size drawn.
"""

from __future__ import annotations

import re
import struct
import threading
from typing import Any

_lock = threading.Lock()
_original: dict[str, Any] = {}
"""WeasyPrint's ``Font.__init__`` and ``build_fonts_dictionary`` while installed, else empty."""
_HHEA_METRICS = 34
"""Byte offset of ``numberOfHMetrics`` (uint16) in the ``hhea`` table (OpenType spec)."""


class FontAdvances(dict):
    """``Font.widths``: glyph id → width in 1/1000 em; a glyph of the font not recorded yet
    reads as (and is recorded at) its ``hmtx`` advance × 1000 / units per em, rounded.

    ``advances`` is the ``hmtx`` table, ``count`` its number of long metrics (a glyph past
    them has the last one's advance), ``glyphs`` the font's glyph count, ``upem`` its units
    per em."""

    def __init__(self, advances: bytes, count: int, glyphs: int, upem: int) -> None:
        super().__init__()
        self._advances, self._count, self._glyphs, self._upem = advances, count, glyphs, upem

    def __contains__(self, glyph: object) -> bool:
        return dict.__contains__(self, glyph) or (isinstance(glyph, int) and 0 < glyph < self._glyphs)

    def __missing__(self, glyph: int) -> int:
        if not 0 < glyph < self._glyphs:
            raise KeyError(glyph)
        (advance,) = struct.unpack_from(">H", self._advances, 4 * min(glyph, self._count - 1))
        width = self[glyph] = round(advance * 1000 / self._upem)
        return width


def install() -> None:
    """Make every WeasyPrint font created afterwards record its glyphs' own advances (see
    the module); once per process (a lock keeps two threads from wrapping twice), later
    calls do nothing. Imports WeasyPrint's ``pdf`` package."""
    from weasyprint import pdf
    from weasyprint.pdf import fonts

    with _lock:
        if _original or not _expected(pdf, fonts):
            return
        _original.update(init=fonts.Font.__init__, write=pdf.build_fonts_dictionary)
        fonts.Font.__init__ = _init
        pdf.build_fonts_dictionary = _write


def uninstall() -> None:
    """Put WeasyPrint's own ``Font.__init__`` and font writer back (for tests comparing
    both); nothing if not installed."""
    from weasyprint import pdf
    from weasyprint.pdf import fonts

    with _lock:
        if _original:
            fonts.Font.__init__ = _original.pop("init")
            pdf.build_fonts_dictionary = _original.pop("write")


def _expected(pdf: Any, fonts: Any) -> bool:
    """Whether WeasyPrint's ``pdf`` package has the ``Font``, the font writer and the
    HarfBuzz calls this wraps."""
    from weasyprint.text import ffi

    harfbuzz = getattr(ffi, "harfbuzz", None)
    return (isinstance(getattr(fonts, "Font", None), type)
            and callable(getattr(pdf, "build_fonts_dictionary", None))
            and all(hasattr(harfbuzz, name) for name in
                    ("hb_face_reference_table", "hb_blob_get_data", "hb_blob_destroy", "hb_tag_from_string")))


def _write(pdf: Any, fonts: dict[Any, Any], *args: Any, **kwargs: Any) -> Any:
    """WeasyPrint's ``build_fonts_dictionary``, each font's widths read meanwhile as the
    glyphs it recorded only (a plain dict: the writer asks which glyphs are there)."""
    swapped = [(font, font.widths) for font in fonts.values()
               if isinstance(getattr(font, "widths", None), FontAdvances)]
    for font, widths in swapped:
        font.widths = dict(widths)
    try:
        return _original["write"](pdf, fonts, *args, **kwargs)
    finally:
        for font, widths in swapped:
            font.widths = widths


def _init(font: Any, *args: Any, **kwargs: Any) -> None:
    """WeasyPrint's ``Font.__init__``, then a :class:`FontAdvances` for ``font.widths`` when
    the font is an outline font embedded as a subset of its original, with readable metrics."""
    _original["init"](font, *args, **kwargs)
    if (getattr(font, "widths", None) != {} or font.bitmap or font.png or font.svg or font.colr
            or "fvar" in font.tables):
        return
    widths = advances_of(font.hb_face, font.glyph_count, font.upem)
    if widths is not None:
        font.widths = widths


def advances_of(face: Any, glyphs: int, upem: int) -> FontAdvances | None:
    """A :class:`FontAdvances` for the HarfBuzz ``face`` (``glyphs`` glyphs, ``upem`` units
    per em); None when its ``hhea`` or ``hmtx`` table is missing or too short."""
    hhea, hmtx = _table(face, b"hhea"), _table(face, b"hmtx")
    if len(hhea) < _HHEA_METRICS + 2 or upem <= 0:
        return None
    (count,) = struct.unpack_from(">H", hhea, _HHEA_METRICS)
    if count == 0 or len(hmtx) < 4 * count:
        return None
    return FontAdvances(hmtx[:4 * count], count, glyphs, upem)


def _table(face: Any, tag: bytes) -> bytes:
    """The bytes of ``face``'s table ``tag`` (empty when it has none)."""
    from weasyprint.text.ffi import ffi, harfbuzz

    blob = harfbuzz.hb_face_reference_table(face, harfbuzz.hb_tag_from_string(tag, -1))
    try:
        length = ffi.new("unsigned int *")
        data = harfbuzz.hb_blob_get_data(blob, length)
        return b"" if data == ffi.NULL else ffi.unpack(data, int(length[0]))
    finally:
        harfbuzz.hb_blob_destroy(blob)


CHECK_HTML = """<!doctype html><html><head><style>@page {{ size: 80mm 60mm; margin: 4mm }}
p {{ font-family: 'DejaVu Sans', sans-serif; margin: 0 }} b {{ font-stretch: semi-condensed }}</style>
</head><body>{}</body></html>"""
CHECK_TEXT = "Sphinx of black quartz, judge my vow 0123456789 — <b>Sphinx of black quartz, judge my vow …</b>"
CHECK_SIZES = (7, 8, 10, 11)
"""pt: sizes at which WeasyPrint alone records one of :data:`CHECK_TEXT`'s glyphs 1/1000 em
apart, depending on which a document draws first (DejaVu Sans Bold Semi-Condensed's m,
1920/2048 em: 938 first drawn at 7 or 10 pt, 937 at 8 or 11 pt)."""
_W = re.compile(rb"/W \[((?:\s*\d+\s*\[[\d\s.]*\])*)\s*\]")


def check() -> str | None:
    """Whether the widths WeasyPrint writes now are the same whatever size a document
    draws a glyph at first: :data:`CHECK_TEXT` at every size of :data:`CHECK_SIZES`, in
    documents each starting at another of the sizes, must give the same ``/W`` arrays.
    None when they do, else why not."""
    from weasyprint import HTML

    written = []
    for first in range(len(CHECK_SIZES)):
        sizes = CHECK_SIZES[first:] + CHECK_SIZES[:first]
        body = "".join(f'<p style="font-size: {size}pt">{CHECK_TEXT}</p>' for size in sizes)
        data = HTML(string=CHECK_HTML.format(body)).write_pdf(uncompressed_pdf=True)
        written.append(sorted(_W.findall(data)))
    if not written[0]:
        return "no glyph widths written"
    if any(other != written[0] for other in written[1:]):
        return "glyph widths depend on the size drawn first"
    return None
