"""`cardforge stats dice-girls` and the faces' data."""

from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.dice_girls import GAME
from cardforge.games.dice_girls.dg_faces import effect_sentence, face_context
from cardforge.games.dice_girls.dg_stats import table
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[3]


def _game():
    return load_game(REPO / "cards" / "dice-girls", GAME).game


def test_table_has_every_idol_each_attribute_and_the_deck():
    result = table(_game())
    kinds = [row["of"] for row in result.rows]
    assert kinds.count("idol") == 18 and kinds.count("attribute") == 3 and kinds[-1] == "deck"
    deck = result.rows[-1]
    idols = [row for row in result.rows if row["of"] == "idol"]
    assert deck["expected"] == sum(row["expected"] for row in idols) / 18
    assert isinstance(deck["variance"], Fraction)
    assert any("Most dice one player can need: 15 of 15" in note for note in result.notes)


def test_stats_command_prints_the_table_sorted():
    out = CliRunner().invoke(main, ["stats", "-w", str(REPO), "dice-girls", "--sort", "expected",
                                    "--desc"])
    assert out.exit_code == 0, out.output
    lines = [line for line in out.output.splitlines() if line.startswith("idol ")]
    assert "hanazono-yuri" in lines[0] and "9.50" in lines[0]


def test_effect_sentences_in_both_languages():
    game = _game()
    effect = {"kind": "dice-count", "per": "attribute", "attribute": "dance", "plus": 1, "max": 3}
    assert effect_sentence(effect, game, "en") == (
        "Roll 1 die, plus 1 for each Dance idol already in front of you (at most 3 dice).")
    assert effect_sentence(effect, game, "ja") == (
        "ダイスを1個と、あなたの前に出ているダンスのアイドル1人につき1個振る（最大3個）。")
    assert effect_sentence({"kind": "flip-low", "up-to": 1}, game, "en") == (
        "Turn over each of her dice showing 1.")


def test_face_context_for_a_question_idol():
    game = _game()
    card = next(c for c in game.cards() if c.id == "otonashi-suzu")
    ja = face_context(card, game, "ja")
    assert (ja["name"], ja["subname"]) == ("音無すず", "Suzu Otonashi")
    assert ja["dice_icon"]["question"] and ja["dice_icon"]["mark"] == "?"
    assert ja["attribute"]["name"] == "ボーカル" and ja["colour"] == "#e0457b"
    en = face_context(card, game, "en")
    assert (en["name"], en["subname_lang"]) == ("Suzu Otonashi", "ja")
    assert en["effects"][0]["icon"] == "count"


def test_faces_render_in_both_languages_without_warnings():
    from cardforge.render.card_render import render_card_faces

    game = _game()
    for lang in game.languages:
        faces = render_card_faces(game, lang, REPO)   # any WeasyPrint warning would raise
        assert len(faces.front_page) == 18 and set(faces.back_page) == {"idol"}
        assert faces.pdf.startswith(b"%PDF")
