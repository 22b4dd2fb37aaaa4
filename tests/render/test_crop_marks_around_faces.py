"""Crop marks only around the slots that hold a face: a part-filled card sheet, a part-filled
fold-over sheet, sticker sheets and the real Comic Creator card sheets, each read back with
pikepdf (mark segments against where the faces were drawn)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.dice_tuners import GAME as DICE_TUNERS
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_packs import discover
from cardforge.model.paper_units import pt_to_mm
from cardforge.products.dice_sheets import sticker_sheets
from cardforge.render.dice_render import render_die_faces
from cardforge.render.impose.duplex_sheets import Slot, impose_sheets
from cardforge.render.impose.fold_over import impose_fold_over
from cardforge.workspace.game_loading import load_game
from tests.render.test_impose import make_faces, mark_segments, reopen

REPO = Path(__file__).resolve().parents[2]
POKER = CardGeometry.poker()
REACH_MM = 1.0 + 5.0   # a mark starts 1 mm past the bleed and is at most 5 mm long
TOL = 0.01

Box = tuple[float, float, float, float]


def clips(sheet: pikepdf.Page) -> list[Box]:
    """The clip rectangle (mm) of each face drawn on ``sheet`` (``re W n … Do``)."""
    found, rect = [], None
    for operands, operator in pikepdf.parse_content_stream(sheet):
        if str(operator) == "re":
            x, y, w, h = (pt_to_mm(float(v)) for v in operands)
            rect = (x, y, x + w, y + h)
        elif str(operator) == "Do":
            found.append(rect)
    return found


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOL


def assert_marks_around(segments: list[Box], trims: list[Box], bleed: float) -> None:
    """Every mark stands by a drawn card: a vertical mark above (below) the drawn cards'
    bleed, within a mark's reach, on a side trim of a card of their top (bottom) row; a
    horizontal one left (right) of them on a trim of a card of their left (right) column.
    Every trim line of a drawn card has a mark."""
    top, bottom = max(t[3] for t in trims), min(t[1] for t in trims)
    left, right = min(t[0] for t in trims), max(t[2] for t in trims)
    marked_x, marked_y = set(), set()
    for x0, y0, x1, y1 in segments:
        if _near(x0, x1):   # a vertical mark: above or below the cards
            lo, hi = min(y0, y1), max(y0, y1)
            if lo >= top + bleed - TOL and hi <= top + bleed + REACH_MM + TOL:
                side = [t for t in trims if _near(t[3], top)]
            else:
                assert hi <= bottom - bleed + TOL and lo >= bottom - bleed - REACH_MM - TOL, (x0, y0, y1)
                side = [t for t in trims if _near(t[1], bottom)]
            assert any(_near(x0, t[0]) or _near(x0, t[2]) for t in side), (x0, y0, y1)
            marked_x.add(round(x0, 2))
        else:               # a horizontal mark: left or right of the cards
            assert _near(y0, y1)
            lo, hi = min(x0, x1), max(x0, x1)
            if hi <= left - bleed + TOL and lo >= left - bleed - REACH_MM - TOL:
                side = [t for t in trims if _near(t[0], left)]
            else:
                assert lo >= right + bleed - TOL and hi <= right + bleed + REACH_MM + TOL, (y0, x0, x1)
                side = [t for t in trims if _near(t[2], right)]
            assert any(_near(y0, t[1]) or _near(y0, t[3]) for t in side), (y0, x0, x1)
            marked_y.add(round(y0, 2))
    assert marked_x == {round(v, 2) for t in trims for v in (t[0], t[2])}
    assert marked_y == {round(v, 2) for t in trims for v in (t[1], t[3])}


def test_a_part_filled_sheet_has_marks_only_around_its_cards():
    out = reopen(impose_sheets(make_faces(2), [Slot(0, 1)] * 12, POKER, "a4"))
    assert len(out.pages) == 4
    for sheet in out.pages[2:]:   # three cards, front and back, on a nine-slot grid
        trims = [(x0 + (3 if x0 < 20 else 0), y0 + 0, x1 - (3 if x1 > 190 else 0), y1)
                 for x0, y0, x1, y1 in clips(sheet)]
        trims = [(t[0], t[3] - 3 - 88, t[2], t[3] - 3) for t in trims]   # the top row
        assert len(trims) == 3
        assert_marks_around(mark_segments(sheet), trims, 3)
        assert len(mark_segments(sheet)) == 2 * 4 + 2 * 2   # four cuts across, two along


def test_an_empty_slot_gets_no_face_and_no_marks():
    out = reopen(impose_sheets(make_faces(1), [Slot(0), Slot(None), Slot(None), Slot(0)],
                               POKER, "a4", duplex="none"))
    [sheet] = out.pages
    assert len(clips(sheet)) == 2
    ys = {round(y0, 2) for x0, y0, x1, y1 in mark_segments(sheet) if y0 == y1}
    assert len(ys) == 3   # rows one and two: three horizontal cuts, none for row three


def test_a_part_filled_fold_over_sheet_marks_only_its_cards():
    out = reopen(impose_fold_over(make_faces(2), [Slot(0, 1)] * 2, POKER, "a4"))
    [sheet] = out.pages
    segments = [s for s in mark_segments(sheet) if not (s[0] == s[2] and abs(s[3] - s[1]) > 100)]
    drawn = clips(sheet)
    assert len(drawn) == 4   # two fronts, two backs
    # each card's trim is its clip less the bleed on the grid's outer edges (butted inside)
    fronts = sorted(drawn)[:2]
    backs = sorted(drawn)[2:]
    for half in (fronts, backs):
        x0 = min(c[0] for c in half) + 3
        x1 = max(c[2] for c in half) - 3
        top = max(c[3] for c in half) - 3
        trims = [(x0 + i * 63, top - 88, x0 + (i + 1) * 63, top) for i in range(2)]
        assert x0 + 2 * 63 == pytest.approx(x1)   # two cards side by side
        inside = [s for s in segments if min(s[0], s[2]) > x0 - 12 and max(s[0], s[2]) < x1 + 12]
        assert_marks_around(inside, trims, 3)


@pytest.fixture(scope="module")
def tuners_faces():
    game = load_game(REPO / "cards" / "dice-tuners", DICE_TUNERS).game
    return render_die_faces(game, DICE_TUNERS.dice(game), "en", REPO, 16.0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sticker_sheets_mark_only_the_rows_of_stickers(tuners_faces, paper):
    bleed = tuners_faces.bleed_mm
    for sheet in reopen(sticker_sheets(tuners_faces, paper)).pages:
        trims = [(x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed) for x0, y0, x1, y1 in clips(sheet)]
        assert len(trims) == 6 * len(tuners_faces.dice)
        assert_marks_around(mark_segments(sheet), trims, bleed)


@pytest.fixture(scope="module")
def comic_sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("cards")
    result = CliRunner().invoke(main, ["build", "comic-creator", "--product", "cards", "--lang",
                                       "en", "--paper", "a4", "--quiet", "--out", str(out),
                                       "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    [pdf] = (out / "comic-creator").glob("*-a4.pdf")
    return pikepdf.open(pdf)


def test_every_comic_creator_sheet_marks_only_its_cards(comic_sheets):
    game = load_game(REPO / "cards" / "comic-creator", discover()["comic-creator"]).game
    w, h = game.card_geometry().trim
    bleed = game.card_geometry().bleed_mm
    counts = []
    for sheet in comic_sheets.pages:
        gx0, _, _, gy1 = (pt_to_mm(float(v)) for v in sheet.obj.TrimBox)
        trims = []
        for x0, y0, x1, y1 in clips(sheet):   # the grid slot each clip's centre falls in
            col, row = int(((x0 + x1) / 2 - gx0) // w), int((gy1 - (y0 + y1) / 2) // h)
            trims.append((gx0 + col * w, gy1 - (row + 1) * h, gx0 + (col + 1) * w, gy1 - row * h))
        counts.append(len(trims))
        assert_marks_around(mark_segments(sheet), trims, bleed)
    assert min(counts) < max(counts)   # the last sheets are part-filled
