"""The glyph and origin stamps of a chunk's pages (cardforge.render.pdf.font_use), on PDFs
built by hand: a form drawn by several pages, fonts shared by all, white-space inside the
glyph strings."""

from __future__ import annotations

import pikepdf
from pikepdf import Name

from cardforge.render.pdf.font_use import ORIGIN, glyphs_of, origin_id, stamp_glyphs, stamp_origins

ORIGIN_TEXT = '{"sha256": "ab"}'


def _chunk(form_content: bytes, page_contents: list[bytes]) -> pikepdf.Pdf:
    """Pages sharing one resources dictionary (as WeasyPrint writes them) with one Type 0
    font /F1 and one form /X1 that draws in it."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=Name.Font, Subtype=Name.Type0,
                                                BaseFont=Name("/ABCDEF+DejaVuSans")))
    fonts = pdf.make_indirect(pikepdf.Dictionary(F1=font))
    form = pdf.make_stream(form_content, Type=Name.XObject, Subtype=Name.Form,
                           BBox=[0, 0, 10, 10], Resources=pikepdf.Dictionary(Font=fonts))
    resources = pdf.make_indirect(pikepdf.Dictionary(Font=fonts, XObject=pikepdf.Dictionary(X1=form)))
    for content in page_contents:
        page = pikepdf.Page(pikepdf.Dictionary(Type=Name.Page, MediaBox=[0, 0, 10, 10],
                                               Resources=resources, Contents=pdf.make_stream(content)))
        pdf.pages.append(page)
    return pdf


def test_every_type0_font_named_is_stamped_with_its_origin_once_shared():
    pdf = _chunk(b"BT /F1 12 Tf <0001> Tj ET", [b"/X1 Do", b"/X1 Do"])
    stamp_origins(pdf, {"ABCDEF+DejaVuSans": ORIGIN_TEXT, "Other": "{}"})
    font = pdf.pages[1].obj.Resources.Font.F1
    assert str(font[ORIGIN]) == ORIGIN_TEXT
    assert str(pdf.pages[0].obj.Resources.XObject.X1.Resources.Font.F1[ORIGIN]) == ORIGIN_TEXT


def test_a_font_not_named_gets_no_origin():
    pdf = _chunk(b"", [b""])
    stamp_origins(pdf, {"Other": ORIGIN_TEXT})
    assert ORIGIN not in pdf.pages[0].obj.Resources.Font.F1


def test_each_page_drawing_a_shared_form_gets_the_forms_glyphs_and_its_own():
    pdf = _chunk(b"BT /F1 12 Tf <0001 00\n0A> Tj ET",
                 [b"/X1 Do BT /F1 9 Tf <0003> Tj ET", b"q /X1 Do Q", b"BT /F1 9 Tf <FFFF0002> Tj ET"])
    stamp_origins(pdf, {"ABCDEF+DejaVuSans": ORIGIN_TEXT})
    scanned: dict = {}
    stamps = []
    for page in pdf.pages:  # as pruned: each page's own resources, the form where drawn
        draws_form = b"Do" in page.obj.Contents.read_bytes()
        drawn = {k: v for k, v in page.obj.Resources.items() if k != "/XObject" or draws_form}
        page.obj.Resources = pikepdf.Dictionary(drawn)
        stamp_glyphs(page, scanned)
        stamps.append(glyphs_of(page.obj.Resources))
    key = origin_id(ORIGIN_TEXT)
    assert stamps == [{key: [1, 3, 10]}, {key: [1, 10]}, {key: [2, 0xFFFF]}]
    assert len(scanned) == 1  # the form was read once for the two pages that draw it


def test_without_a_memo_the_stamp_is_the_same():
    contents = [b"/X1 Do BT /F1 9 Tf <0003> Tj ET"]
    pdf = _chunk(b"BT /F1 12 Tf <0001> Tj ET", contents)
    stamp_origins(pdf, {"ABCDEF+DejaVuSans": ORIGIN_TEXT})
    stamp_glyphs(pdf.pages[0])
    assert glyphs_of(pdf.pages[0].obj.Resources) == {origin_id(ORIGIN_TEXT): [1, 3]}


def test_an_odd_count_of_hex_digits_counts_only_whole_glyph_ids():
    pdf = _chunk(b"", [b"BT /F1 9 Tf <000100> Tj ET"])
    stamp_origins(pdf, {"ABCDEF+DejaVuSans": ORIGIN_TEXT})
    stamp_glyphs(pdf.pages[0])
    assert glyphs_of(pdf.pages[0].obj.Resources) == {origin_id(ORIGIN_TEXT): [1]}
