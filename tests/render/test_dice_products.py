"""Dice products for the shipped DiXe on Card dice: nets (the folded net's opposite sides,
read back from the PDF, are the dice file's), sticker sheets and page sizes (pikepdf),
per-face PNGs (pixel size), vector symbols and template overrides."""

from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.cli import main
from cardforge.games.dixe_on_card import GAME
from cardforge.model.paper_units import mm_to_pt
from cardforge.products.dice_sheets import net_sheets, sticker_sheets, write_face_pngs
from cardforge.render.dice_render import render_die_faces
from cardforge.workspace.game_loading import load_game
from tests.dice.test_die_net import fold, opposite_pairs

REPO = Path(__file__).resolve().parents[2]
PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def game():
    loaded = load_game(REPO / "cards" / "dixe-on-card", GAME)
    assert loaded.game is not None
    return loaded.game


@pytest.fixture(scope="module")
def faces(game):
    return render_die_faces(game, GAME.dice(game), "en", REPO, 16.0)


def _placements(page: pikepdf.Page) -> list[tuple[str, float, float]]:
    """(XObject name, x, y) of each face drawn: the clip rectangle of each ``Do``."""
    found, clip = [], None
    for operands, operator in pikepdf.parse_content_stream(page):
        if str(operator) == "re":
            clip = (float(operands[0]), float(operands[1]))
        elif str(operator) == "Do":
            found.append((str(operands[0]), *clip))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_folded_net_has_the_dice_files_opposite_faces(game, faces, paper):
    raw = {d["id"]: d["faces"] for doc in game.dice_documents for d in doc.data["dice"]}
    face_of = {(faces.page[(die, side)], die): name for die, names in raw.items()
               for side, name in enumerate(names)}
    pdf = net_sheets(faces, paper)
    edge_pt = mm_to_pt(16.0)
    dice = iter(faces.dice)
    checked = 0
    for page in pdf.pages:
        placed = _placements(page)
        assert len(placed) % 6 == 0
        for start in range(0, len(placed), 6):
            die = next(dice).id
            net = placed[start:start + 6]
            x0, y1 = min(x for _, x, _ in net), max(y for _, _, y in net)
            cells = {(round((x - x0) / edge_pt), round((y1 - y) / edge_pt)): k
                     for k, (_, x, y) in enumerate(net)}
            assert len(cells) == 6
            shown = [face_of[(int(name[2:]), die)] for name, _, _ in net]
            folded = {frozenset((shown[a], shown[b])) for a, b in
                      map(sorted, opposite_pairs(fold(cells)))}
            names = raw[die]
            assert folded == {frozenset((names[i], names[5 - i])) for i in range(3)}, die
            checked += 1
    assert checked == len(raw) == 12


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_sizes_read_back(faces, paper, tmp_path):
    for make in (net_sheets, sticker_sheets):
        path = tmp_path / f"{make.__name__}.pdf"
        make(faces, paper).save(path)
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) >= 1
            for page in pdf.pages:
                box = [float(v) for v in page.mediabox]
                assert box[:2] == [0, 0]
                assert box[2:] == pytest.approx(PAPER_PT[paper], abs=0.05)


def test_nets_fit_ten_dice_a_page_at_16_mm_and_more_at_12(game, faces):
    assert len(net_sheets(faces, "a4").pages) == 2  # 12 dice, 2 × 5 nets a page
    small = render_die_faces(game, GAME.dice(game), "en", REPO, 12.0)
    assert len(net_sheets(small, "a4").pages) == 1


def test_stickers_keep_a_1_mm_bleed_and_start_each_die_on_a_row(faces):
    pdf = sticker_sheets(faces, "a4")
    [page] = pdf.pages
    trim = [float(v) for v in page.obj.TrimBox]
    bleed = [float(v) for v in page.obj.BleedBox]
    assert trim[0] - bleed[0] == pytest.approx(mm_to_pt(1.0), abs=0.01)
    rows = {}
    for name, _, y in _placements(page):
        rows.setdefault(round(y), []).append(name)
    # one die a row: its character face first, then its five symbols, then blank padding
    used = [names[:6] for _, names in sorted(rows.items(), reverse=True)][:12]
    assert [names[0] for names in used] == [f"/F{faces.page[(d.id, 0)]}" for d in faces.dice]


def test_pngs_are_180_px_squares_named_by_side(faces, tmp_path):
    written = write_face_pngs(faces, tmp_path / "png")
    assert len(written) == 72
    assert written[0].name == "crane-yorick-side1.png" and written[5].name == "crane-yorick-side6.png"
    for path in written:
        with Image.open(path) as image:
            assert image.size == (180, 180) and image.format == "PNG"
    with Image.open(written[0]) as character, Image.open(written[1]) as skull:
        assert character.getpixel((5, 5)) != (255, 255, 255)  # the character colour, to the edge
        assert skull.getpixel((5, 5)) == (255, 255, 255)


def _has_images(obj: pikepdf.Object, seen: set) -> bool:
    if isinstance(obj, pikepdf.Dictionary) or isinstance(obj, pikepdf.Stream):
        if obj.objgen in seen and obj.objgen != (0, 0):
            return False
        seen.add(obj.objgen)
        if obj.get("/Subtype") == "/Image":
            return True
        return any(_has_images(obj[k], seen) for k in obj.keys() if k != "/Parent")
    if isinstance(obj, pikepdf.Array):
        return any(_has_images(v, seen) for v in obj)
    return False


def test_symbols_are_vector_in_every_pdf(faces):
    for make in (net_sheets, sticker_sheets):
        pdf = make(faces, "a4")
        assert not any(_has_images(page.obj, set()) for page in pdf.pages)


def test_a_workspace_die_face_template_overrides_the_built_in_one(game, tmp_path):
    shutil.copytree(REPO / "cards" / "dixe-on-card", tmp_path / "cards" / "dixe-on-card")
    own = tmp_path / "templates" / "dixe-on-card"
    own.mkdir(parents=True)
    (own / "die-face.html.j2").write_text('<div class="die-face">Side {{ side }}</div>',
                                          encoding="utf-8")
    faces = render_die_faces(game, GAME.dice(game)[:1], "en", tmp_path, 16.0)
    document = pypdfium2.PdfDocument(faces.pdf)
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    assert texts[:6] == [f"Side {n}" for n in range(1, 7)]


def test_build_dice_writes_nets_stickers_and_pngs_at_the_chosen_edge(tmp_path):
    result = CliRunner().invoke(main, ["build", "dixe-on-card", "--product", "dice", "--lang",
                                       "en", "--paper", "a4", "--die-edge", "19", "--quiet",
                                       "--out", str(tmp_path), "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "dixe-on-card"
    assert sorted(p.name for p in folder.iterdir()) == [
        "dixe-on-card-dice-en-nets-a4.pdf", "dixe-on-card-dice-en-png",
        "dixe-on-card-dice-en-stickers-a4.pdf"]
    with pikepdf.open(folder / "dixe-on-card-dice-en-stickers-a4.pdf") as pdf:
        trim = [float(v) for v in pdf.pages[0].obj.TrimBox]
        assert (trim[2] - trim[0]) % mm_to_pt(19 + 3) == pytest.approx(mm_to_pt(19), abs=0.05)
    assert len(list((folder / "dixe-on-card-dice-en-png").glob("*-side*.png"))) == 72
    bad = CliRunner().invoke(main, ["build", "dixe-on-card", "--die-edge", "15", "-w", str(REPO)])
    assert bad.exit_code == 2
