"""`cardforge build GAME --product rules --lang LANG`: an A5 booklet per game and language."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from cardforge.i18n.game_catalogs import po_path, read_catalog
from cardforge.model.game_packs import discover
from cardforge.model.paper_units import mm_to_pt
from cardforge.model.print_copies import copies
from cardforge.products.product_builder import ProductSkipped
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.products.rulesheet_product import build_rulesheet
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]
A5_PT = (round(mm_to_pt(148), 1), round(mm_to_pt(210), 1))
GAMES = {g: load_game(REPO / "cards" / g, spec).game for g, spec in sorted(discover().items())}
JOBS = [(g, lang) for g, game in GAMES.items() for lang in game.languages]
"""Every game in every language: the source one, and the others through shipped catalogs."""
OTHER = [(g, lang) for g, lang in JOBS if lang != GAMES[g].info["source_language"]]
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def page_texts(path: Path) -> list[str]:
    document = pypdfium2.PdfDocument(path)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("rules")


@pytest.mark.parametrize(("game_id", "lang"), JOBS)
def test_booklet_builds_in_a5_with_cover_contents_and_counts(out, game_id, lang):
    game = load_game(REPO / "cards" / game_id, discover()[game_id]).game
    [path] = build_rules(game, lang, BuildOptions(root=REPO, out=out))
    assert path == out / game_id / f"{game_id}-rules-{lang}.pdf"
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) >= 4
        for page in pdf.pages:
            box = [float(v) for v in page.mediabox]
            assert (round(box[2] - box[0], 1), round(box[3] - box[1], 1)) == A5_PT
    texts = page_texts(path)
    name = game.info["name"][lang]
    assert name in texts[0]                        # the cover
    assert all(name in t for t in texts[2:])       # the running header
    assert str(len(texts)) in texts[-1]            # a page number at the foot
    whole = "\n".join(texts)
    assert "{" not in whole                        # every placeholder filled
    for deck in game.decks.values():               # counts computed from the cards
        printed = deck.size * copies(game, "cards")  # print.cards.copies (game.yaml)
        assert f"{printed} ×" in whole or f"{printed}\u00a0×" in whole


@pytest.mark.parametrize(("game_id", "lang"), OTHER)
def test_a_translated_booklet_prints_every_heading_of_its_catalog(out, game_id, lang):
    path = out / game_id / f"{game_id}-rules-{lang}.pdf"
    if not path.exists():
        build_rules(GAMES[game_id], lang, BuildOptions(root=REPO, out=out))
    whole = " ".join(" ".join(page_texts(path)).split())
    catalog = read_catalog(po_path(GAMES[game_id].root, lang, "rules"), lang)
    headings = [m for m in catalog if m.id and "heading" in m.auto_comments]
    assert headings and all(" ".join(m.string.split()) in whole for m in headings)
    if lang != "ja":   # nothing left in the Japanese source
        assert not CJK.search(whole)


def test_a_language_without_a_catalog_is_skipped_with_a_reason(tmp_path):
    shutil.copytree(REPO / "cards" / "dice-girls", tmp_path / "dice-girls",
                    ignore=shutil.ignore_patterns("locale"))
    game = load_game(tmp_path / "dice-girls", discover()["dice-girls"]).game
    with pytest.raises(ProductSkipped, match="no en rules yet"):
        build_rules(game, "en", BuildOptions(root=tmp_path, out=tmp_path / "out"))
    assert not (tmp_path / "out").exists()


def test_the_contents_give_the_page_each_chapter_starts_on(out):
    game = load_game(REPO / "cards" / "dice-tuners", discover()["dice-tuners"]).game
    [path] = build_rules(game, "en", BuildOptions(root=REPO, out=out))
    texts = page_texts(path)
    toc = texts[1].splitlines()
    line = next(t for t in toc if t.startswith("End of the game"))
    page = int(line.rstrip().split(".")[-1])
    assert "End of the game" in texts[page - 1].split("\n", 3)[-1]


def test_saddle_imposition_from_the_command_line(tmp_path):
    from click.testing import CliRunner

    from cardforge.cli import main

    result = CliRunner().invoke(main, ["build", "dixe-on-card", "--product", "rules", "--lang", "fr",
                                       "--imposition", "saddle", "--quiet", "--out", str(tmp_path),
                                       "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "dixe-on-card"
    with pikepdf.open(folder / "dixe-on-card-rules-fr.pdf") as booklet:
        pages = len(booklet.pages)
    for paper in ("a4", "letter"):
        with pikepdf.open(folder / f"dixe-on-card-rules-fr-saddle-{paper}.pdf") as sheets:
            assert len(sheets.pages) == -(-pages // 4) * 2  # two sides a sheet, four pages a sheet


A4_PT = (round(mm_to_pt(210), 1), round(mm_to_pt(297), 1))


@pytest.mark.parametrize(("game_id", "lang"), [(g, GAMES[g].languages[-1]) for g in GAMES])
def test_rulesheet_is_one_or_two_a4_pages_with_the_component_list(out, game_id, lang):
    game = GAMES[game_id]
    [path] = build_rulesheet(game, lang, BuildOptions(root=REPO, out=out))
    assert path == out / game_id / f"{game_id}-rulesheet-{lang}.pdf"
    with pikepdf.open(path) as pdf:
        assert 1 <= len(pdf.pages) <= 2
        for page in pdf.pages:
            box = [float(v) for v in page.mediabox]
            assert (round(box[2] - box[0], 1), round(box[3] - box[1], 1)) == A4_PT
    whole = " ".join(" ".join(page_texts(path)).split())
    assert game.info["name"][lang] in whole and "{" not in whole
    for deck in game.decks.values():               # the component list, counted
        printed = deck.size * copies(game, "cards")  # print.cards.copies (game.yaml)
        assert f"{printed} ×" in whole or f"{printed}\u00a0×" in whole
