"""game.yaml ``layout:`` faces: each box where its mm say, read back from the face PDF
(within 0.1 mm of the trim's top-left corner), its field's text printed in it, the back
drawn from ``layout: back:``."""

from __future__ import annotations

import ctypes

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

from cardforge.render.card_render import render_card_faces
from cardforge.render.face_sources import deck_templates
from tests.render.layout_game import layout_workspace, load

MM_PER_PT = 25.4 / 72


def _filled_rects(path) -> dict[tuple[int, int, int], tuple[float, float, float, float]]:
    """Fill colour → (x, y, width, height) in mm from the trim's top-left corner, of each
    filled path on the face PDF ``path`` (the first of a colour)."""
    document = pypdfium2.PdfDocument(path)
    page = document[0]
    left, _, _, top = page.get_trimbox()
    found: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}
    for obj in page.get_objects(max_depth=5):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        pdfium_c.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
        x0, y0, x1, y1 = obj.get_bounds()
        found.setdefault((r.value, g.value, b.value), ((x0 - left) * MM_PER_PT, (top - y1) * MM_PER_PT,
                                                      (x1 - x0) * MM_PER_PT, (y1 - y0) * MM_PER_PT))
    document.close()
    return found


def _text(path) -> str:
    document = pypdfium2.PdfDocument(path)
    text = document[0].get_textpage().get_text_range()
    document.close()
    return text


@pytest.fixture(scope="module")
def faces(tmp_path_factory):
    root = tmp_path_factory.mktemp("layout")
    layout_workspace(root)
    game = load(root).clean_game("the layout game")
    return render_card_faces(game, "en", root)


def test_boxes_stand_where_their_mm_say(faces):
    rects = _filled_rects(faces.files[faces.front_page["cursed-crown"]])
    expected = {(204, 34, 0): (0, 0, 63, 20),        # panel: x/y/width/height
                (0, 68, 204): (48, 70, 10, 12)}      # badge: right 5, bottom 6 on a 63 × 88 card
    for colour, box in expected.items():
        assert rects[colour] == pytest.approx(box, abs=0.1), colour


def test_a_field_box_prints_the_card_field(faces):
    text = _text(faces.files[faces.front_page["cursed-crown"]])
    assert "Cursed Crown" in text and "curse a rival" in text and "3" in text


def test_the_back_is_drawn_from_layout_back(faces):
    back = faces.files[faces.back_page["wares"]]
    assert "Wares" in _text(back)
    x, y, width, height = _filled_rects(back)[(0, 170, 68)]  # fill: the safe area, 4 mm in
    assert (x, y, width, height) == pytest.approx((4, 4, 55, 80), abs=0.1)


def test_layout_comes_before_the_deck_templates_but_after_a_named_one(tmp_path):
    layout_workspace(tmp_path)
    game = load(tmp_path).clean_game("the layout game")
    deck = game.decks["wares"]
    assert deck_templates(deck, "front", game.info)[:2] == ["layout-front.html.j2", "front-wares.html.j2"]
    assert deck_templates(deck, "back", game.info)[0] == "layout-back.html.j2"
    assert deck_templates(deck, "front")[0] == "front-wares.html.j2"
