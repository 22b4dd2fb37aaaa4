"""Underlays: a deck's shared part of its faces laid out once a document and drawn under
each face, pixel for pixel the face the two layers make in one box."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardforge.errors import RenderError
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_render import render_card_faces
from cardforge.render.layout import face_layout as faces_module
from cardforge.render.layout.face_layout import render_faces_measured, render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.layout.underlay_pages import PREFIX
from cardforge.render.layout.underlays import OVER, UNDER, layered, split, underlay_name
from tests.render.test_faces import HEROES, VILLAINS, make_game, page_texts

CSS = """
.layer { position: absolute; top: 0; left: 0; right: 0; bottom: 0; }
.ground { background: #336699; }
.panel { position: absolute; top: 20mm; left: 6mm; right: 6mm; bottom: 6mm;
         border: 0.8mm solid #111; border-radius: 2mm; background: #f3d6d1; }
.name { position: absolute; top: 8mm; left: 8mm; right: 8mm; height: 8mm; overflow: hidden;
        font: bold 9pt "DejaVu Sans"; color: white; }
"""
UNDERLAY = '<div class="layer ground"><div class="panel">deck tag</div></div>'


def face(name: str) -> str:
    return f'<div class="layer"><div class="name" data-field="name">{name}</div></div>'


@pytest.fixture
def fetcher(tmp_path):
    return make_url_fetcher([tmp_path])


def pixels(pdf: bytes) -> list[bytes]:
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].render(scale=150 / 72).to_pil().tobytes() for i in range(len(doc))]


def test_layered_fragments_split_back_into_their_two_layers():
    fragment = layered(UNDERLAY, face("Ann"))
    assert fragment == f"{UNDER}{UNDERLAY}{OVER}{face('Ann')}"
    assert split(fragment) == (UNDERLAY, face("Ann"))
    assert layered(None, face("Ann")) == face("Ann")
    assert split(face("Ann")) == (None, face("Ann"))
    assert split(f"<p>{UNDER}</p>") == (None, f"<p>{UNDER}</p>")  # only at the very start
    assert underlay_name("front.html.j2") == "front-underlay.html.j2"
    assert underlay_name("front-hero.html.j2") == "front-hero-underlay.html.j2"


def test_each_face_prints_as_its_two_layers_in_one_box(tmp_path, fetcher, monkeypatch):
    fragments = [layered(UNDERLAY, face(n)) for n in ("Ann", "Bob")] + [face("plain")]
    composed = render_faces_pdf(fragments, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)
    monkeypatch.setattr(faces_module, "split", lambda fragment: (None, fragment))  # one box each
    flat = render_faces_pdf(fragments, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)
    assert len(pikepdf.open(io.BytesIO(composed)).pages) == 3
    assert pixels(composed) == pixels(flat)
    assert page_texts(composed) == page_texts(flat)


def test_one_underlay_form_is_drawn_first_under_every_face_that_shares_it(tmp_path, fetcher):
    other = UNDERLAY.replace("#336699", "#993333").replace("ground", "ground other")
    fragments = [layered(UNDERLAY, face("Ann")), layered(UNDERLAY, face("Bob")),
                 layered(other, face("Cat")), face("plain")]
    pdf = render_faces_pdf(fragments, CSS + ".other { background: #993333 }", 63, 88, 3,
                           base_url=tmp_path, url_fetcher=fetcher)
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        forms = []
        for page in doc.pages:
            names = [n for n in page.Resources.get("/XObject", {}).keys() if n.startswith(PREFIX)]
            first = page.obj.Contents[0].read_bytes() if isinstance(page.obj.Contents, pikepdf.Array) \
                else page.obj.Contents.read_bytes()
            drawn = [n for n in names if first.startswith(b"q " + n.encode() + b" Do Q")]
            forms.append(page.Resources.XObject[drawn[0]].objgen if drawn else None)
            for name in drawn:
                assert [float(v) for v in page.Resources.XObject[name].BBox] == \
                    [float(v) for v in page.mediabox]  # the bleed is painted too
        assert forms[0] == forms[1] != forms[2] and None not in forms[:3] and forms[3] is None


def test_only_the_faces_own_layer_is_measured_for_overflow(tmp_path, fetcher):
    long_name = "A name far too long for its one-line box " * 4
    fragments = [layered(UNDERLAY, face(long_name)), layered(UNDERLAY, face("Bob"))]
    _, measures = render_faces_measured(fragments, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)
    assert len(measures) == 2
    assert [m.field for m in measures[0]] == ["name"] and measures[0][0].height_mm > 1
    assert [m.field for m in measures[1]] == ["name"] and measures[1][0].height_mm == 0


UNDERLAY_TEMPLATE = """\
{%- import "macros.html.j2" as m -%}
{% call m.frame("under", lang) %}<p class="deck-tag">{{ deck.id }} deck</p>{% endcall %}
"""


def test_a_workspace_template_with_an_underlay_gets_it_under_every_face(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES, "villains.yaml": VILLAINS},
                     {"front-underlay.html.j2": UNDERLAY_TEMPLATE})
    faces = render_card_faces(game, "en", tmp_path, cache=FaceCache(tmp_path / "cache"))
    texts = page_texts(faces.pdf)
    assert "heroes deck" in texts[faces.front_page["ann"]] and "Ann" in texts[faces.front_page["ann"]]
    assert "villains deck" in texts[faces.front_page["cat"]]
    assert "deck" not in texts[faces.back_page["heroes"]]  # the back template has no underlay


def test_an_underlay_sees_the_deck_and_no_card(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES},
                     {"front-underlay.html.j2": "{{ card.id }}"})
    with pytest.raises(RenderError, match="front-underlay.html.j2"):
        render_card_faces(game, "en", tmp_path, cache=FaceCache(tmp_path / "cache"))


def test_an_edited_underlay_lays_out_every_face_of_its_deck_again(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES, "villains.yaml": VILLAINS},
                     {"front-underlay.html.j2": UNDERLAY_TEMPLATE})
    cache = FaceCache(tmp_path / "cache")
    first = render_card_faces(game, "en", tmp_path, cache=cache)
    template = Path(tmp_path / "templates" / "test-game" / "front-underlay.html.j2")
    template.write_text(UNDERLAY_TEMPLATE.replace("deck</p>", "cards</p>"), encoding="utf-8")
    again = render_card_faces(game, "en", tmp_path, cache=cache)
    assert again.laid_out == first.laid_out - 1  # every front, not the back
    assert "heroes cards" in page_texts(again.pdf)[again.front_page["ann"]]
