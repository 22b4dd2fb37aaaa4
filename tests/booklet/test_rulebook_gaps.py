"""The gaps issue 39 found between the sample games and their rulebooks, each closed and
read back from what is printed (booklet and sheet PDFs, card and board PDFs) or from the
card data: DiXe's special cases, the dice Comic Creator's players bring, the Dice Tuners
First Player card and its duel rules, the Writers' Battle tracker and faction rule, the
"Our reading" notes, and a quick-reference sheet that says where it continues."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from cardforge.model.game_packs import discover
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.products.rulesheet_product import build_rulesheet
from cardforge.workspace.game_loading import load_game
from tests.booklet.test_rules_product import page_texts

REPO = Path(__file__).resolve().parents[2]
SPECS = discover()


def flat(texts: list[str]) -> str:
    """The pages' text with every run of whitespace one space (lines rewrapped)."""
    return " ".join(" ".join(texts).replace("\u00ad", "").replace("\ufffe", "").split())


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@cache
def game(game_id: str):
    return load_game(REPO / "cards" / game_id, SPECS[game_id]).game


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("gaps")


@cache
def _booklet(game_id: str, lang: str, out: Path) -> str:
    [path] = build_rules(game(game_id), lang, BuildOptions(root=REPO, out=out))
    return flat(page_texts(path))


@pytest.mark.parametrize(("lang", "phrase"), [
    ("en", "your turn ends, but the card is not turned back to its starting position"),
    ("fr", "votre tour s'arrête, mais la carte n'est pas remise dans son sens de départ"),
])
def test_dixe_a_failed_throw_after_a_completed_combination_keeps_the_card(out, lang, phrase):
    text = _booklet("dixe-on-card", lang, out)
    assert phrase in text
    # and the general failed-throw rule points at the exception instead of contradicting it
    assert {"en": "unless you have just completed a combination",
            "fr": "sauf si vous venez de terminer une combinaison"}[lang] in text


@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ["A character's skill", "Saved symbols", "Mister Badger", "Hanuman and Audrey Junior",
            "place another one on your next turn", "taken back at any time during an opponent's turn"]),
    ("fr", ["Pouvoir d'un personnage", "Symboles sauvegardés", "Mr Blaireau", "Hanuman et Audrey Junior",
            "en placer un autre à votre tour suivant", "pendant le tour d'un adversaire"]),
])
def test_dixe_skills_saved_symbols_and_special_cases_are_in_the_booklet(out, lang, phrases):
    text = _booklet("dixe-on-card", lang, out)
    assert [p for p in phrases if p not in text] == []


def test_audrey_junior_is_no_second_joker_in_expert_mode():
    """Details and special cases: in expert mode Hanuman's and Audrey Junior's character is
    no joker in a combination that already had one this turn; her skill says so."""
    cards = yaml.safe_load((REPO / "cards/dixe-on-card/crypte.yaml").read_text(encoding="utf-8"))
    [audrey] = [c for c in cards["cards"] if c["id"] == "audrey-junior"]
    assert "already placed a joker" in audrey["text"]["en"]
    assert "even in the expert modes" not in audrey["text"]["en"]


@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ["To bring (not printed)", "Dice are not printed: bring plain six-sided dice",
            "A cost of two pairs may be paid with four dice of one value",
            "the sum of the values stays the same",
            "A Skill card you take works from the next Action Phase on",
            "the set of the higher value wins"]),
    ("ja", ["用意するもの（印刷しません）", "ダイスは印刷しません", "同じ目四個でも払えます",
            "目の合計は変わりません", "次のアクションフェーズから使えます", "目の大きい組の人が勝ちます"]),
])
def test_comic_creator_says_which_dice_to_bring_and_the_missing_rules(out, lang, phrases):
    text = _booklet("comic-creator", lang, out)
    squeezed_text = squeezed(text)
    assert [p for p in phrases if squeezed(p) not in squeezed_text] == []
    # the brought dice come after the printed components, under their own title
    printed = {"en": "Printed", "ja": "印刷するもの"}[lang]
    assert squeezed_text.index(squeezed(printed)) < squeezed_text.index(squeezed(phrases[0]))


@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ["1 × First Player card", "The first duel is between the first player's left die",
            "With three players every duel is fought at once",
            "the player with more cards in hand chooses first"]),
    ("ja", ["スタートプレイヤーカード", "最初の決闘は、スタートプレイヤーの左のダイス",
            "3人のときは、すべての決闘を同時に行います", "VPが同じなら手札の多い人から"]),
])
def test_dice_tuners_duel_order_three_players_and_recruitment_ties(out, lang, phrases):
    text = squeezed(_booklet("dice-tuners", lang, out))
    assert [p for p in phrases if squeezed(p) not in text] == []


def test_the_dice_tuners_first_player_card_is_on_a_card_sheet(tmp_path):
    from cardforge.products.cards_product import build_cards
    dice_tuners = game("dice-tuners")
    assert dice_tuners.decks["first-player"].size == 1
    paths = build_cards(dice_tuners, "en", BuildOptions(root=REPO, out=tmp_path, papers=("a4",)))
    text = flat([t for path in paths if path.suffix == ".pdf" for t in page_texts(path)])
    assert "First Player" in text
    assert "pass this card to the player on your left" in text


@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ["Each writer takes all the characters, gimmicks and foreshadows of one faction",
            "1 × Tracker board", "each writer brings 3", "You may look at your own foreshadows",
            "Being pushed back is not a move", "counts as standing on the target's square",
            "cards discarded in the down phase give no pages", "rock-paper-scissors"]),
    ("ja", ["どちらか一つの陣営", "記録シート", "自分のフォアシャドウは",
            "押し出しはどちらのキャラクターの移動にも数えません",
            "ダウンフェーズで手札を捨ててもページは得られません", "じゃんけんかダイスで勝者を決めます"]),
])
def test_writers_battle_factions_tracker_and_movement_limits(out, lang, phrases):
    text = squeezed(_booklet("writers-battle", lang, out))
    assert [p for p in phrases if squeezed(p) not in text] == []


def test_the_writers_battle_tracker_is_printed_with_every_track(tmp_path):
    from cardforge.products.board_product import build_board
    writers = game("writers-battle")
    paths = build_board(writers, "en", BuildOptions(root=REPO, out=tmp_path, papers=("a4",)))
    [tracker] = [p for p in paths if "tracker" in p.name]
    text = flat(page_texts(tracker))
    facts = writers.facts
    for name in ("Pages", "Survival", "Ending points"):
        assert name in text
    cells = text.split()
    for top in (facts["pages"]["max"], facts["tracker"]["survival_cells"], facts["ending_points"]["goal"]):
        assert str(top) in cells


@pytest.mark.parametrize(("game_id", "lang", "phrase"), [
    ("comic-creator", "en", "We read it as reaching 15 VP"),
    ("comic-creator", "ja", "私たちは15VPに達すれば十分と読みます"),
    ("writers-battle", "en", "We take 6"),
    ("writers-battle", "ja", "私たちは6枚とします"),
    ("writers-battle", "en", "We take 8, the price in the conversion steps"),
    ("writers-battle", "en", "We read it as the Y shape upside down"),
    ("dice-tuners", "en", "we print the game for two to four"),
    ("dice-tuners", "ja", "5人ではドラフトができません"),
    ("dixe-on-card", "fr", "Nous jouons de deux à quatre"),
])
def test_our_reading_notes_are_printed_in_each_language(out, game_id, lang, phrase):
    text = squeezed(_booklet(game_id, lang, out))
    title = {"en": "Our reading", "fr": "Notre lecture", "ja": "私たちの解釈"}[lang]
    assert squeezed(title) in text
    assert squeezed(phrase) in text


@pytest.mark.parametrize(("game_id", "lang"), [(g, lang) for g in sorted(SPECS)
                                               for lang in game(g).languages])
def test_the_quick_reference_is_one_page_or_says_where_it_continues(tmp_path, game_id, lang):
    [path] = build_rulesheet(game(game_id), lang, BuildOptions(root=REPO, out=tmp_path))
    texts = page_texts(path)
    assert 1 <= len(texts) <= 2
    for number, text in enumerate(texts, start=1):
        assert f"{number} / {len(texts)}" in " ".join(text.split())
