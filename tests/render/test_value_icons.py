"""Icons with a value: ``:coin{7}:`` draws the one coin icon with 7 on it (the number read
back from the PDF, inside the coin's drawing); CF009 checks the icon and the value."""

from __future__ import annotations

import pypdfium2

from cardforge.render.card_render import render_card_faces
from cardforge.render.templating.icons import IconSet, Token, find_tokens, render_text
from tests.render.layout_game import layout_workspace, lint, load


def test_a_token_may_carry_a_value():
    assert find_tokens("Gain :coin{2}: and :vp:") == [Token(5, "coin", "2"), Token(19, "vp")]
    assert find_tokens("Gain :coin{2}:")[0].end == len("Gain :coin{2}:")
    html = render_text("Gain :coin{2}:", IconSet())
    assert '<span class="icon-number">2</span>' in html and "icon-coin" in html
    assert "unknown-token" in render_text(":coin{<b>}:", IconSet())
    assert "&lt;b&gt;" in render_text(":coin{<b>}:", IconSet())


def test_the_number_is_drawn_on_the_coin(tmp_path):
    layout_workspace(tmp_path, cards="value_icon_cards.yaml")
    game = load(tmp_path).clean_game("the value-icon game")
    faces = render_card_faces(game, "en", tmp_path)
    document = pypdfium2.PdfDocument(faces.files[faces.front_page["coin-purse"]])
    page = document[0]
    textpage = page.get_textpage()
    text = textpage.get_text_range()
    left, bottom, right, top = textpage.get_charbox(text.index("7"))
    scale = 8
    image = page.render(scale=scale).to_pil().convert("RGB")
    box_left, _, _, box_top = page.get_mediabox()
    document.close()
    assert "Gain" in text and "now." in text and ":coin" not in text
    middle = (bottom + top) / 2
    around = [(left - 0.6, middle), (right + 0.6, middle), ((left + right) / 2, top + 0.6),
              ((left + right) / 2, bottom - 0.6)]  # pt, just outside the digit's box
    for x, y in around:
        pixel = image.getpixel((round((x - box_left) * scale), round((box_top - y) * scale)))
        assert pixel[0] > 180 and pixel[1] > 130 and pixel[2] < 60, (x, y, pixel)  # the coin's gold


def test_cf009_checks_the_icon_and_the_value(tmp_path):
    layout_workspace(tmp_path, cards="fail_icon_values.yaml")
    found = [(p.line, p.col, p.message) for p in lint(tmp_path) if p.code == "CF009"]
    assert found == [
        (6, 22, "icon value '1234' in :coin{1234}: in text (en) cannot be drawn on the icon"),
        (6, 38, "unknown icon :coyn: in text (en)")]
