"""`cardforge build GAME --product rules --lang LANG`: an A5 booklet per game and language."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from cardforge.games.spec import discover
from cardforge.products import BuildOptions, ProductSkipped, build_rules
from cardforge.render.geometry import mm_to_pt
from cardforge.workspace import load_game

REPO = Path(__file__).resolve().parents[2]
A5_PT = (round(mm_to_pt(148), 1), round(mm_to_pt(210), 1))
GAMES = {g: load_game(REPO / "cards" / g, spec).game for g, spec in sorted(discover().items())}
JOBS = [(g, game.info["source_language"]) for g, game in GAMES.items()]
"""The rules are written in each game's source language; other languages need a catalog."""
OTHER = [(g, lang) for g, game in GAMES.items() for lang in game.languages
         if lang != game.info["source_language"]]


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
        assert f"{deck.size} ×" in whole or f"{deck.size}\u00a0×" in whole


@pytest.mark.parametrize(("game_id", "lang"), OTHER)
def test_a_language_without_a_catalog_is_skipped_with_a_reason(out, game_id, lang):
    with pytest.raises(ProductSkipped, match=f"no {lang} rules yet"):
        build_rules(GAMES[game_id], lang, BuildOptions(root=REPO, out=out))
    assert not (out / game_id / f"{game_id}-rules-{lang}.pdf").exists()


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
