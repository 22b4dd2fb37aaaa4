"""Dice Tuners hero fronts: no racing stripe shows in the gaps round the Overdrive plate
(pixels of every hero's rendered face at 300 dpi, in both languages)."""

from __future__ import annotations

import pypdfium2
import pytest

from cardforge.games.dice_tuners import GAME
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.game_loading import load_game
from tests.games.dice_tuners.conftest import GAME_DIR, REPO

DPI = 300
PLATE = (0xFF, 0xF7, 0xE0)      # the Overdrive plate's paper
DARK = 70                       # the panel's floor and ink: every channel below this


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def _near(pixel: tuple[int, ...], colour: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=True))


def _gap_pixels(image) -> list[tuple[int, int, tuple[int, ...]]]:
    """The pixels of the gaps below and right of the Overdrive plate (the lowest plate):
    from its 0.5 mm ink edge (and two pixels of antialiasing) on to the panel's ink edge,
    its rounded corners left out; beside it, along its lowest 4 mm."""
    width, height = image.size
    centre = width // 2
    bottom = max(y for y in range(height) if _near(image.getpixel((centre, y)), PLATE))
    middle = bottom - _px(2)
    right = max(x for x in range(width) if _near(image.getpixel((x, middle)), PLATE))
    edge, gap = _px(0.5) + 2, _px(1.2)   # on to the panel's own ink edge
    below = [(x, y) for y in range(bottom + edge, bottom + edge + gap)
             for x in range(width * 3 // 10, right - _px(2))]
    beside = [(x, y) for x in range(right + edge, right + edge + gap)
              for y in range(bottom - _px(4), bottom - _px(1.5))]
    return [(x, y, image.getpixel((x, y))) for x, y in below + beside]


@pytest.fixture(scope="module")
def game():
    return load_game(GAME_DIR, GAME).game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_stripe_shows_round_the_overdrive_plate(game, lang):
    faces = render_card_faces(game, lang, REPO)
    document = pypdfium2.PdfDocument(faces.pdf)
    try:
        for card in game.decks["hero"].cards:
            image = document[faces.front_page[card.id]].render(scale=DPI / 72).to_pil().convert("RGB")
            bright = [(x, y, p) for x, y, p in _gap_pixels(image) if max(p) >= DARK]
            assert not bright, f"{card.id}: {len(bright)} bright pixels, e.g. {bright[:3]}"
    finally:
        document.close()
