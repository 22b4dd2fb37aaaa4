"""Font coverage: a character no font has is named with its card or paragraph, before layout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardforge.booklet.booklet_html import booklet_html
from cardforge.errors import MissingFontError
from cardforge.model.game_packs import discover
from cardforge.render.face_sources import face_sources
from cardforge.render.layout.font_coverage import _charset, families, missing, parse_charset, text_of
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]
HIEROGLYPH = "\U00013000"  # in no font the set-up installs
FONTS = ("DejaVu Sans", "Noto Sans CJK JP")


def test_families_are_read_from_font_declarations_and_custom_properties():
    css = (':root { --font-text: "DejaVu Sans", "Noto Sans CJK JP", sans-serif; }\n'
           ".a { font-family: Gentium, 'Noto Serif', serif; } .b { font: bold 9pt \"Comic Neue\"; }")
    assert families(css) == ("DejaVu Sans", "Noto Sans CJK JP", "Gentium", "Noto Serif", "Comic Neue")


def test_latin_japanese_and_symbols_are_covered_but_a_hieroglyph_is_not():
    assert missing("Speed Lines 集中線 ×～→ \u00a0\u200b", FONTS) == []
    assert missing(f"A{HIEROGLYPH}B", FONTS) == [HIEROGLYPH]


def test_fontconfig_charset_ranges_are_parsed_inclusive():
    charset = parse_charset("20-7e a0 3000-30ff\n")
    assert [c in charset for c in (0x1F, 0x20, 0x7E, 0x7F, 0xA0, 0xA1, 0x3000, 0x30FF, 0x3100)] \
        == [False, True, True, False, True, False, True, True, False]
    with pytest.raises(ValueError):
        parse_charset("20-zz")


@pytest.mark.skipif(shutil.which("fc-match") is None, reason="fontconfig is not installed")
@pytest.mark.parametrize("family", FONTS)
def test_fontconfig_charset_is_the_fonts_character_map(family):
    import subprocess

    from fontTools.ttLib import TTFont

    path, index = subprocess.run(["fc-match", "-f", "%{file}\n%{index}", family], capture_output=True,
                                 text=True, check=True).stdout.split("\n")
    with TTFont(path, fontNumber=int(index or 0), lazy=True) as font:
        cmap = set(font.getBestCmap())
    charset = _charset(family)
    assert charset is not None
    spans = zip(charset.starts, charset.ends, strict=True)
    covered = {c for first, last in spans for c in range(first, last + 1)}
    assert covered == cmap


def test_text_of_leaves_out_markup_styles_and_inline_svg():
    assert text_of('<style>p{}</style><p lang="ja">白&amp;緑<svg><text>Q</text></svg></p>').split() \
        == ["白&緑"]


def copy_game(tmp_path: Path, game_id: str) -> Path:
    root = tmp_path / "cards" / game_id
    shutil.copytree(REPO / "cards" / game_id, root)
    return root


def test_a_card_name_with_a_glyph_no_font_has_names_the_card_and_language(tmp_path):
    root = copy_game(tmp_path, "comic-creator")
    skill = root / "skill.yaml"
    skill.write_text(skill.read_text(encoding="utf-8").replace(
        "en: Hire an Assistant", f"en: Hire an Assistant {HIEROGLYPH}"), encoding="utf-8")
    game = load_game(root, discover()["comic-creator"]).game
    with pytest.raises(MissingFontError) as caught:
        face_sources(game, "en", tmp_path)
    message = caught.value.format_message()
    assert "U+13000, EGYPTIAN HIEROGLYPH A001" in message and "card hire-an-assistant (en)" in message


def test_a_rules_paragraph_with_a_glyph_no_font_has_names_its_file_and_line(tmp_path):
    root = copy_game(tmp_path, "dice-tuners")
    rules = root / "rules" / "rules.md"
    lines = rules.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line and not line.startswith(("#", "-", "[", "1.")))
    lines[number] += f" {HIEROGLYPH}"
    rules.write_text("\n".join(lines) + "\n", encoding="utf-8")
    game = load_game(root, discover()["dice-tuners"]).game
    with pytest.raises(MissingFontError, match=rf"rules\.md:{number + 1}:1: no font has a glyph for"):
        booklet_html(game, "en", tmp_path)
