"""Constant custom properties are folded into the stylesheet before layout; anything that
could take another value on some element is left to WeasyPrint."""

from __future__ import annotations

import pypdfium2 as pdfium

from cardforge.render.layout import face_layout as faces
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.templating.css_constants import fold_constants


def test_a_root_constant_is_written_where_it_is_used():
    css = (":root { --ink: #111; --line: 0.5mm }\n"
           ".x { border: var(--line) solid var(--ink); width: calc(2 * var(--line)) }")
    assert fold_constants(css) == (":root { --ink: #111; --line: 0.5mm }\n"
                                   ".x { border: 0.5mm solid #111; width: calc(2 * 0.5mm) }")


def test_the_last_root_declaration_wins_and_chains_are_followed():
    css = ":root { --a: 1mm; --b: var(--a) } .x { top: var(--b) } :root { --a: 2mm }"
    assert fold_constants(css).endswith(".x { top: 2mm } :root { --a: 2mm }")


def test_a_property_set_anywhere_else_is_left_alone():
    css = (":root { --local: 1mm; --media: 1mm; --both: 1mm; --imp: 1mm !important; --uses: var(--local) }\n"
           ".y { --local: 2mm } @media print { :root { --media: 9mm } } :root, .q { --both: 3mm }\n"
           ".x { a: var(--local); b: var(--media); c: var(--both); d: var(--imp); e: var(--uses) }")
    folded = fold_constants(css)
    assert ".x { a: var(--local); b: var(--media); c: var(--both); d: var(--imp); e: var(--uses) }" in folded


def test_root_outranks_html_whatever_the_order_so_a_name_under_both_is_left_alone():
    css = (":root { --a: 1mm; --c: 1mm } html { --a: 2mm } html { --h: 4mm } "
           ".x { top: var(--a); left: var(--c); right: var(--h) }")
    assert fold_constants(css).endswith(".x { top: var(--a); left: 1mm; right: 4mm }")


def test_a_name_a_face_mentions_is_left_alone():
    css = ":root { --deck: red; --ink: #111 } .x { color: var(--deck); border-color: var(--ink) }"
    folded = fold_constants(css, ['<div style="--deck: blue">'])
    assert folded.endswith(".x { color: var(--deck); border-color: #111 }")


def test_cycles_unknown_names_and_fallbacks():
    css = (":root { --a: var(--b); --b: var(--a); --c: 3mm }\n"
           ".x { top: var(--a); left: var(--unknown, 1mm); right: var(--c, 9mm) }")
    assert fold_constants(css).endswith(".x { top: var(--a); left: var(--unknown, 1mm); right: 3mm }")


def test_a_stylesheet_without_var_is_returned_as_it_is():
    css = "/* kept */ .x { color: red }"
    assert fold_constants(css) is css


def test_the_folded_face_prints_the_same_pixels(tmp_path, monkeypatch):
    css = (":root { --ink: #1c1c1e; --line: 0.8mm; --font: 'DejaVu Sans', sans-serif }\n"
           ".box { position: absolute; top: 5mm; left: 5mm; right: 5mm; height: 20mm;"
           " border: var(--line) solid var(--ink); font-family: var(--font); background: var(--deck) }")
    fragments = ['<div class="box" style="--deck: #c9452f">Folded</div>']
    fetcher = make_url_fetcher([tmp_path])

    def pixels() -> bytes:
        pdf = faces.render_faces_pdf(fragments, css, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)
        return pdfium.PdfDocument(pdf)[0].render(scale=150 / 72).to_pil().tobytes()

    folded = pixels()
    assert "var(--line)" not in faces.faces_html(fragments, css, 63, 88, 3)
    monkeypatch.setattr(faces, "fold_constants", lambda css, fragments=(): css)
    assert "var(--line)" in faces.faces_html(fragments, css, 63, 88, 3)
    assert pixels() == folded
