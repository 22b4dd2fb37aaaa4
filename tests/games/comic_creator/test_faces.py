"""Comic Creator faces: what face_context / back_context say, and every shipped card rendered."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardforge.dice.cost import cost_from_structured, parse_cost
from cardforge.errors import RenderError
from cardforge.games.comic_creator import GAME
from cardforge.games.comic_creator.cc_faces import (
    MAX_DIE_MM,
    ROW_WIDTH_MM,
    ability_chip,
    back_context,
    cost_rows,
    face_context,
    name_size,
)
from cardforge.loading.yaml_source import loads
from cardforge.model.game_model import Card
from cardforge.model.paper_units import mm_to_pt
from cardforge.render.card_render import render_card_faces
from cardforge.render.templating import face_kit
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[3]
GAME_DIR = REPO / "cards" / "comic-creator"


@pytest.fixture(scope="module")
def game():
    loaded = load_game(GAME_DIR, GAME)
    assert loaded.game is not None and not loaded.problems, loaded.problems
    return loaded.game


def card_from(yaml_text: str, game) -> Card:
    """A Card built from a one-card YAML file text, in ``game``'s deck named by the file."""
    doc = loads(yaml_text, Path("cards/comic-creator/test.yaml"))
    return Card(id=doc.data["cards"][0]["id"], deck=doc.data["deck"], data=doc.data["cards"][0],
                doc=doc, pointer=("cards", 0))


def dice_of(row):
    return [(d["value"], d["colour"], d["mark"]) for line in row["lines"] for d in line]


# ---- costs ------------------------------------------------------------------------------------

def test_n_of_a_kind_groups_are_blank_dice_marked_by_letter_and_joined_by_equals():
    rows = cost_rows(parse_cost("X=X=X Y=Y"), "en")
    assert [r["joiner"] for r in rows] == ["=", "="]
    assert sorted(len(dice_of(r)) for r in rows) == [2, 3]
    assert {d[2] for d in dice_of(rows[0])} == {"X"} and {d[2] for d in dice_of(rows[1])} == {"Y"}
    assert all(d[0] is None and d[1] == "white" for r in rows for d in dice_of(r))


def test_ten_of_a_kind_wraps_into_two_lines_of_five():
    (row,) = cost_rows(parse_cost("KIND10"), "en")
    assert [len(line) for line in row["lines"]] == [5, 5]


def test_run_shows_consecutive_dice_and_its_length():
    (row,) = cost_rows(parse_cost("RUN4"), "en")
    assert [d[0] for d in dice_of(row)] == [1, 2, 3, 4]
    assert row["joiner"] == "" and row["label"] == "4 in a row"
    assert cost_rows(parse_cost("RUN4"), "ja")[0]["label"] == "4連番"


def test_parity_shows_even_or_odd_faces():
    assert [d[0] for d in dice_of(cost_rows(parse_cost("EVEN3"), "en")[0])] == [2, 4, 6]
    odd = cost_rows(parse_cost("ODD3"), "en")[0]
    assert [d[0] for d in dice_of(odd)] == [1, 3, 5] and odd["label"] == "all odd"


def test_sum_is_a_total_with_a_plus():
    (row,) = cost_rows(parse_cost("12+"), "en")
    assert row["total"] == "12+" and row["lines"] == []


def test_green_die_cost_is_a_green_die():
    (row,) = cost_rows(parse_cost("green"), "en")
    assert dice_of(row) == [(None, "green", None)]


def test_structured_costs_draw_like_notation():
    structured = cost_from_structured([{"kind": "run", "length": 3}, {"kind": "run", "length": 3}])
    assert cost_rows(structured, "en") == cost_rows(parse_cost("RUN3 RUN3"), "en")


@pytest.mark.parametrize("notation", ["X=X", "X=X=X=X=X=X", "KIND10", "RUN6", "EVEN3", "12+"])
def test_dice_are_sized_to_fit_the_row(notation):
    for row in cost_rows(parse_cost(notation), "en"):
        longest = max((len(line) for line in row["lines"]), default=1)
        joiners = (longest - 1) * (0.8 if row["joiner"] else 0.12)
        assert 0 < row["die_mm"] <= MAX_DIE_MM
        assert row["die_mm"] * (longest + joiners) <= ROW_WIDTH_MM + 0.05


def test_an_unreadable_cost_names_the_card_and_line(game):
    card = card_from("deck: skill\ncards:\n  - id: bad\n    name: {en: B}\n    cost: run4\n"
                     "    abilities: [{kind: flip}]\n", game)
    with pytest.raises(RenderError) as info:
        face_context(card, game, "en")
    assert "test.yaml:5" in info.value.message and "card bad" in info.value.message


# ---- abilities --------------------------------------------------------------------------------

@pytest.mark.parametrize("ability, value, caption", [
    ({"kind": "gain-white", "count": 2}, "×2", "Gain 2 white"),
    ({"kind": "roll-yellow", "count": 1}, "×1", "Roll 1 yellow"),
    ({"kind": "adjust", "amount": -2}, "\u22122", "\u22122 to one die"),
    ({"kind": "adjust", "amount": 3}, "+3", "+3 to one die"),
    ({"kind": "reroll", "count": 2}, "×2", "Reroll 2"),
    ({"kind": "redistribute", "pips": 3}, "3", "Move 3 pips"),
    ({"kind": "flip"}, None, "Flip one die"),
    ({"kind": "set-any"}, None, "Set any value"),
    ({"kind": "take-used"}, None, "Take used dice"),
])
def test_ability_chip_numbers_and_captions(ability, value, caption):
    chip = ability_chip(ability, "en")
    assert chip["value"] == value and chip["caption"] == caption


def test_gain_red_shows_a_red_die_preset_to_its_value():
    parts = ability_chip({"kind": "gain-red", "value": 5}, "en")["parts"]
    assert {"die": {"value": 5, "colour": "red", "mark": None}} in parts


def test_copy_draws_one_arrow_and_as_many_target_dice_as_targets():
    for targets in (1, 2):
        parts = ability_chip({"kind": "copy", "targets": targets}, "en")["parts"]
        assert parts.index({"sym": "→"}) == 1 and len(parts) == 2 + targets


def test_flip_shows_opposite_faces():
    parts = ability_chip({"kind": "flip"}, "en")["parts"]
    assert [p.get("die", {}).get("value") for p in parts] == [1, None, 6]


def test_captions_are_translated():
    assert ability_chip({"kind": "reroll", "count": 2}, "ja")["caption"] == "2個振り直す"
    assert ability_chip({"kind": "reroll", "count": 2}, "fr")["caption"] == "Reroll 2"


# ---- names, marks, colours, backs -------------------------------------------------------------

def test_names_put_the_faces_language_first(game):
    card = next(c for c in game.cards() if c.id == "anime-series-announced")
    en, ja = face_context(card, game, "en"), face_context(card, game, "ja")
    assert (en["name"], en["subname"]) == (card.data["name"]["en"], card.data["name"]["ja"])
    assert (ja["name"], ja["subname"]) == (card.data["name"]["ja"], card.data["name"]["en"])
    assert (en["name_lang"], en["subname_lang"]) == ("en", "ja")
    assert en["vp"] == card.data["vp"]


def test_marks_and_deck_colour_come_from_game_yaml(game):
    card = next(c for c in game.cards() if "experts-only" in c.marks)
    ctx = face_context(card, game, "en")
    assert {"id": "experts-only", "label": "Experts Only"} in ctx["marks"]
    assert ctx["colour"] == game.decks[card.deck].spec["colour"]
    assert ctx["tint"] == face_kit.mix(ctx["colour"], "#ffffff", 0.78)


def test_back_context_names_deck_and_game(game):
    ctx = back_context(game.decks["skill"], game, "ja")
    assert ctx["deck_name"] == "スキル" and ctx["deck_subname"] == "Skill"
    assert ctx["title"] == "コミッククリエイター" and ctx["subtitle"] == "Comic Creator"


def test_name_size_shrinks_to_fit_and_lets_latin_wrap():
    assert name_size("Speed Lines", 40) == 9.5
    assert name_size("初めてのファンレター", 40) == 9.5       # 10 em at 9.5 pt ≈ 33.5 mm
    assert name_size("初めてのファンレター", 27) == 7.5       # one line, set smaller
    assert name_size("Guest Story in an Anthology", 30) == 9.5  # wraps onto two lines
    assert name_size("Guest Story in an Anthology", 20) == 7.0
    assert name_size("自分のプロダクション設立を記念する大パーティー", 20) == 7.0


def test_names_get_smaller_where_the_header_is_crowded(game):
    cards = {c.id: c for c in game.cards()}
    crowded = face_context(cards["first-fan-letter"], game, "ja")    # mark + VP badge
    roomy = face_context(cards["speed-lines"], game, "ja")
    assert crowded["name_pt"] < roomy["name_pt"] == 9.5


# ---- every shipped card, rendered ---------------------------------------------------------------

@pytest.fixture(scope="module", params=["en", "ja"])
def rendered(request, game):
    return request.param, render_card_faces(game, request.param, REPO)


def test_every_card_and_back_renders_once(rendered, game):
    lang, out = rendered
    pdf = pikepdf.open(io.BytesIO(out.pdf))
    cards = list(game.cards())
    assert set(out.front_page) == {c.id for c in cards}
    assert set(out.back_page) == set(game.decks)
    distinct = set(out.front_page.values()) | set(out.back_page.values())
    assert len(pdf.pages) == len(distinct) == len(cards) + len(game.decks)
    for page in pdf.pages:
        x0, y0, x1, y1 = (float(v) for v in page.TrimBox)
        assert (x1 - x0, y1 - y0) == pytest.approx((mm_to_pt(63), mm_to_pt(88)), abs=0.01)


def test_each_face_shows_its_name_in_both_languages(rendered, game):
    lang, out = rendered
    doc = pdfium.PdfDocument(out.pdf)
    other = "ja" if lang == "en" else "en"
    for card in game.cards():
        text = "".join(doc[out.front_page[card.id]].get_textpage().get_text_range().split())
        assert "".join(card.data["name"][lang].split()) in text, card.id
        assert "".join(card.data["name"][other].split()) in text, card.id


def test_japanese_is_set_in_a_japanese_font(rendered):
    _, out = rendered
    pdf = pikepdf.open(io.BytesIO(out.pdf))
    fonts = {str(font.BaseFont) for page in pdf.pages[:3] for font in page.Resources.Font.values()}
    assert any("Noto-Sans-CJK-JP" in name for name in fonts), fonts
