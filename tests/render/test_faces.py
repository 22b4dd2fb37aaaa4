"""Faces → PDF pages (render_faces_pdf) and a whole game's faces (render_card_faces)."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardforge.errors import MissingFontError, RenderError
from cardforge.model.game_packs import GameSpec
from cardforge.model.paper_units import mm_to_pt
from cardforge.render.card_render import render_card_faces
from cardforge.render.layout.face_layout import captured_warnings, render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.workspace.game_loading import load_game

TEST_GAME = GameSpec(id="test-game", names={"en": "Test Game"}, schema="card.schema.json")

GAME_YAML = """\
id: test-game
name: {en: Test Game, ja: テストゲーム}
source_language: en
languages: [en, ja]
players: {min: 2, max: 4}
card: {width: 63, height: 88, bleed: 3, safe: 4}
decks:
  heroes: {name: {en: Heroes}, colour: "#336699"}
  villains: {name: {en: Villains}, colour: "#993333"}
"""

FRONT = """\
{%- import "macros.html.j2" as m -%}
{% call m.frame("test", lang) %}<h1>{{ t(card.data.name) }}</h1>
{% if card.data.text is defined %}<p>{{ t(card.data.text) | icons }}</p>{% endif %}
{% if card.data.art is defined %}<img src="{{ card.data.art }}" style="width:5mm">{% endif %}
{% endcall %}
"""
BACK = '{% import "macros.html.j2" as m %}{% call m.frame("back", lang) %}BACK{% endcall %}'


_OPEN: list[pikepdf.Pdf] = []  # keep documents alive while their pages are inspected


def pdf_pages(pdf: bytes) -> list[pikepdf.Page]:
    doc = pikepdf.open(io.BytesIO(pdf))
    _OPEN.append(doc)
    return list(doc.pages)


def box_size(box) -> tuple[float, float]:
    x0, y0, x1, y1 = (float(v) for v in box)
    return x1 - x0, y1 - y0


def page_texts(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


@pytest.fixture
def fetcher(tmp_path):
    return make_url_fetcher([tmp_path])


def faces(fragments, tmp_path, fetcher, css=""):
    return render_faces_pdf(fragments, css, 63, 88, 3, base_url=tmp_path, url_fetcher=fetcher)


# ---- render_faces_pdf -------------------------------------------------------------------------

def test_one_page_per_fragment_with_trim_and_bleed_boxes(tmp_path, fetcher):
    pdf = faces(["<p>a</p>", "<p>b</p>", "<p>c</p>"], tmp_path, fetcher)
    pages = pdf_pages(pdf)
    assert len(pages) == 3
    for page in pages:
        assert box_size(page.TrimBox) == pytest.approx((mm_to_pt(63), mm_to_pt(88)), abs=0.01)
        assert box_size(page.MediaBox) == pytest.approx((mm_to_pt(69), mm_to_pt(94)), abs=0.01)
        assert box_size(page.BleedBox) == pytest.approx((mm_to_pt(69), mm_to_pt(94)), abs=0.01)
        # the trim sits bleed-deep inside the media box on every side
        media = [float(v) for v in page.MediaBox]
        trim = [float(v) for v in page.TrimBox]
        assert trim[0] - media[0] == pytest.approx(mm_to_pt(3), abs=0.01)
        assert media[3] - trim[3] == pytest.approx(mm_to_pt(3), abs=0.01)
    assert [t.strip() for t in page_texts(pdf)] == ["a", "b", "c"]


def test_the_face_runs_into_the_bleed(tmp_path, fetcher):
    css = ".fill { position: absolute; top: 0; left: 0; right: 0; bottom: 0; background: #ff0000; }"
    pdf = faces(['<div class="fill"></div>'], tmp_path, fetcher, css)
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    assert image.size[0] == pytest.approx(mm_to_pt(69) * 2, abs=1)
    assert image.getpixel((1, 1)) == (255, 0, 0)                        # corner of the bleed
    assert image.getpixel((image.size[0] - 2, image.size[1] - 2)) == (255, 0, 0)


def test_a_face_spilling_onto_two_pages_is_an_error(tmp_path, fetcher):
    spill = '<p>a</p></div></section><section class="face"><div class="face-bleed"><p>b</p>'
    with pytest.raises(RenderError, match="2 card faces made 3 pages"):
        faces([spill, "<p>c</p>"], tmp_path, fetcher)


def test_a_missing_image_is_an_error_not_a_warning(tmp_path, fetcher):
    with pytest.raises(RenderError) as info:
        faces(['<img src="art/missing.png">'], tmp_path, fetcher)
    assert "missing.png" in info.value.message


def test_a_css_mistake_is_an_error(tmp_path, fetcher):
    with pytest.raises(RenderError, match="colr"):
        faces(["<p>a</p>"], tmp_path, fetcher, css="p { colr: red; }")


def test_a_glyph_no_font_has_is_a_missing_font_error(tmp_path, fetcher):
    with pytest.raises(MissingFontError) as info:
        faces(["<p>\U0010fffd</p>"], tmp_path, fetcher)
    assert "U+10FFFD" in info.value.message and "fonts-noto-cjk" in info.value.hint


def test_no_fragments_is_an_error(tmp_path, fetcher):
    with pytest.raises(RenderError, match="no card faces"):
        faces([], tmp_path, fetcher)


def test_warnings_are_collected_only_inside_the_block():
    logger = logging.getLogger("weasyprint")
    with captured_warnings() as messages:
        logger.warning("Ignored `x: y`")
        logger.warning("Using fontTools instead of HarfBuzz-Subset for font %r.", "X")
        logger.info("just progress")
    logger.warning("after the block")
    assert messages == ["Ignored `x: y`"]


def test_warnings_are_caught_even_when_the_app_silenced_them(tmp_path, fetcher):
    logger = logging.getLogger("weasyprint")
    logger.setLevel(logging.ERROR)
    try:
        with pytest.raises(RenderError, match="colr"):
            faces(["<p>a</p>"], tmp_path, fetcher, css="p { colr: red; }")
        assert logger.level == logging.ERROR
    finally:
        logger.setLevel(logging.NOTSET)


# ---- render_card_faces ------------------------------------------------------------------------

def make_game(tmp_path: Path, cards: dict[str, str], templates: dict[str, str] | None = None):
    root = tmp_path / "cards" / "test-game"
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    for name, text in cards.items():
        (root / name).write_text(text, encoding="utf-8")
    folder = tmp_path / "templates" / "test-game"
    folder.mkdir(parents=True)
    for name, text in {"front.html.j2": FRONT, "back.html.j2": BACK, **(templates or {})}.items():
        (folder / name).write_text(text, encoding="utf-8")
    loaded = load_game(root, TEST_GAME)
    assert not loaded.problems, loaded.problems
    return loaded.game


HEROES = """\
deck: heroes
cards:
  - {id: ann, name: {en: Ann, ja: アン}, text: {en: "Gain :vp:"}}
  - {id: ann-again, name: {en: Ann}, text: {en: "Gain :vp:"}, quantity: 3}
  - {id: bob, name: {en: Bob}}
"""
VILLAINS = """\
deck: villains
cards:
  - {id: cat, name: {en: Cat}}
"""


def test_identical_faces_share_a_page_and_shared_backs_one_page(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES, "villains.yaml": VILLAINS})
    out = render_card_faces(game, "en", tmp_path)
    assert out.front_page["ann"] == out.front_page["ann-again"]
    assert len({out.front_page[c] for c in ("ann", "bob", "cat")}) == 3
    assert out.back_page["heroes"] == out.back_page["villains"]
    pages = pdf_pages(out.pdf)
    assert len(pages) == 4  # ann, bob, cat, one back
    texts = page_texts(out.pdf)
    assert "Bob" in texts[out.front_page["bob"]]
    assert "BACK" in texts[out.back_page["heroes"]]
    for page in pages:
        assert box_size(page.TrimBox) == pytest.approx((mm_to_pt(63), mm_to_pt(88)), abs=0.01)


def test_deck_specific_templates_win(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES, "villains.yaml": VILLAINS},
                     {"back-villains.html.j2": "<p>VILLAIN BACK</p>",
                      "front-villains.html.j2": "<p>villain {{ card.id }}</p>"})
    out = render_card_faces(game, "en", tmp_path)
    assert out.back_page["heroes"] != out.back_page["villains"]
    texts = page_texts(out.pdf)
    assert "VILLAIN BACK" in texts[out.back_page["villains"]]
    assert "villain cat" in texts[out.front_page["cat"]]
    assert len(texts) == 5


def test_card_text_is_escaped_and_never_run_as_a_template(tmp_path):
    cards = """\
deck: heroes
cards:
  - id: evil
    name: {en: "<script>alert(1)</script>"}
    text: {en: "{{ 7 * 7 }} <img src='http://evil.test/x.png'> :vp:"}
"""
    game = make_game(tmp_path, {"heroes.yaml": cards})
    out = render_card_faces(game, "en", tmp_path)
    text = "".join(page_texts(out.pdf)[out.front_page["evil"]].split())  # no line breaks
    assert "<script>alert(1)</script>" in text          # shown as text, so it was escaped
    assert "{{7*7}}" in text and "49" not in text
    assert "<imgsrc='http://evil.test/x.png'>" in text


def test_language_and_fallback(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES})
    out = render_card_faces(game, "ja", tmp_path)
    texts = page_texts(out.pdf)
    assert "アン" in texts[out.front_page["ann"]]
    assert "Bob" in texts[out.front_page["bob"]]  # no ja name: the source language's
    fonts = {str(f.BaseFont) for page in pdf_pages(out.pdf)
             for f in page.Resources.Font.values()}
    assert any("NotoSansCJK" in name.replace("-", "") for name in fonts), fonts


def test_art_outside_the_workspace_names_the_card(tmp_path):
    cards = "deck: heroes\ncards:\n  - {id: thief, name: {en: T}, art: ../../../../etc/passwd}\n"
    game = make_game(tmp_path, {"heroes.yaml": cards})
    with pytest.raises(RenderError) as info:
        render_card_faces(game, "en", tmp_path)
    assert "card thief" in info.value.message and "outside the workspace" in info.value.message
    assert "heroes.yaml:3" in info.value.message


def test_missing_art_names_the_card(tmp_path):
    cards = "deck: heroes\ncards:\n  - {id: ann, name: {en: A}, art: art/ann.png}\n"
    game = make_game(tmp_path, {"heroes.yaml": cards})
    with pytest.raises(RenderError, match="card ann: art file 'art/ann.png' not found"):
        render_card_faces(game, "en", tmp_path)


def test_art_inside_the_workspace_renders(tmp_path):
    cards = "deck: heroes\ncards:\n  - {id: ann, name: {en: A}, art: art/ann.svg}\n"
    game = make_game(tmp_path, {"heroes.yaml": cards})
    (game.root / "art").mkdir()
    (game.root / "art" / "ann.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>')
    assert len(pdf_pages(render_card_faces(game, "en", tmp_path).pdf)) == 2


def test_a_refused_url_in_a_template_is_an_error_naming_url_and_cards(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES},
                     {"front.html.j2": '<img src="https://tracker.test/{{ card.id }}.png">'
                                       '<img src="https://tracker.test/more-{{ card.id }}.png">'})
    with pytest.raises(RenderError) as info:
        render_card_faces(game, "en", tmp_path)
    message = info.value.message
    assert "https://tracker.test/" in message and "card " in message
    assert "more refused URLs" in message


def test_template_errors_surface_as_render_errors(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES},
                     {"front.html.j2": "{{ card.data.nope.deeper }}"})
    with pytest.raises(RenderError, match="front.html.j2:1"):
        render_card_faces(game, "en", tmp_path)


def test_stylesheet_urls_resolve_next_to_the_stylesheet(tmp_path):
    game = make_game(tmp_path, {"heroes.yaml": HEROES},
                     {"style.css": ".test { background: url(paper.svg); }",
                      "paper.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>'})
    out = render_card_faces(game, "en", tmp_path)  # would fail: missing image at cards/test-game/
    assert len(pdf_pages(out.pdf)) == 3
