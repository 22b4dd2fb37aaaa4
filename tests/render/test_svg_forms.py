"""Inline SVG drawn once per document and size as a form XObject: the same pictures as
WeasyPrint's own drawing of every element, in the same drawing order."""

from __future__ import annotations

import io

import pikepdf
import pytest
from PIL import ImageChops

from cardforge.render.layout.face_layout import render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.layout.weasyprint_changes import svg_forms
from tests.render.layout_changes import switched
from tests.render.pdf_readback import rasters


def die(fill: str, mark: str | None = None, extra: str = "") -> str:
    """A die as templates/_base/macros.html.j2 draws one: a rounded square, a mark if any."""
    text = (f'<text x="12" y="17.6" text-anchor="middle" font-family="DejaVu Sans" '
            f'font-weight="bold" font-size="15" fill="#2b2b2b">{mark}</text>') if mark else ""
    return (f'<svg class="die" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg">'
            f'<rect x="1.5" y="1.5" width="21" height="21" rx="4.5" fill="{fill}" '
            f'stroke="#2b2b2b" stroke-width="2"/>{text}{extra}</svg>')


CSS = """
.die { width: 8mm; height: 8mm; }
.big .die { width: 14mm; height: 14mm; }
.faded { opacity: 0.5; }
.over { position: relative; }
.reach .die { overflow: visible; }
.over b { position: absolute; left: 1mm; top: 2mm; width: 6mm; height: 3mm; background: #c00; }
"""
SAME = die("#ffffff", "X")
REACHING = die("#f5c518", extra='<circle cx="30" cy="12" r="5" fill="#06c"/>')
FACES = [
    f"<p>{SAME} ×1 {SAME}{die('#d9362b')}</p><p class='big'>{SAME}</p>",  # text after a die: same die
    f"<p>{SAME}</p><p class='faded'>{SAME}{SAME}</p>",
    # a red bar drawn after the die covers it; a circle reaching out of the viewBox is not clipped
    f"<p class='over'>{SAME}<b></b></p><p class='reach'>{REACHING}</p>",
]


@pytest.fixture
def render(tmp_path, monkeypatch):
    """Render FACES with cardforge's handling of inline SVG (``installed``) or WeasyPrint's
    own (the layout's own call to install does nothing meanwhile)."""
    fetcher = make_url_fetcher([tmp_path])
    with switched(svg_forms, monkeypatch) as switch:

        def render(installed: bool) -> bytes:
            switch(installed)
            return render_faces_pdf(FACES, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)

        yield render


def drawn(holder: pikepdf.Object | pikepdf.Page, resources: pikepdf.Object) -> list[pikepdf.Object]:
    """The XObjects ``holder``'s own content paints with ``Do``, in order."""
    return [resources.XObject[str(operands[0])]
            for operands, operator in pikepdf.parse_content_stream(holder) if str(operator) == "Do"]


def drawn_forms(pdf: bytes) -> list[list[tuple[int, int]]]:
    """Per page, the object numbers of the forms it paints, and of those each transparency
    group it paints (WeasyPrint's, for opacity) paints, in order."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        pages = []
        for page in doc.pages:
            found = []
            for xobject in drawn(page, page.Resources):
                found.append(xobject.objgen)
                if "/Group" in xobject:
                    found += [inner.objgen for inner in drawn(xobject, xobject.Resources)]
            pages.append(found)
        return pages


def test_the_pictures_are_the_ones_weasyprint_draws_element_by_element(render):
    direct, formed = rasters(render(installed=False), 200), rasters(render(installed=True), 200)
    assert len(direct) == len(formed) == len(FACES)
    for before, after in zip(direct, formed, strict=True):
        worst = max(high for _, high in ImageChops.difference(before, after).getextrema())
        assert worst <= 1  # anti-aliasing at a form's edges; a die lost or moved is 255
    # the red bar stays over the die it covers; a picture let out of its box is not clipped
    third = formed[2]
    px = 200 / 25.4
    bar = [(x, y) for x in range(0, third.width, 2) for y in range(0, third.height // 3, 2)
           if third.getpixel((x, y)) == (204, 0, 0)]
    assert len(bar) > 50
    blue = [x for x in range(0, third.width, 2) for y in range(0, third.height // 2, 2)
            if third.getpixel((x, y)) == (0, 102, 204)]
    assert blue and max(blue) > min(blue) + 2 * px  # the circle, 3.4 mm wide
    assert min(blue) > 8 * px  # right of the die's 8 mm box, which starts at the page's edge


def test_one_form_a_picture_and_size_drawn_wherever_it_recurs(render):
    pages = drawn_forms(render(installed=True))
    first, second, third = pages
    small_x = first[0]
    assert first[1] == small_x  # the same die twice: one form
    assert first[2] != small_x  # another colour
    assert first[3] not in (small_x, first[2])  # another size
    assert second[0] == small_x  # and again on the next page
    faded = second[2:]  # a transparency group (its own resources) draws its own form twice
    assert len(faded) == 2 and faded[0] == faded[1] != small_x
    assert small_x in third  # drawn after the yellow one: a positioned box is painted last


def forms_without_group(pdf: bytes) -> list[list[float]]:
    """The BBox of every form XObject of ``pdf`` that is not a transparency group."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [[float(v) for v in obj.BBox] for obj in doc.objects
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
                and "/Group" not in obj]


def test_the_forms_carry_no_transparency_group(render):
    assert forms_without_group(render(installed=False)) == []  # WeasyPrint's own: groups only
    forms = forms_without_group(render(installed=True))
    # white X small, large and in the faded group, red, yellow: PDF/X-1a allows no groups
    assert len(forms) == 5
    assert all(box == [-14400, -14400, 14400, 14400] for box in forms)
