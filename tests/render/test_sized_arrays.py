"""Font subsetting without a C type per array length: the same arrays, the same pages, and no
new declaration for a new length."""

from __future__ import annotations

import pypdfium2
import weasyprint
from weasyprint.pdf import fonts
from weasyprint.text.ffi import ffi

from cardforge.render.layout import weasyprint_changes as layout_setup
from cardforge.render.layout.weasyprint_changes import sized_arrays

PAGE = ('<p style="font: 12pt \'DejaVu Sans\', \'Noto Sans CJK JP\'">Quick <b>brown</b> fox '
        '<i>jumps</i> 雑誌の看板 {}</p>')


def pixels(pdf: bytes) -> bytes:
    page = pypdfium2.PdfDocument(pdf)[0]
    return page.render(scale=1).to_pil().tobytes()


def test_an_array_is_the_same_as_weasyprint_s() -> None:
    arrays = sized_arrays.SizedArrays(ffi)
    ours, theirs = arrays.new("hb_codepoint_t[3]", [7, 8, 9]), ffi.new("hb_codepoint_t[3]", [7, 8, 9])
    assert ffi.typeof(ours) == ffi.typeof(ffi.new("hb_codepoint_t[]", 1))
    assert ffi.sizeof(ours) == ffi.sizeof(theirs) and list(ours) == list(theirs)
    assert ffi.typeof(arrays.new("hb_codepoint_t[2]")) == ffi.typeof(ffi.new("hb_codepoint_t[2]"))  # no init
    assert arrays.NULL == ffi.NULL  # everything else is WeasyPrint's


def test_subsetting_declares_no_type_for_a_new_length_and_draws_the_same() -> None:
    layout_setup.prepare()
    assert isinstance(fonts.ffi, sized_arrays.SizedArrays)
    ours = weasyprint.HTML(string=PAGE.format("")).write_pdf()
    declared = len(ffi._parsed_types)  # noqa: SLF001 - cffi's cache of parsed declarations
    weasyprint.HTML(string=PAGE.format("with more glyphs: xyzQJK 0123 漢字仮名")).write_pdf()
    assert len(ffi._parsed_types) == declared  # noqa: SLF001
    patched, fonts.ffi = fonts.ffi, ffi
    try:
        theirs = weasyprint.HTML(string=PAGE.format("")).write_pdf()
    finally:
        fonts.ffi = patched
    assert pixels(ours) == pixels(theirs)
