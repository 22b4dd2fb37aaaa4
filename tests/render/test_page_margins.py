"""Page-margin boxes skipped for pages that style none: the same pages as WeasyPrint's own
layout, and margin boxes still drawn where a stylesheet gives them content."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops

from cardforge.render.layout import weasyprint_changes as layout_setup
from cardforge.render.layout.face_layout import render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.layout.weasyprint_changes import page_margins
from tests.render.layout_changes import switched
from tests.render.pdf_readback import contents, rasters

FACES = ['<div style="font: 9pt \'DejaVu Sans\'; counter-increment: page">Face one</div>',
         "<ol><li>two</li><li>three</li></ol>"]
BOOK = """<style>
@page { size: 100mm 80mm; margin: 15mm; @top-center { content: "Running head"; }
        @bottom-right { content: counter(page) " of " counter(pages); } }
@page :first { @top-center { content: none; } }
body { font: 10pt 'DejaVu Sans'; }
</style><p>First page</p><p style="break-before: page">Second page</p>"""


@pytest.fixture
def installed(monkeypatch):
    """``installed(flag)``: cardforge's margin-box skipping on or off (see
    :func:`tests.render.layout_changes.switched`)."""
    with switched(page_margins, monkeypatch) as installed:
        yield installed


def test_faces_are_the_same_as_weasyprints_own_layout(tmp_path, installed):
    fetcher = make_url_fetcher([tmp_path])
    pdfs = []
    for flag in (False, True):
        installed(flag)
        pdfs.append(render_faces_pdf(FACES, "", 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher))
    own, skipped = pdfs
    assert contents(skipped) == contents(own)
    for before, after in zip(rasters(own), rasters(skipped), strict=True):
        assert ImageChops.difference(before, after).getbbox() is None


def test_styled_margin_boxes_are_still_drawn(installed):
    import weasyprint

    installed(True)
    layout_setup.prepare()
    pdf = weasyprint.HTML(string=BOOK).write_pdf()
    doc = pdfium.PdfDocument(pdf)
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    assert len(texts) == 2
    assert "Running head" not in texts[0] and "1 of 2" in texts[0]  # :first has no head
    assert "Running head" in texts[1] and "2 of 2" in texts[1]
    installed(False)
    assert contents(weasyprint.HTML(string=BOOK).write_pdf()) == contents(pdf)
