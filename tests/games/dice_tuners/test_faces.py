"""Dice Tuners faces: what face_context / back_context say, and every shipped card rendered."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardforge.games.dice_tuners import GAME
from cardforge.games.dice_tuners.dt_faces import (
    advantage_order,
    back_context,
    face_context,
    text_width,
)
from cardforge.model.paper_units import mm_to_pt
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.game_loading import load_game
from tests.games.dice_tuners.conftest import GAME_DIR, REPO


@pytest.fixture(scope="module")
def game():
    loaded = load_game(GAME_DIR, GAME)
    assert loaded.game is not None and not loaded.problems, loaded.problems
    return loaded.game


def card(game, card_id):
    return next(c for c in game.cards() if c.id == card_id)


def test_hero_context_has_cost_texts_and_overdrive_colours(game):
    ctx = face_context(card(game, "exhaust-oni"), game, "ja")
    assert (ctx["name"], ctx["name_lang"], ctx["subname"]) == ("排気の鬼", "ja", "Exhaust Oni")
    assert ctx["cost"] == 5 and ctx["skill"]["lang"] == "ja"
    assert [d["id"] for d in ctx["overdrive_dice"]] == ["red", "blue"]
    assert [d["name"] for d in ctx["overdrive_dice"]] == ["赤", "青"]
    assert ctx["panel"] == [game.facts["colours"]["red"]["hex"], game.facts["colours"]["blue"]["hex"]]
    assert ctx["words"]["overdrive"] == "オーバードライブ"


def test_strategy_context_takes_its_colour_from_game_yaml(game):
    ctx = face_context(card(game, "quick-draw"), game, "en")
    assert ctx["value"] == 2 and not ctx["bluff"]
    assert ctx["card_colour"] == {"id": "green", "name": "Green",
                                  "hex": game.facts["colours"]["green"]["hex"]}
    assert ctx["colour"] == game.facts["colours"]["green"]["hex"]
    assert ctx["effect"] == {"text": "+2 Strength to your die.", "lang": "en"}


def test_bluff_context_has_no_colour_or_effect(game):
    ctx = face_context(card(game, "bluff"), game, "en")
    assert ctx["bluff"] and ctx["card_colour"] is None and ctx["effect"] is None
    assert ctx["value"] == game.facts["bluff_value"]


def test_a_missing_translation_falls_back_to_the_source_language(game):
    hero = card(game, "spark-plug-kid")
    saved = hero.data["skill"]
    hero.data["skill"] = {**saved, "text": {"en": saved["text"]["en"]}}
    try:
        assert face_context(hero, game, "ja")["skill"] == {"text": saved["text"]["en"], "lang": "en"}
    finally:
        hero.data["skill"] = saved


def test_back_context_draws_the_triangle_in_advantage_order(game):
    ctx = back_context(game.decks["hero"], game, "en")
    assert ctx["triangle"] == ["green", "blue", "red"]
    assert (ctx["title"], ctx["subtitle"], ctx["deck_name"], ctx["deck_subname"]) == (
        "Dice Tuners", "ダイスチューナーズ", "Hero", "ヒーロー")
    assert advantage_order(game) == ["green", "blue", "red"]


def test_advantage_order_falls_back_when_the_triangle_is_broken(game):
    saved = game.facts["advantage"]
    game.facts["advantage"] = {"green": "red", "red": "green", "blue": "blue"}
    try:
        assert advantage_order(game) == ["green", "blue", "red"]
        game.facts["advantage"] = {"green": "red", "red": "blue", "blue": "green"}
        assert advantage_order(game) == ["green", "red", "blue"]
    finally:
        game.facts["advantage"] = saved


def test_helpers():
    assert text_width("ab") == 2 and text_width("排気") == pytest.approx(3.6)


# ---- every shipped card, rendered ---------------------------------------------------------------

@pytest.fixture(scope="module", params=["en", "ja"])
def rendered(request, game):
    return request.param, render_card_faces(game, request.param, REPO)


def test_every_card_and_back_renders_once(rendered, game):
    _, out = rendered
    pdf = pikepdf.open(io.BytesIO(out.pdf))
    cards = list(game.cards())
    assert set(out.front_page) == {c.id for c in cards}
    assert set(out.back_page) == set(game.decks)
    assert len(pdf.pages) == len(cards) + len(game.decks)
    width, height = game.card_geometry().trim
    for page in pdf.pages:
        x0, y0, x1, y1 = (float(v) for v in page.TrimBox)
        assert (x1 - x0, y1 - y0) == pytest.approx((mm_to_pt(width), mm_to_pt(height)), abs=0.01)


def test_faces_show_names_values_and_texts(rendered, game):
    lang, out = rendered
    doc = pdfium.PdfDocument(out.pdf)
    other = "ja" if lang == "en" else "en"

    def text(page: int) -> str:
        return "".join(doc[page].get_textpage().get_text_range().split())

    for c in game.cards():
        shown = text(out.front_page[c.id])
        assert "".join(c.data["name"][lang].split()) in shown, c.id
        if other in c.data["name"]:
            assert "".join(c.data["name"][other].split()) in shown, c.id
        number = c.data.get("cost", c.data.get("value"))
        assert number is not None or c.deck == "first-player", c.id  # the play aid has no number
        assert str(number if number is not None else 1) in shown, c.id
    quick = text(out.front_page["quick-draw"])
    assert ("Strengthtoyourdie" if lang == "en" else "あなたのダイスの強さ+2") in quick


def test_japanese_is_set_in_a_japanese_font(rendered, game):
    lang, out = rendered
    pdf = pikepdf.open(io.BytesIO(out.pdf))
    page = pdf.pages[out.front_page["exhaust-oni"]]
    fonts = {str(font.BaseFont) for font in page.Resources.Font.values()}
    assert any("Noto-Sans-CJK-JP" in name for name in fonts), (lang, fonts)
