"""Dice Tuners' dice product: the green, blue and red dice built from game.yaml, their
folded nets (read back from the nets PDF), sticker and net page sizes, the 180 px face
PNGs, and every katana of a multi-katana face drawn."""

from __future__ import annotations

import shutil

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.cli import main
from cardforge.games.dice_tuners import GAME
from cardforge.games.dice_tuners.dt_dice import custom_dice
from cardforge.model.paper_units import mm_to_pt
from cardforge.products.dice_sheets import net_sheets
from cardforge.render.dice_render import render_die_faces
from cardforge.workspace.game_loading import load_game
from tests.dice.test_die_net import fold, opposite_pairs
from tests.games.dice_tuners.conftest import GAME_DIR, GAME_YAML, REPO
from tests.render.test_dice_products import PAPER_PT, _has_images, _placements
from tests.render.test_die_face_pips import face_html, pips


@pytest.fixture(scope="module")
def game():
    loaded = load_game(GAME_DIR, GAME)
    assert loaded.game is not None and not loaded.problems, loaded.problems
    return loaded.game


@pytest.fixture(scope="module")
def data(game):
    """colour → its faces as lists of symbols, straight from game.yaml."""
    return {colour: spec["die"] for colour, spec in game.facts["colours"].items()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dt-dice")
    result = CliRunner().invoke(main, ["build", "dice-tuners", "--product", "dice", "--lang", "en",
                                       "--quiet", "--out", str(out), "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    return out / "dice-tuners"


def test_the_pack_offers_the_dice_product():
    assert GAME.products[:2] == ("cards", "dice") and GAME.dice is not None


def test_one_die_per_colour_with_the_data_faces_in_order(game, data):
    dice = GAME.dice(game)
    assert [d.id for d in dice] == list(data)
    for die in dice:
        spec = game.facts["colours"][die.id]
        assert die.colour == spec["hex"] and dict(die.name) == spec["name"]
        assert [list(face.symbols) for face in die.faces] == data[die.id]
        assert die.body != die.colour  # a light tint, so the dark-edged symbols read


def test_the_dice_follow_game_yaml_not_literals(tmp_path):
    folder = tmp_path / "dice-tuners"
    shutil.copytree(GAME_DIR, folder)
    text = GAME_YAML.read_text(encoding="utf-8")
    text = text.replace('hex: "#2f6fc0"', 'hex: "#101080"', 1)
    text = text.replace("        - [sheathe]\n    red:", "        - [shield, katana]\n    red:", 1)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    loaded = load_game(folder, GAME)
    assert loaded.game is not None, loaded.problems
    blue = next(d for d in custom_dice(loaded.game) if d.id == "blue")
    assert blue.colour == "#101080" and blue.faces[-1].symbols == ("shield", "katana")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_folded_net_has_the_data_opposite_faces(game, data, paper):
    faces = render_die_faces(game, GAME.dice(game), "en", REPO, 16.0)
    symbols_of = {(faces.page[(die, side)], die): tuple(names)
                  for die, sides in data.items() for side, names in enumerate(sides)}
    edge_pt = mm_to_pt(16.0)
    dice = iter(faces.dice)
    checked = 0
    for page in net_sheets(faces, paper).pages:
        placed = _placements(page)
        for start in range(0, len(placed), 6):
            die = next(dice).id
            net = placed[start:start + 6]
            x0, y1 = min(x for _, x, _ in net), max(y for _, _, y in net)
            cells = {(round((x - x0) / edge_pt), round((y1 - y) / edge_pt)): k
                     for k, (_, x, y) in enumerate(net)}
            shown = [symbols_of[(int(name[2:]), die)] for name, _, _ in net]
            folded = {frozenset((shown[a], shown[b])) for a, b in
                      map(sorted, opposite_pairs(fold(cells)))}
            sides = [tuple(names) for names in data[die]]
            assert folded == {frozenset((sides[i], sides[5 - i])) for i in range(3)}, die
            checked += 1
    assert checked == len(data) == 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nets_and_stickers_are_on_the_paper_size(built, paper):
    for kind in ("nets", "stickers"):
        with pikepdf.open(built / f"dice-tuners-dice-en-{kind}-{paper}.pdf") as pdf:
            assert len(pdf.pages) >= 1  # every die print.dice.copies times: see test_printed_components
            for page in pdf.pages:
                box = [float(v) for v in page.mediabox]
                assert box[:2] == [0, 0]
                assert box[2:] == pytest.approx(PAPER_PT[paper], abs=0.05)


def test_a_png_per_face_at_180_px(built, data):
    folder = built / "dice-tuners-dice-en-png"
    expected = {f"{colour}-side{n}.png" for colour, sides in data.items()
                for n in range(1, len(sides) + 1)}
    assert {p.name for p in folder.iterdir()} == expected
    for name in expected:
        with Image.open(folder / name) as image:
            assert image.size == (180, 180) and image.format == "PNG"


def test_every_katana_of_a_face_is_drawn_inside_the_cut(game):
    for die in GAME.dice(game):
        for face in die.faces:
            html = face_html(face, folder="dice-tuners")
            assert html.count("<svg") == len(face.symbols)
            for name in set(face.symbols):
                assert html.count(f"icon-{name}") == face.symbols.count(name)
            drawn = pips(html)
            assert len(drawn) == len(face.symbols)
            assert len({(x, y) for _, x, y in drawn}) == len(drawn)  # no two in one place
            for size, left, top in drawn:
                assert -8.0 < left and left + size < 8.0 and -8.0 < top and top + size < 8.0


def test_symbols_stay_vector_in_the_pdfs(built):
    for kind in ("nets", "stickers"):
        with pikepdf.open(built / f"dice-tuners-dice-en-{kind}-a4.pdf") as pdf:
            assert not any(_has_images(page.obj, set()) for page in pdf.pages)
