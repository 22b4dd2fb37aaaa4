"""The component list as printed: each custom die's name on a line of its own (a list, not
a run-on line) in the booklet and the quick reference, and a gap between a die icon and
its colour's name (read back from the PDFs with pypdfium2)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from cardforge.booklet.booklet_words import counted, word
from cardforge.model.game_packs import discover
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.products.rulesheet_product import build_rulesheet
from cardforge.workspace.game_loading import load_game
from tests.booklet.test_rulesheet_sections import lines_of

REPO = Path(__file__).resolve().parents[2]
SPECS = discover()
MIN_GAP_MM = 0.6
DPI = 600


def _game(game_id: str):
    return load_game(REPO / "cards" / game_id, SPECS[game_id]).game


@pytest.mark.parametrize("build", [build_rulesheet, build_rules])
@pytest.mark.parametrize(("game_id", "lang"), [("dixe-on-card", "en"), ("dixe-on-card", "fr"),
                                               ("dice-tuners", "en")])
def test_each_die_design_is_an_item_of_its_own(tmp_path, build, game_id, lang):
    game = _game(game_id)
    [pdf] = build(game, lang, BuildOptions(root=REPO, out=tmp_path))
    lines = lines_of(pdf)
    names = [die.name.get(lang) or next(iter(die.name.values())) for die in SPECS[game_id].dice(game)]
    assert len(names) >= 3
    assert all(name in lines for name in names), [n for n in names if n not in lines]


def test_a_die_icon_stands_apart_from_its_colours_name(tmp_path):
    game = _game("comic-creator")
    [pdf] = build_rulesheet(game, "en", BuildOptions(root=REPO, out=tmp_path))
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        text = page.get_textpage()
        whole = text.get_text_range()
        image = page.render(scale=DPI / 72).to_pil().convert("L")
        height = page.get_height()
        colours = list(game.facts["dice"]["supply"])
        assert colours
        for colour, count in game.facts["dice"]["supply"].items():
            label = counted("dice", count, "en", name=word(colour, "en"))
            left, bottom, _, top = text.get_charbox(whole.index(label))   # the component list's
            x, y = int(left * DPI / 72), int((height - (bottom + top) / 2) * DPI / 72)
            gap = 0
            while image.getpixel((x - 1 - gap, y)) > 200:
                gap += 1
            assert gap / DPI * 25.4 >= MIN_GAP_MM, f"{label}: {gap / DPI * 25.4:.2f} mm from its icon"
    finally:
        document.close()
