"""A glyph's width is the font's own advance, whatever size its document drew it at first
(cardforge/render/layout/weasyprint_changes/glyph_advances.py): the same face laid out alone
and after a face drawing its letters at another size has the same content stream and the
same widths, and its text lands where WeasyPrint's own widths put it, within 1/1000 em a
glyph."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont

from cardforge.render.layout.face_layout import render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.layout.weasyprint_changes import glyph_advances
from tests.render.layout_changes import switched
from tests.render.pdf_readback import contents

CSS = ("h1 { font: bold 10pt 'DejaVu Sans'; font-stretch: semi-condensed; letter-spacing: 0.1em; "
       "margin: 0 } h1.small { font-size: 8pt } p { font: 7pt 'DejaVu Sans'; margin: 0 }")
TITLE = "Volume 1 on Sale … a Flash of Inspiration"
FACE = f"<h1>{TITLE}</h1><p>Sphinx of black quartz, judge my vow — 0123456789</p>"
BEFORE = f"<h1 class='small'>{TITLE}</h1><p style='font-size: 11pt'>Sphinx of black quartz, judge my vow</p>"
"""Draws FACE's letters first at 8 pt and 11 pt, where WeasyPrint alone rounds some of them
(the ellipsis, 895.5/1000 em, the digits) to other widths than at 10 pt and 7 pt. The title
is letter-spaced, as Comic Creator's labels are: the offset after each of its glyphs is the
glyph's recorded width minus its spaced advance, so another width writes another offset."""


@pytest.fixture
def render(tmp_path, monkeypatch):
    """``render(faces, installed)``: the faces as one chunk (one document), with the change
    or with WeasyPrint's own widths."""
    fetcher = make_url_fetcher([tmp_path])
    with switched(glyph_advances, monkeypatch) as switch:

        def render(faces: list[str], installed: bool) -> bytes:
            switch(installed)
            return render_faces_pdf(faces, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)

        yield render


def _widths(pdf: bytes) -> dict[str, dict[int, float]]:
    """Each CID font's /W as glyph id → width, by BaseFont."""
    found: dict[str, dict[int, float]] = {}
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Subtype") == "/CIDFontType2":
                items, widths = list(obj.W), {}
                for first, run in zip(items[::2], items[1::2], strict=True):
                    widths.update({int(first) + k: float(w) for k, w in enumerate(run)})
                found[str(obj.BaseFont)] = widths
    return found


def test_a_face_draws_the_same_bytes_whatever_its_chunk_drew_first(render):
    alone, after = render([FACE], True), render([BEFORE, FACE], True)
    assert contents(alone)[0] == contents(after)[1]
    shared = _widths(alone)
    assert all(_widths(after)[font][glyph] == width for font, widths in shared.items()
               for glyph, width in widths.items())


def test_without_the_change_the_chunk_shows_in_the_face(render):
    """The hole the change closes: WeasyPrint's own widths and offsets for the same face differ."""
    alone, after = render([FACE], False), render([BEFORE, FACE], False)
    assert contents(alone)[0] != contents(after)[1]
    assert any(_widths(after)[font][glyph] != width for font, widths in _widths(alone).items()
               for glyph, width in widths.items())


def test_the_widths_are_the_fonts_own_advances(render):
    """Each width written is hmtx's advance × 1000 / units per em, rounded, read back from
    the embedded program (its glyph ids are the original's)."""
    pdf = render([BEFORE, FACE], True)
    checked = 0
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for cid in (o for o in doc.objects if isinstance(o, pikepdf.Dictionary)
                    and o.get("/Subtype") == "/CIDFontType2"):
            font = TTFont(io.BytesIO(cid.FontDescriptor.FontFile2.read_bytes()))
            order, upem = font.getGlyphOrder(), font["head"].unitsPerEm
            items = list(cid.W)
            for first, run in zip(items[::2], items[1::2], strict=True):
                for k, width in enumerate(run):
                    advance = font["hmtx"][order[int(first) + k]][0]
                    assert float(width) == round(advance * 1000 / upem)
                    checked += 1
    assert checked > 40


def _char_boxes(pdf: bytes) -> list[list[tuple[float, float, float, float]]]:
    document = pdfium.PdfDocument(pdf)
    try:
        pages = [document[i].get_textpage() for i in range(len(document))]
        return [[page.get_charbox(k, loose=False) for k in range(page.count_chars())] for page in pages]
    finally:
        document.close()


def test_text_lands_where_weasyprint_put_it(render):
    """Every letter of both faces within 0.02 pt (2/1000 em at 10 pt) of where WeasyPrint's
    own widths place it: the offsets still follow Pango's advances."""
    own, changed = _char_boxes(render([BEFORE, FACE], False)), _char_boxes(render([BEFORE, FACE], True))
    assert [len(page) for page in own] == [len(page) for page in changed]
    moved = [abs(a - b) for p, q in zip(own, changed, strict=True) for x, y in zip(p, q, strict=True)
             for a, b in zip(x, y, strict=True)]
    assert max(moved) <= 0.02


def test_the_check_tells_whether_the_change_works(render):
    render([FACE], False)
    assert glyph_advances.check() == "glyph widths depend on the size drawn first"
    render([FACE], True)
    assert glyph_advances.check() is None


def test_a_glyph_past_the_long_metrics_has_the_last_advance():
    """hmtx lists advances for the first ``numberOfHMetrics`` glyphs; the rest share the last."""
    table = bytes.fromhex("0400 0000 0300 0000")  # glyph 0: 1024, glyph 1: 768 (and after)
    widths = glyph_advances.FontAdvances(table, 2, 5, 2048)
    assert (1 in widths, 4 in widths, 0 in widths, 5 in widths) == (True, True, False, False)
    assert (widths[1], widths[4]) == (375, 375) and dict(widths) == {1: 375, 4: 375}
    with pytest.raises(KeyError):
        widths[5]
