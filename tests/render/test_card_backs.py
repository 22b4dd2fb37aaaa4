"""Per-card backs: a deck with ``back: card`` in game.yaml renders its back template once per
card, with the card in context, and each card is imposed over its own back; other decks
keep one shared back."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pypdfium2

from cardforge.render.card_render import render_card_faces
from cardforge.render.card_sheets import card_sheets, card_slots
from cardforge.render.impose.duplex_sheets import Slot
from cardforge.workspace.game_loading import load_game
from tests.conftest import GENERIC

GAME = """id: generic
name: {en: Generic}
languages: [en]
players: {min: 1, max: 2}
card: {width: 40, height: 40, bleed: 2, safe: 3}
decks:
  own: {name: {en: Own}, back: card}
  shared: {name: {en: Shared}}
"""
OWN = "deck: own\ncards:\n  - {id: a1, name: {en: A1}}\n  - {id: a2, name: {en: A2}, quantity: 2}\n"
SHARED = "deck: shared\ncards:\n  - {id: b1, name: {en: B1}}\n  - {id: b2, name: {en: B2}}\n"
FRONT = "<p>front {{ card.id }}</p>"
BACK = "<p>back {% if card is defined %}of card {{ card.id }}{% else %}of deck {{ deck.id }}{% endif %}</p>"


def _game(tmp_path):
    root = tmp_path / "cards" / "generic"
    root.mkdir(parents=True)
    for name, text in {"game.yaml": GAME, "own.yaml": OWN, "shared.yaml": SHARED}.items():
        (root / name).write_text(text, encoding="utf-8")
    templates = tmp_path / "templates" / "generic"
    templates.mkdir(parents=True)
    (templates / "front.html.j2").write_text(FRONT, encoding="utf-8")
    (templates / "back.html.j2").write_text(BACK, encoding="utf-8")
    loaded = load_game(root, GENERIC)
    assert loaded.problems == [], loaded.problems
    return loaded.game


def _texts(pdf: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    return [document[i].get_textpage().get_text_range().strip() for i in range(len(document))]


def test_each_card_of_a_per_card_deck_gets_its_own_back(tmp_path):
    game = _game(tmp_path)
    faces = render_card_faces(game, "en", tmp_path)
    texts = _texts(faces.pdf)
    assert set(faces.card_back_page) == {"a1", "a2"} and set(faces.back_page) == {"shared"}
    assert texts[faces.card_back_page["a1"]] == "back of card a1"
    assert texts[faces.card_back_page["a2"]] == "back of card a2"
    assert texts[faces.back_page["shared"]] == "back of deck shared"
    front, back = faces.front_page, faces.card_back_page
    assert card_slots(game, faces) == [
        Slot(front["a1"], back["a1"]), Slot(front["a2"], back["a2"]), Slot(front["a2"], back["a2"]),
        Slot(front["b1"], faces.back_page["shared"]), Slot(front["b2"], faces.back_page["shared"])]
    assert all(slot.back is None for slot in card_slots(game, faces, backs=False))


def test_per_card_backs_are_imposed_behind_their_fronts(tmp_path):
    game = _game(tmp_path)
    faces = render_card_faces(game, "en", tmp_path)
    sheets = card_sheets(game, faces, "a4", "long")
    out = BytesIO()
    sheets.save(out)
    texts = _texts(out.getvalue())
    assert len(texts) == 2  # 5 cards fit one sheet: fronts, then backs
    assert "front a1" in texts[0] and "back of card a2" in texts[1]
    with pikepdf.open(BytesIO(out.getvalue())) as pdf:
        assert len(pdf.pages[1].Resources.XObject) == 3  # a1, a2 and the shared back, once each
