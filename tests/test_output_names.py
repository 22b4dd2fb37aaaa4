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

