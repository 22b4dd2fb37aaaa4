"""Computed styles shared between equivalent elements across a document's faces: the same
pages as WeasyPrint's own cascade, with fewer styles computed."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from cardforge.render.layout.face_layout import render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.layout.weasyprint_changes import style_sharing
from tests.render.layout_changes import switched
from tests.render.pdf_readback import contents, rasters

CSS = """
.face-body { font-family: 'DejaVu Sans'; font-size: 9pt; color: var(--ink); background: var(--paper); }
.swatch { width: 20mm; height: 6mm; }
li::marker { color: #c00; }
.tag::before { content: attr(data-tag) ": "; font-weight: bold; }
"""


def face(ink: str, paper: str, lang: str, swatch: str, tag: str) -> str:
    """A face with a ``style`` attribute on its root (as Comic Creator's faces have), an
    element with both ``lang`` and ``style``, a list (markers) and generated content."""
    return (f'<div class="face-body" style="--ink: {ink}; --paper: {paper};">'
            f'<p lang="{lang}" style="color: {swatch}">Text {lang}</p>'
            f'<div class="swatch" lang="en" style="background: {swatch}"></div>'
            f'<div class="swatch" lang="en"></div>'
            f'<ul><li>one</li><li lang="{lang}">two</li></ul>'
            f'<p class="tag" data-tag="{tag}">tagged</p></div>')


FACES = [
    face("#222", "#fff", "en", "#d00000", "A"),
    face("#222", "#fff", "en", "#0000d0", "B"),  # same root style, other swatch and tag
    face("#222", "#fff", "ja", "#d00000", "A"),  # same swatch, other lang on the same element
    face("#060", "#ffe", "en", "#d00000", "C"),
    face("#222", "#fff", "en", "#d00000", "A"),  # the first face again
]


@pytest.fixture
def render(tmp_path, monkeypatch):
    """Render FACES with shared styles (``installed``) or WeasyPrint's own cascade (the
    layout's own call to install does nothing meanwhile)."""
    fetcher = make_url_fetcher([tmp_path])
    with switched(style_sharing, monkeypatch) as switch:

        def render(installed: bool) -> bytes:
            switch(installed)
            return render_faces_pdf(FACES, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)

        yield render


def test_pages_are_the_same_as_weasyprints_own_cascade(render):
    own, shared = render(False), render(True)
    assert contents(shared) == contents(own)
    for before, after in zip(rasters(own), rasters(shared), strict=True):
        assert ImageChops.difference(before, after).getbbox() is None


def test_each_element_keeps_its_own_declarations(render):
    """Elements alike but for one declaration of their own are drawn each with its own: the
    two faces' swatches differ, as do their texts' colours and generated content."""
    pages = rasters(render(True))
    red, blue = pages[0], pages[1]
    assert ImageChops.difference(red, blue).getbbox() is not None
    assert ImageChops.difference(pages[0], pages[4]).getbbox() is None  # the same face again

    def has(page, colour: tuple[int, int, int]) -> bool:
        return colour in {c for _, c in page.getcolors(1 << 20)}

    assert has(red, (208, 0, 0)) and not has(red, (0, 0, 208))
    assert has(blue, (0, 0, 208)) and not has(blue, (208, 0, 0))


def test_equivalent_elements_share_one_computed_style(tmp_path):
    """Twenty identical faces whose root has a ``style`` attribute: the elements of later
    faces share the first face's computed styles (but for the two with both a ``lang`` and a
    ``style`` attribute, see the module), and pseudo-element styles are shared."""
    import weasyprint
    from weasyprint.css import get_all_computed_styles

    from cardforge.render.layout.face_layout import faces_html

    html = faces_html([FACES[0]] * 20, CSS, 63, 88, 3)

    def distinct(installed: bool) -> tuple[int, int]:
        (style_sharing.install if installed else style_sharing.uninstall)()
        document = weasyprint.HTML(string=html, base_url=tmp_path.as_uri() + "/")
        computed = get_all_computed_styles(document).get_computed_styles()
        elements = {id(style) for (element, pseudo), style in computed.items()
                    if pseudo is None and hasattr(element, "tag")}
        pseudos = {id(style) for (element, pseudo), style in computed.items()
                   if pseudo is not None and hasattr(element, "tag")}
        return len(elements), len(pseudos)

    try:
        own, shared = distinct(False), distinct(True)
    finally:
        style_sharing.install()
    assert own[0] > 20 * 8 and own[1] > 20 * 8 * 6  # six pseudo-elements an element
    assert shared[0] < 20 + 19 * 2 + 10  # the first face, two elements a later face, the page's
    assert shared[1] <= 6 * shared[0] + 6 < own[1] / 3  # one of each kind an element style
