"""Attacks through assets: card text that looks like a URL, art and icons (symlinks, pixel
bombs, deep or entity-laden SVG), stylesheet URLs, missing glyphs, unusable art paths. Each
plants the attack in a copy of a shipped game, runs ``cardforge`` as a process and checks
the exit code, the located message and that nothing leaked or was written outside.
"""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from tests.security.conftest import Attack, make_attack, run_contained

CARDS = ("build", "--product", "cards", "--paper", "a4")


def plant(attack: Attack, file: str, card: str, line: str) -> int:
    """Insert the field ``line`` into card ``card`` of ``file``; return its line number."""
    path = attack.root / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = lines.index(f"  - id: {card}\n") + 1
    lines.insert(at, f"    {line}\n")
    path.write_text("".join(lines), encoding="utf-8")
    return at + 1


def rename(attack: Attack, file: str, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` (once) in ``file``; return the line it is on."""
    path = attack.root / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def pdf_text(path: Path) -> str:
    """All text of the PDF at ``path``, page after page."""
    document = pypdfium2.PdfDocument(path.read_bytes())
    text = "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    document.close()
    return text


def deep_svg(depth: int) -> str:
    """An SVG whose drawing is nested ``depth`` groups deep."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">' + "<g>" * depth
            + '<rect width="4" height="4"/>' + "</g>" * depth + "</svg>")


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE svg [\n <!ENTITY a "lol">\n'
          ' <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n'
          '<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>\n')
UNSAFE_SVG = pytest.mark.parametrize(("svg", "where", "reason"), [
    (deep_svg(50_000), r"1:\d+", "nests elements more than 100 deep"),
    (LAUGHS, r"2:\d+", "has a DOCTYPE or entity declaration"),
], ids=["50000-deep", "entities"])


@pytest.fixture
def idols(tmp_path: Path) -> Attack:
    """A Dice Girls workspace (its fronts show ``art:``; quick to lint) with its templates."""
    return make_attack(tmp_path, "dice-girls", templates=True)


def test_card_text_that_looks_like_a_url_is_printed_not_fetched(idols):
    name = "url(/dev/zero) url(/dev/stdin) src=/dev/zero url(../../../secret.txt)"
    rename(idols, "idols.yaml", "en: Mirai Amane}", f'en: "{name}"}}')
    run = run_contained(idols, *CARDS, memory_gib=1.5, timeout=120)
    assert run.code == 0, run.output[-2000:]
    text = pdf_text(idols.ws / "out" / "dice-girls" / "dice-girls-cards-en-a4.pdf")
    assert "url(/dev/zero)" in "".join(text.split())


# ---- art: symlinks, pixel bombs, SVG ----------------------------------------------------------

def test_art_that_is_a_symlink_out_of_the_workspace_is_refused_at_its_line(idols):
    (idols.root / "art").mkdir()
    (idols.root / "art" / "leak.png").symlink_to(idols.canary)
    line = plant(idols, "idols.yaml", "amane-mirai", "art: art/leak.png")
    run = run_contained(idols, *CARDS)
    assert run.code != 0
    assert re.search(rf"idols\.yaml:{line}:\d+: .*amane-mirai.*outside the workspace", run.output), run.output


def test_a_css_url_to_a_symlink_out_of_the_workspace_names_the_stylesheet(idols):
    style = idols.ws / "templates" / "dice-girls" / "style.css"
    (style.parent / "leak.svg").symlink_to(idols.canary)
    lines = style.read_text(encoding="utf-8").count("\n")
    style.write_text(style.read_text(encoding="utf-8") + ".dg-face { background: url(leak.svg); }\n",
                     encoding="utf-8")
    run = run_contained(idols, *CARDS)
    assert run.code != 0
    assert re.search(rf"templates/dice-girls/style\.css:{lines + 1}:\d+: cannot use file:.*outside",
                     run.output), run.output


def png_bomb() -> bytes:
    """A 13000 × 13000 PNG: 20 KB on disk, 1.5 GB decoded."""
    Image.new("1", (13000, 13000)).save(buffer := io.BytesIO(), "PNG")
    return buffer.getvalue()


def test_a_png_of_13000_by_13000_pixels_is_refused_before_it_is_decoded(idols):
    (idols.root / "art").mkdir()
    (idols.root / "art" / "bomb.png").write_bytes(png_bomb())
    plant(idols, "idols.yaml", "amane-mirai", "art: art/bomb.png")
    run = run_contained(idols, *CARDS, memory_gib=1.5, timeout=120)
    assert run.code != 0 and "MemoryError" not in run.output
    assert re.search(r"card amane-mirai: cannot use file:\S*/art/bomb\.png: \S*/art/bomb\.png is an image "
                     r"of 13000 × 13000 pixels \(169 megapixels; the limit is 60 megapixels\)", run.output), \
        run.output


@UNSAFE_SVG
def test_unsafe_svg_art_is_refused_naming_the_file_and_line(idols, svg, where, reason):
    (idols.root / "art").mkdir()
    (idols.root / "art" / "bad.svg").write_text(svg, encoding="utf-8")
    plant(idols, "idols.yaml", "amane-mirai", "art: art/bad.svg")
    run = run_contained(idols, *CARDS, memory_gib=1.5, timeout=120)
    assert run.code != 0
    assert "RecursionError" not in run.output and "MemoryError" not in run.output
    assert re.search(rf"card amane-mirai: cannot use \S+: \S*/art/bad\.svg:{where}: {reason}", run.output), \
        run.output


def test_an_svg_art_linking_out_names_the_svg_file_and_line(idols):
    (idols.root / "art").mkdir()
    (idols.root / "art" / "peek.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">\n'
        '  <image href="../../../../secret.txt" width="4" height="4"/>\n</svg>\n', encoding="utf-8")
    plant(idols, "idols.yaml", "amane-mirai", "art: art/peek.svg")
    run = run_contained(idols, *CARDS)
    assert run.code != 0
    assert re.search(r"\S*/art/peek\.svg:2:3: cannot use file:\S*secret\.txt: .*outside",
                     run.output), run.output


# ---- icons -------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [CARDS, ("lint",)], ids=["build", "lint"])
@UNSAFE_SVG
def test_an_unsafe_icon_is_refused_naming_the_icon_file(idols, command, svg, where, reason):
    (idols.ws / "templates" / "dice-girls" / "icons" / "vocal.svg").write_text(svg, encoding="utf-8")
    run = run_contained(idols, *command, memory_gib=1.5, timeout=120)
    assert run.code != 0
    assert "RecursionError" not in run.output and "CF000" not in run.output
    assert re.search(rf"templates/dice-girls/icons/vocal\.svg:{where}: (CF009 )?{reason}", run.output), \
        run.output


def test_an_icon_that_is_a_symlink_out_of_the_workspace_is_refused(idols):
    icon = idols.ws / "templates" / "dice-girls" / "icons" / "vocal.svg"
    icon.unlink()
    icon.symlink_to(idols.canary)
    run = run_contained(idols, *CARDS)
    assert run.code != 0
    assert re.search(r"templates/dice-girls/icons/vocal\.svg:1:1: (CF009 |cannot read icon: )is outside the "
                     r"workspace", run.output), run.output


# ---- stylesheets -------------------------------------------------------------------------------

@pytest.mark.parametrize(("url", "reason"), [
    ("/etc/passwd", "outside the workspace"),
    ("../../../secret.txt", "outside the workspace"),  # the canary beside the workspace
    ("/dev/zero", "outside the workspace"),
    ("http://example.com/x.png", "http URLs are not fetched"),
])
def test_a_refused_url_in_a_stylesheet_names_the_css_file_and_line(idols, url, reason):
    style = idols.ws / "templates" / "dice-girls" / "style.css"
    text = style.read_text(encoding="utf-8")
    style.write_text(f"{text}\n.dg-face {{\n  background-image: url({url});\n}}\n", encoding="utf-8")
    line = text.count("\n") + 3
    run = run_contained(idols, *CARDS, memory_gib=1.5, timeout=120)
    assert run.code != 0
    assert re.search(rf"templates/dice-girls/style\.css:{line}:21: cannot use \S+: .*{reason}",
                     run.output), run.output


def test_a_pixel_bomb_in_a_data_url_of_a_stylesheet_is_refused_naming_the_css_line(idols):
    style = idols.ws / "templates" / "dice-girls" / "style.css"
    text = style.read_text(encoding="utf-8")
    data = base64.b64encode(png_bomb()).decode("ascii")
    style.write_text(f"{text}\n.dg-face {{ background-image: url(data:image/png;base64,{data}); }}\n",
                     encoding="utf-8")
    run = run_contained(idols, *CARDS, memory_gib=1.5, timeout=120)
    assert run.code != 0 and "MemoryError" not in run.output
    assert re.search(rf"templates/dice-girls/style\.css:{text.count(chr(10)) + 2}:\d+: cannot use "
                     r"data:image/png;base64,\S{,120}: a data: URL is an image of 13000 × 13000 pixels",
                     run.output), run.output[-3000:]
    assert len(run.output) < 5000  # the URL is cut short in the message


def test_a_refused_url_in_a_booklet_stylesheet_names_the_css_file_and_line(idols):
    base = Path(__file__).resolve().parents[2] / "templates" / "_base" / "booklet.css"
    text = base.read_text(encoding="utf-8")
    style = idols.ws / "templates" / "dice-girls" / "booklet.css"
    style.write_text(f"{text}\nbody {{ background-image: url(/etc/passwd); }}\n", encoding="utf-8")
    line = text.count("\n") + 2
    run = run_contained(idols, "build", "--product", "rules")
    assert run.code != 0
    assert re.search(rf"templates/dice-girls/booklet\.css:{line}:26: cannot use file:///etc/passwd: "
                     r".*outside", run.output), run.output


def test_card_images_too_large_to_rasterise_are_refused_before_any_pixel(idols):
    (idols.ws / "profiles").mkdir()
    (idols.ws / "profiles" / "huge.toml").write_text(
        'name = "huge"\noutput = "png"\ntrim_mm = [900, 900]\nbleed_mm = 0\ndpi = 2400\n'
        'pixels = [85039, 85039]\n[severity]\nPF101 = "info"\nPF102 = "info"\nPF103 = "info"\n',
        encoding="utf-8")
    run = run_contained(idols, "build", "--profile", "huge", memory_gib=1.5)
    assert run.code == 2 and "MemoryError" not in run.output
    assert "page 1 would be an image of 85039 × 85039 pixels, more than the 60 megapixel limit" in run.output
    assert not list((idols.ws / "out").rglob("*.png"))


# ---- glyphs and art paths ----------------------------------------------------------------------

def test_a_missing_glyph_names_the_card_file_line_and_column(idols):
    line = rename(idols, "idols.yaml", "en: Mirai Amane}", 'en: "Mirai \U00010000 Amane"}')
    run = run_contained(idols, *CARDS)
    assert run.code != 0
    assert re.search(rf"idols\.yaml:{line}:\d+: no font has a glyph for '\U00010000' \(U\+10000, "
                     r"LINEAR B SYLLABLE B008 A\): .*card amane-mirai", run.output), run.output


@pytest.mark.parametrize("art", ["a" * 5000, "art/x\\0y.png", "/" + "a/" * 3000 + "x.png"],
                         ids=["5000-chars", "nul", "deep"])
def test_an_unusable_art_path_is_a_located_error(idols, art):
    line = plant(idols, "idols.yaml", "amane-mirai", f'art: "{art}"')
    run = run_contained(idols, *CARDS)
    assert run.code != 0
    assert re.search(rf"idols\.yaml:{line}:\d+: .*amane-mirai", run.output), run.output[-2000:]
