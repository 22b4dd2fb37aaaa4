"""Each game's booklet, built and read back from the PDF in every language it prints, covers
every section of the rulebook outline game.yaml declares (`rulebook: sections:`): for each
outline section, every booklet section whose [[covers:]] names it is printed (its heading,
in the booklet's language, is in the PDF's text), and at least one does. CF022 checks the
same from the sources; this checks what reaches the reader."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from cardforge.booklet.rules_markdown import load_rules
from cardforge.i18n.translations import Translations
from cardforge.lint.game_design_rules.cf022_rulebook_coverage import booklet_sections, outline
from cardforge.model.game_packs import discover
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.workspace.game_loading import load_game
from tests.booklet.test_rules_product import page_texts

REPO = Path(__file__).resolve().parents[2]
SPECS = discover()
GAMES = {g: load_game(REPO / "cards" / g, spec).game for g, spec in sorted(SPECS.items())}
JOBS = [(g, lang) for g, game in GAMES.items() for lang in game.languages]


def squeezed(text: str) -> str:
    """Text without whitespace or soft hyphens: PDF text breaks lines where the layout does."""
    return re.sub(r"[\s\u00ad\ufffe\u2010-]+", "", text)


@cache
def booklet_text(game_id: str, lang: str, out: Path) -> str:
    [path] = build_rules(GAMES[game_id], lang, BuildOptions(root=REPO, out=out))
    return squeezed("\n".join(page_texts(path)))


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("outline")


@pytest.mark.parametrize(("game_id", "lang"), JOBS)
def test_every_outline_section_is_covered_in_the_printed_booklet(out, game_id, lang):
    game = GAMES[game_id]
    declared = outline(game)
    assert len(declared) >= 8, "the outline lists the rulebook's sections"
    tr = Translations.load(game.root, lang, game.source_language)
    text = booklet_text(game_id, lang, out)
    covering: dict[str, list[str]] = {section_id: [] for _, section_id, _ in declared}
    for heading, covers in booklet_sections(load_rules(game.root)):
        for block in covers:
            for section_id in block.args:
                covering[section_id].append(tr.text(heading.text))
    uncovered = [section_id for section_id, headings in covering.items() if not headings]
    assert uncovered == []
    missing = {section_id: [h for h in headings if squeezed(h) not in text]
               for section_id, headings in covering.items()}
    assert {k: v for k, v in missing.items() if v} == {}
