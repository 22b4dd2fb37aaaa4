"""One WeasyPrint font configuration per process for documents that add no fonts: the same
pages as a fresh configuration for each document."""

from __future__ import annotations

import pypdfium2 as pdfium
from PIL import ImageChops

from cardforge.render.layout import face_layout as faces
from cardforge.render.layout import font_configs
from cardforge.render.layout.face_layout import render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from tests.render.pdf_readback import contents, rasters

FACES = ['<p style="font: bold 9pt \'DejaVu Sans\'">Shared fonts 1</p><p lang="ja">日本語の名前</p>',
         '<p style="font: 7pt \'DejaVu Sans\'; letter-spacing: 0.2mm">Second face ×2</p>']


def test_documents_without_font_face_share_one_configuration(monkeypatch):
    first = font_configs.font_config_for(".a { color: red }")
    assert first is not None
    assert font_configs.font_config_for("p { font-size: 9pt }") is first
    assert font_configs.font_config_for("@FONT-FACE { font-family: x; src: url(x.ttf) }") is None
    assert font_configs.font_config_for('@import "fonts.css";') is None
    assert font_configs.font_config_for('<LINK rel="stylesheet" href="fonts.css"><p>x</p>') is None
    monkeypatch.setattr(font_configs.os, "getpid", lambda: -1)  # as in a forked child
    assert font_configs.font_config_for(".a { color: red }") is not first


def test_pages_are_the_same_as_with_a_fresh_configuration(tmp_path, monkeypatch):
    fetcher = make_url_fetcher([tmp_path])

    def render() -> bytes:
        return render_faces_pdf(FACES, "", 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)

    shared = [render(), render()]  # the second document meets the first one's caches
    monkeypatch.setattr(faces, "font_config_for", lambda css: None)
    fresh = render()
    for pdf in shared:
        assert contents(pdf) == contents(fresh)
        for before, after in zip(rasters(fresh), rasters(pdf), strict=True):
            assert ImageChops.difference(before, after).getbbox() is None
    text = pdfium.PdfDocument(shared[1])[0].get_textpage().get_text_range()
    assert "Shared fonts 1" in text and "日本語の名前" in text  # fonts embedded, text extractable
