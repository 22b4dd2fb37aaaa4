"""The template palette (palette.yaml) and the conversion of faces for CMYK print."""

from __future__ import annotations

import base64
import io
import re
from decimal import Decimal
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from cardforge.errors import RenderError
from cardforge.model.card_geometry import CardGeometry
from cardforge.products.pdfx_product import build_pdfx
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_render import render_card_faces
from cardforge.render.colour.cmyk import WRAPPER_CLASS, CmykConverter
from cardforge.render.colour.print_palette import Palette, load_palette
from cardforge.render.workers.parallel_layout import lay_out_faces
from cardforge.workspace.print_profiles import find_profile
from tests.exports.game import REPO, make_game, options

PROFILE = find_profile("drivethrucards-poker", REPO)
needs_icc = pytest.mark.skipif(not any(p.is_file() for p in PROFILE.icc_profile),
                               reason=f"no CMYK ICC profile: install {PROFILE.icc_package}")

OK_GAME = """colours:
  ink: {rgb: "#1c1c1e", cmyk: [0, 0, 0, 100]}
  gold: {rgb: "#f2b01e", cmyk: [4, 33, 100, 0]}
other_colours: convert
"""
OK_BASE = """colours:
  ink: {rgb: "#2b2b2b", cmyk: [0, 0, 0, 92]}
  black: {rgb: "#000000", cmyk: [0, 0, 0, 90]}
  paper: {rgb: "#ffffff", cmyk: [0, 0, 0, 0]}
"""


def _palette(tmp_path: Path, game: str = OK_GAME, base: str = OK_BASE) -> Palette:
    (tmp_path / "game").mkdir(parents=True)
    (tmp_path / "base").mkdir()
    (tmp_path / "game" / "palette.yaml").write_text(game)
    (tmp_path / "base" / "palette.yaml").write_text(base)
    return load_palette([tmp_path / "game", tmp_path / "base"])


def _converter(tmp_path: Path, **palette: str) -> CmykConverter:
    return CmykConverter(_palette(tmp_path, **palette), PROFILE.icc_bytes(), [tmp_path])


def test_ok_the_game_palette_replaces_base_names_and_css_gives_each_mode_its_values(tmp_path):
    palette = _palette(tmp_path)
    assert list(palette.colours) == ["ink", "black", "paper", "gold"]
    assert palette.colours["ink"].hex == "#1c1c1e" and palette.convert_others
    assert palette.css(cmyk=False) == (":root { --ink: #1c1c1e; --black: #000000; --paper: #ffffff; "
                                       "--gold: #f2b01e; }")
    assert palette.css(cmyk=True) == (":root { --ink: device-cmyk(0 0 0 1); --black: device-cmyk(0 0 0 0.9); "
                                      "--paper: device-cmyk(0 0 0 0); --gold: device-cmyk(0.04 0.33 1 0); }")


@pytest.mark.parametrize(("text", "line", "col", "words"), [
    ('colours:\n  ink: {rgb: "#1c1c1e"}\n', 2, 8, "needs exactly rgb and cmyk"),
    ('colours:\n  ink: {rgb: "red", cmyk: [0, 0, 0, 100]}\n', 2, 8, "rgb must be #rrggbb"),
    ('colours:\n  ink: {rgb: "#1c1c1e", cmyk: [0, 0, 120, 0]}\n', 2, 8, "four ink percentages"),
    ('colours:\n  Ink: {rgb: "#1c1c1e", cmyk: [0, 0, 0, 1]}\n', 2, 3, "lower-case"),
    ("other_colours: maybe\n", 1, 16, "keep or convert"),
    ("ink: [1, 2\n", 2, 1, "YAML"),
])
def test_fail_a_bad_palette_is_a_located_render_error(tmp_path, text, line, col, words):
    with pytest.raises(RenderError) as caught:
        _palette(tmp_path, game=text)
    message = caught.value.format_message()
    assert f"palette.yaml:{line}:{col}:" in message and words in message


@needs_icc
def test_ok_css_colours_convert_but_selectors_and_fonts_stay(tmp_path):
    css = _converter(tmp_path).css(
        "#add, .a:hover { color: #1c1c1e; border: 1px solid gold; font-family: Black; }\n"
        "@media print { .b { background: rgba(255, 255, 255, 0.5) } }\n"
        ":root { --deck: #f2b01e; --g: linear-gradient(red, blue); }")
    assert css.startswith("#add, .a:hover { color: device-cmyk(0 0 0 1); border: 1px solid device-cmyk(")
    assert "font-family: Black" in css
    assert "background: device-cmyk(0 0 0 0 / 0.5)" in css  # declared white, alpha kept
    assert "--deck: device-cmyk(0.04 0.33 1 0)" in css  # declared: the palette's inks
    assert "linear-gradient(red, blue)" in css  # WeasyPrint draws gradients in RGB: left alone


@needs_icc
def test_ok_undeclared_colours_stay_rgb_unless_the_palette_converts_others(tmp_path):
    keep = _converter(tmp_path, game=OK_GAME.replace("convert", "keep"))
    assert keep.value("#2f6db5") is None and keep.value("#1c1c1e") == "device-cmyk(0 0 0 1)"
    assert keep.value("#2b2b2b") is None  # the game's "ink" replaced the base's value
    converted = _converter(tmp_path / "convert").value("#2f6db5")
    c, m, y, k = map(float, re.findall(r"[\d.]+", converted))
    assert c > 0.7 and m > 0.3 and y < 0.2  # a mid blue: mostly cyan, some magenta


@needs_icc
def test_ok_a_face_is_wrapped_and_its_markup_svg_and_styles_converted(tmp_path):
    face = _converter(tmp_path).face(
        '<div style="--deck: #f2b01e; color: #1c1c1e">#fff is text</div>'
        '<svg viewBox="0 0 2 2"><rect fill="#ffffff" stroke="#1c1c1e"/><path d="M0 0"/></svg>', tmp_path)
    assert face.startswith(f'<div class="{WRAPPER_CLASS}"><div style="--deck: device-cmyk(0.04 0.33 1 0); '
                           'color: device-cmyk(0 0 0 1)">#fff is text</div>')
    assert '<svg fill="device-cmyk(0 0 0 0.9)" viewBox' in face  # SVG's default black: base "black"
    assert '<rect fill="device-cmyk(0 0 0 0)" stroke="device-cmyk(0 0 0 1)"/>' in face


@needs_icc
def test_ok_linked_svg_and_opaque_images_are_inlined_in_cmyk_and_alpha_images_left(tmp_path):
    converter = _converter(tmp_path)
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff"/></svg>'
    (tmp_path / "lines.svg").write_text(svg)
    Image.new("RGB", (8, 8), (200, 40, 40)).save(tmp_path / "art.png")
    Image.new("RGBA", (8, 8), (200, 40, 40, 128)).save(tmp_path / "glass.png")
    css = converter.css('.a { background: url("lines.svg") } .b { background: url(art.png) }', tmp_path)
    svg, jpeg = re.findall(r"base64,([A-Za-z0-9+/=]+)", css)
    assert b'<path fill="device-cmyk(0 0 0 0)"/>' in base64.b64decode(svg)
    with Image.open(io.BytesIO(base64.b64decode(jpeg))) as image:
        assert (image.format, image.mode) == ("JPEG", "CMYK")
        assert image.getpixel((4, 4))[1] > 200  # red: full magenta
    html = converter.markup('<img src="glass.png"><img src="missing.png">', tmp_path)
    assert html == '<img src="glass.png"><img src="missing.png">'  # for preflight / the fetcher


@needs_icc
def test_ok_rgb_and_cmyk_faces_never_share_a_cache_entry_face_book_or_memo(tmp_path):
    game = make_game(tmp_path)
    cache = FaceCache(tmp_path / "cache")
    icc = PROFILE.icc_bytes()

    def faces(cmyk: bool):
        return render_card_faces(game, "en", tmp_path, cache=cache, cmyk_icc=icc if cmyk else None)

    rgb = faces(False)
    cmyk = faces(True)
    assert cmyk.laid_out == len(cmyk.files) > 0  # nothing of the RGB build reused
    assert set(rgb.files).isdisjoint(cmyk.files) and rgb.book != cmyk.book
    assert faces(False).files == rgb.files and faces(False).laid_out == 0  # each keeps its own
    assert faces(True).files == cmyk.files and faces(True).laid_out == 0
    memos = sorted(p.name for p in (cache.folder / "fragments").iterdir())
    assert len(memos) == 2  # one fragment memo per colour mode


def test_ok_the_colour_mode_is_part_of_a_laid_out_face_key_even_for_the_same_html(tmp_path):
    cache = FaceCache(tmp_path / "cache")
    fragment = '<div class="card" style="background: device-cmyk(0 0.5 0 0)"></div>'

    def lay_out(colour: str):
        return lay_out_faces([fragment], "", CardGeometry.poker(), base_url=tmp_path, roots=[tmp_path],
                             cache=cache, colour=colour)

    rgb, cmyk = lay_out("rgb"), lay_out("cmyk 1234")
    assert (rgb.laid_out, cmyk.laid_out) == (1, 1) and rgb.files != cmyk.files
    assert lay_out("rgb").laid_out == 0 and lay_out("cmyk 1234").laid_out == 0


def test_fail_a_css_gradient_with_a_cmyk_colour_is_a_render_error_not_a_crash(tmp_path):
    fragment = '<div style="height: 10mm; background: linear-gradient(device-cmyk(0 1 0 0), white)"></div>'
    with pytest.raises(RenderError, match="gradient has a CMYK colour"):
        lay_out_faces([fragment], "", CardGeometry.poker(), base_url=tmp_path, roots=[tmp_path],
                      cache=FaceCache(tmp_path / "cache"), pdf_variant="pdf/x-1a")


@needs_icc
def test_ok_a_workspace_game_that_declares_its_rgb_colour_passes_a_cmyk_shop(tmp_path):
    game = make_game(tmp_path, front="fail_rgb_colour.html.j2")  # background: rgb(200 40 40)
    (tmp_path / "templates" / "generic" / "palette.yaml").write_text(
        'colours:\n  brick: {rgb: "#c82828", cmyk: [0, 90, 85, 15]}\n')
    [path] = build_pdfx(game, "en", options(tmp_path, "drivethrucards-poker"))
    with pikepdf.open(path) as pdf:
        front = [(str(i.operator), [float(v) for v in i.operands if isinstance(v, int | Decimal)])
                 for i in pikepdf.parse_content_stream(pdf.pages[1])]
    assert not [op for op, _ in front if op in ("rg", "RG")]
    assert ("scn", [0, 0.9, 0.85, 0.15]) in front  # the palette's inks, as declared
