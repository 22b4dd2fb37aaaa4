"""Output file names: every product of a two-language game carries its language tag,
``<game>-<product>-<lang>[-<variant>]`` (cardforge/products/product_builder.py, docs/exports.md),
the first language game.yaml lists as well as the other one.

Dice Tuners is built (every default product, then the png and tts exports and a png print
shop profile) because its first language, English, is not its only one and it has dice;
the PDF/X file's name is checked in tests/exports/test_pdfx.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main

REPO = Path(__file__).resolve().parents[1]
GAME = "dice-tuners"
LANGS = ("en", "ja")  # game.yaml's languages, the first one first


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("names")
    for args in ((), ("--product", "png", "--dpi", "30"), ("--product", "tts", "--dpi", "30"),
                 ("--profile", "tgc-poker")):
        result = CliRunner().invoke(main, ["build", GAME, *args, "--paper", "a4", "--quiet",
                                           "--out", str(out), "-w", str(REPO)])
        assert result.exit_code == 0, result.output
    return out / GAME


def test_every_product_in_every_language_is_named_game_product_lang_variant(built):
    names = sorted(path.name for path in built.iterdir())
    pattern = re.compile(rf"{GAME}-(?P<product>[a-z-]+?)-(?P<lang>en|ja)(?P<variant>-[a-z0-9-]+)?(\.pdf)?")
    unmatched = [name for name in names if not pattern.fullmatch(name)]
    assert unmatched == []
    untagged = {name.replace("-en", "-LANG", 1) for name in names if "-en" in name}
    assert untagged == {name.replace("-ja", "-LANG", 1) for name in names if "-ja" in name}
    assert untagged == {
        f"{GAME}-cards-LANG-a4.pdf", f"{GAME}-dice-LANG-nets-a4.pdf", f"{GAME}-dice-LANG-stickers-a4.pdf",
        f"{GAME}-dice-LANG-png", f"{GAME}-rules-LANG.pdf", f"{GAME}-rulesheet-LANG.pdf",
        f"{GAME}-png-LANG", f"{GAME}-tts-LANG", f"{GAME}-tgc-poker-LANG"}
    assert (built / f"{GAME}-tts-en" / f"{GAME}.json").is_file()
    assert (built / f"{GAME}-png-ja").is_dir() and any((built / f"{GAME}-png-ja").glob("*.png"))



def test_every_name_built_is_one_the_product_table_says_it_writes(built):
    """What `cardforge build --help` lists (``Product.writes``) is what the builders write:
    every file and folder, and every file inside a folder, matches a pattern of the product
    table, and each product built matches at least one name."""
    from cardforge.products.product_registry import PRODUCTS
    from tests.test_registry_docs import matches, product_regexes

    regexes = product_regexes(PRODUCTS)
    names = [path.relative_to(built).as_posix() + ("/" if path.is_dir() else "")
             for path in sorted(built.rglob("*")) if path.parent == built or path.is_file()]
    matched = {name: [key for key, regex in regexes.items() if matches(regex, name)] for name in names}
    assert len(names) > 20 and [name for name, keys in matched.items() if not keys] == []
    built_products = {product for keys in matched.values() for product, _ in keys}
    assert built_products == {"cards", "dice", "rules", "rulesheet", "png", "tts"}
