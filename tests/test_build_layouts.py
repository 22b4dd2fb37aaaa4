"""`cardforge build --layout fold-over --gutter MM` and the layout settings, end to end.

DiXe on Card is the game: 64 mm square cards, each with its own back (back: card), so a
fold-over sheet can be checked card by card: every back must be behind its own front.
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.model.game_packs import discover
from cardforge.model.paper_units import pt_to_mm
from cardforge.model.print_copies import copies
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[1]
GAME = "dixe-on-card"
CARD, BLEED = 64.0, 3.0
TOL = 0.01


def workspace(tmp_path: Path, card: str | None = None, config: str | None = None) -> Path:
    """A workspace holding a copy of DiXe on Card; ``card`` replaces game.yaml's card: line."""
    folder = tmp_path / "cards" / GAME
    shutil.copytree(REPO / "cards" / GAME, folder)
    if card is not None:
        manifest = folder / "game.yaml"
        lines = [f"card: {card}" if line.startswith("card:") else line
                 for line in manifest.read_text(encoding="utf-8").splitlines()]
        manifest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if config is not None:
        (tmp_path / "cardforge.toml").write_text(config, encoding="utf-8")
    return tmp_path


def printed(root: Path) -> int:
    """Cards a build of the workspace ``root`` prints: every card's quantity summed over the
    decks, times game.yaml's ``print: cards: copies`` (DiXe: each set for every player)."""
    game = load_game(root / "cards" / GAME, discover()[GAME]).game
    return copies(game, "cards") * sum(deck.size for deck in game.decks.values())


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """One face cache for the module's builds: faces of one size are laid out once."""
    return tmp_path_factory.mktemp("cache")


def build(root: Path, cache: Path, *args: str):
    return CliRunner().invoke(main, ["build", GAME, "--product", "cards", "--lang", "en",
                                     "--paper", "a4", "--quiet", "-w", str(root),
                                     "--cache-dir", str(cache), *args])


def placements(pdf: pikepdf.Pdf) -> list[list[tuple[int, float, float]]]:
    """Per sheet: (face page, trim left, trim bottom in mm) of every face drawn. The faces
    are WeasyPrint pages (trim at the origin), so the trim is where the form is moved to."""
    sheets = []
    for sheet in pdf.pages:
        found, tx, ty = [], 0.0, 0.0
        for operands, op in pikepdf.parse_content_stream(sheet):
            if str(op) == "cm":
                tx, ty = float(operands[4]), float(operands[5])
            elif str(op) == "Do":
                found.append((int(str(operands[0])[2:]), pt_to_mm(tx), pt_to_mm(ty)))
        sheets.append(found)
    return sheets


@pytest.fixture(scope="module")
def fold_over(tmp_path_factory, cache):
    """The fold-over build with a 2 mm gutter: (result, PDF path, rendered faces)."""
    root = workspace(tmp_path_factory.mktemp("fold"))
    result = build(root, cache, "--layout", "fold-over", "--gutter", "2")
    loaded = load_game(root / "cards" / GAME, discover()[GAME])
    faces = render_card_faces(loaded.game, "en", root, cache=FaceCache(cache))  # the build's
    return result, root / "out" / GAME / f"{GAME}-cards-en-fold-over-a4.pdf", faces


def test_fold_over_build_writes_its_own_file(fold_over):
    result, path, _ = fold_over
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"out/{GAME}/{path.name}"]  # relative to the workspace


def test_fold_over_build_puts_every_back_behind_its_own_front(fold_over):
    _, path, faces = fold_over
    assert faces.laid_out == 0  # the build laid them out already
    cards = printed(REPO)  # the fold-over workspace is an unchanged copy
    with pikepdf.open(path) as pdf:
        # landscape A4: per half 2 × 3 cards of 64 mm + 2 mm gutter, so 6 cards a sheet
        assert len(pdf.pages) == math.ceil(cards / 6)
        assert sum(len(sheet) for sheet in placements(pdf)) == 2 * cards  # each front and back
        for sheet in pdf.pages:
            assert [round(pt_to_mm(float(v)), 2) for v in sheet.obj.MediaBox] == [0, 0, 297, 210]
        where = {page: (x, y) for sheet in placements(pdf) for page, x, y in sheet}
    assert len(faces.front_page) == 12
    for card, front in faces.front_page.items():
        x, y = where[front]
        back_x, back_y = where[faces.card_back_page[card]]
        assert x + CARD + BLEED < 297 / 2 < back_x, card       # fronts left, backs right
        assert abs(back_x - (297 - x - CARD)) <= TOL and abs(back_y - y) <= TOL, card
    xs = sorted({round(x, 2) for x, _ in where.values() if x < 297 / 2})
    assert len(xs) == 2 and abs(xs[1] - xs[0] - (CARD + 2)) <= TOL  # the 2 mm gutter


def test_layout_and_gutter_come_from_the_configuration(tmp_path, cache):
    root = workspace(tmp_path, config='layout = "fold-over"\ngutter = 3\n')
    result = build(root, cache)
    assert result.exit_code == 0, result.output
    with pikepdf.open(root / "out" / GAME / f"{GAME}-cards-en-fold-over-a4.pdf") as pdf:
        assert [round(pt_to_mm(float(v)), 2) for v in pdf.pages[0].obj.MediaBox] == [0, 0, 297, 210]
        xs = sorted({round(x, 2) for _, x, _ in placements(pdf)[0] if x < 297 / 2})
    assert len(xs) == 2 and abs(xs[1] - xs[0] - (CARD + 3)) <= TOL


def test_duplex_with_fold_over_is_a_usage_error(tmp_path, cache):
    root = workspace(tmp_path)
    result = build(root, cache, "--layout", "fold-over", "--duplex", "short")
    assert result.exit_code == 2
    assert "--duplex is for the sheets layout" in result.output and "hint:" in result.output
    assert not (root / "out").exists()


def test_a_card_too_big_for_the_paper_names_game_yaml_and_writes_nothing(tmp_path):
    root = workspace(tmp_path, card="{width: 250, height: 300, bleed: 3, safe: 4}")
    result = build(root, tmp_path / "cache")
    assert result.exit_code == 2
    assert f"cards/{GAME}/game.yaml:11:7: a 250 × 300 mm card" in result.output
    assert "does not fit on a4 paper" in result.output and "hint:" in result.output
    assert not (root / "out").exists() and not (tmp_path / "cache").exists()  # no face laid out


def test_a_preset_size_for_the_game_is_laid_out_and_imposed_at_that_size(tmp_path, cache):
    root = workspace(tmp_path, card="{size: square, bleed: 2, safe: 4}")
    result = build(root, cache, "--gutter", "1")
    assert result.exit_code == 0, result.output
    with pikepdf.open(root / "out" / GAME / f"{GAME}-cards-en-a4.pdf") as pdf:
        # 70 mm squares, 1 mm gutter, portrait A4: 2 × 4 fit (4 × 70 + 3 × 1 + 2 × 5 ≤ 297)
        first = placements(pdf)[0]
        # 8 cards a sheet, each sheet followed by its backs
        assert len(pdf.pages) == 2 * math.ceil(printed(root) / 8) and len(first) == 8
        assert abs(first[1][1] - first[0][1] - 71) <= TOL and abs(first[0][2] - first[2][2] - 71) <= TOL
        trim = [pt_to_mm(float(v)) for v in pdf.pages[0].obj.TrimBox]
    assert abs(trim[2] - trim[0] - 141) <= TOL and abs(trim[3] - trim[1] - 283) <= TOL
