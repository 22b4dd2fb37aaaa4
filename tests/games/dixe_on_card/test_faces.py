"""DiXe on Card faces: template data, and `cardforge build dixe-on-card --product cards` in
French and English with each card's skill printed behind it (duplex)."""

from __future__ import annotations

import pikepdf
import pypdfium2
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.dixe_on_card import GAME
from cardforge.games.dixe_on_card.dx_faces import back_context, custom_dice, face_context
from tests.games.dixe_on_card.conftest import REPO

A4_PT = (595.28, 841.89)


def test_face_context_carries_combinations_save_and_slots(shipped):
    card = next(c for c in shipped.cards() if c.id == "crane-yorick")
    en = face_context(card, shipped, "en")
    assert [[s["id"] for s in c["symbols"]] for c in en["combos"]] == card.data["combinations"]
    assert en["combos"][0]["symbols"][0]["name"] == "Skull"
    assert face_context(card, shipped, "fr")["combos"][0]["symbols"][0]["name"] == "Crâne"
    assert en["save"] == {"when": "each-throw", "when_name": "On each opponent throw",
                          "what_name": "A pair", "slots": [1, 2]}
    assert en["monogram"] == "Y" and en["colour"] == "#8a7b55"
    assert back_context(shipped.decks["crypte"], shipped, "fr")["skill_word"] == "Pouvoir"


def test_dice_hook_gives_six_faces_with_the_character_first(shipped):
    dice = custom_dice(shipped)
    assert len(dice) == 12 and all(len(d.faces) == 6 for d in dice)
    yorick = dice[0]
    assert yorick.faces[0].kind == "character" and yorick.faces[0].mark == "Y"
    assert yorick.faces[0].caption("en") == "Skull Yorick"
    assert [f.icon for f in yorick.faces[1:]] == ["skull", "pirate", "bomb", "eight", "skull"]
    assert GAME.products[:2] == ("cards", "dice")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(main, ["build", "dixe-on-card", "--product", "cards", "--paper",
                                       "a4", "--quiet", "--out", str(out), "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    return out / "dixe-on-card"


@pytest.mark.parametrize("name,lang_word", [("dixe-on-card-cards-fr-a4.pdf", "Pouvoir"),
                                            ("dixe-on-card-cards-en-a4.pdf", "Skill")])
def test_cards_build_in_both_languages_with_a_back_per_card(built, name, lang_word):
    path = built / name
    with pikepdf.open(path) as pdf:
        # 12 square cards fit one sheet, then its back sheet; print.cards.copies (game.yaml)
        # prints both starter sets twice, a set for each of players.max
        assert len(pdf.pages) == 4
        for page in pdf.pages:
            assert [float(v) for v in page.mediabox][2:] == pytest.approx(A4_PT, abs=0.05)
        assert len(pdf.pages[0].Resources.XObject) == 12
        assert len(pdf.pages[1].Resources.XObject) == 12  # twelve different skill sides
    document = pypdfium2.PdfDocument(path)
    back = document[1].get_textpage().get_text_range()
    assert back.count(lang_word.upper()) == 12
