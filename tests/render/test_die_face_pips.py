"""The built-in die-face template with several symbols on a face: every symbol drawn, each
in its own cell inside the face's safe square; single-symbol faces are unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardforge.boundary.resources import templates_dir
from cardforge.dice.custom_dice import CustomDie, Face
from cardforge.errors import RenderError
from cardforge.games.dixe_on_card import GAME
from cardforge.render.dice_render import _symbols, render_die_faces
from cardforge.render.templating.icons import IconSet, render_text
from cardforge.render.templating.template_env import make_environment, render
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]
EDGE = 16.0
PIP = re.compile(r'die-face-pip" style="font-size: ([\d.]+)mm;\s*left: calc\(50% \+ ([-\d.]+)mm\);'
                 r'\s*top: calc\(50% \+ ([-\d.]+)mm\);">')


def face_html(face: Face, caption: str = "", folder: str = "_base") -> str:
    """``face`` drawn by ``templates/<folder>/die-face.html.j2`` (built-in), 16 mm edge."""
    search = [templates_dir() / folder, templates_dir() / "_base"]
    env = make_environment(search)
    icons = IconSet.for_game(search, None)
    env.globals["icon"] = lambda name: render_text(f":{name}:", icons)
    die = CustomDie(id="d", name={"en": "D"}, faces=(face,))
    context = {"die": die, "face": face, "side": 1, "caption": caption, "lang": "en",
               "symbols": _symbols(face), "geometry": {"edge": EDGE, "bleed": 1.0}}
    return render(env, env.get_template("die-face.html.j2"), context)


def pips(html: str) -> list[tuple[float, float, float]]:
    """(size, left, top) of each pip, in mm from the face's centre (box corner)."""
    return [tuple(float(v) for v in m) for m in PIP.findall(html)]


@pytest.mark.parametrize("count", range(2, 7))
@pytest.mark.parametrize("caption", ["", "Label"])
def test_every_symbol_is_drawn_in_its_own_cell_inside_the_safe_square(count, caption):
    drawn = pips(face_html(Face(icons=("die-1",) * count), caption))
    assert len(drawn) == count
    half = EDGE * 0.84 / 2
    for size, left, top in drawn:
        assert -half - 1e-6 <= left and left + size <= half + 1e-6
        assert -half - EDGE * 0.09 - 1e-6 <= top and top + size <= half + 1e-6
    for i, (size, x1, y1) in enumerate(drawn):
        for _, x2, y2 in drawn[i + 1:]:
            assert abs(x1 - x2) >= size - 1e-6 or abs(y1 - y2) >= size - 1e-6  # no overlap


def test_a_single_symbol_face_is_drawn_as_before():
    html = face_html(Face(icon="die-1"))
    assert "die-face-pip" not in html and html.count("<svg") == 1
    assert f"font-size: {EDGE * 0.7}mm;" in html
    assert face_html(Face(icons=("die-1",))) == html


def test_a_face_with_seven_symbols_is_a_render_error_naming_die_and_side():
    game = load_game(REPO / "cards" / "dixe-on-card", GAME).game
    die = CustomDie(id="odd", name={"en": "Odd"},
                    faces=(Face(icon="die-1"), Face(icons=("die-1",) * 7)))
    with pytest.raises(RenderError, match="die 'odd' side 2: a face can show 1 to 6"):
        render_die_faces(game, [die], "en", REPO, EDGE)
