"""Tabletop Simulator: deck sheets, back images and a saved object that imports the decks.

TTS reads a deck from one image holding a grid of card faces, at most 10 columns × 7 rows
and at most 4096 px a side (a texture limit), plus a back image. The last slot of the grid
is the "hidden" card TTS shows for cards in another player's hand; cardforge fills it with
the deck's back and also sets ``BackIsHidden``, so either reading works. A sheet therefore
holds at most 69 cards; a bigger deck gets more sheets. Cards are drawn trim only (no
bleed), all of one deck at one size: the card's size at ``dpi``, scaled down until the
sheet fits 4096 px.

:func:`plan_decks` decides sheets and slots; :mod:`cardforge.products.tts_files` draws and
writes them with the saved-object JSON; :mod:`cardforge.products.tts_product` is the product.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardforge.model.game_model import Deck, Game
from cardforge.render.card_render import RenderedFaces
from cardforge.render.pdf.page_raster import pixels

MAX_COLUMNS, MAX_ROWS, MAX_PX = 10, 7, 4096
"""TTS's largest deck sheet: 10 × 7 cards, 4096 px a side."""


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: ``id`` is its CustomDeck number (unique in the saved object);
    ``faces[i]`` the face page in slot ``i``; ``backs[i]`` that card's own back page (decks
    whose cards each have their own back), else empty. The hidden slot is the last one,
    ``columns × rows − 1``."""

    id: int
    columns: int
    rows: int
    faces: tuple[int, ...]
    backs: tuple[int, ...] = ()

    @property
    def hidden_slot(self) -> int:
        """Index of the slot TTS uses for the hidden card (the grid's last)."""
        return self.columns * self.rows - 1


@dataclass(frozen=True)
class DeckPlan:
    """One game deck in TTS: its ``sheets``, the shared ``back`` page (None when each card
    has its own back), ``card_px`` (width, height of one slot in px) and ``cards``: every
    physical card as (name, sheet id, slot), copies repeated, in deck order."""

    deck: Deck
    sheets: tuple[Sheet, ...]
    back: int | None
    card_px: tuple[int, int]
    cards: tuple[tuple[str, int, int], ...]


def grid(count: int) -> tuple[int, int]:
    """(columns, rows) of the smallest sheet for ``count`` cards plus the hidden slot: at
    most 10 × 7, at least 2 × 2. Raises ValueError for more than 69 cards or fewer than 1."""
    if not 1 <= count <= MAX_COLUMNS * MAX_ROWS - 1:
        raise ValueError(f"a TTS sheet holds 1 to {MAX_COLUMNS * MAX_ROWS - 1} cards, not {count}")
    rows = max(2, math.ceil((count + 1) / MAX_COLUMNS))
    return max(2, math.ceil((count + 1) / rows)), rows


def card_pixels(trim_mm: tuple[float, float], dpi: float, columns: int, rows: int) -> tuple[int, int]:
    """Pixel size (width, height) of one card: the trim at ``dpi``, scaled down (aspect kept)
    until ``columns`` × ``rows`` cards fit :data:`MAX_PX` on each side."""
    width, height = pixels(trim_mm[0], dpi), pixels(trim_mm[1], dpi)
    scale = min(1.0, MAX_PX / (columns * width), MAX_PX / (rows * height))
    return max(1, math.floor(width * scale)), max(1, math.floor(height * scale))


def plan_decks(game: Game, faces: RenderedFaces, trim_mm: tuple[float, float],
               dpi: float, lang: str) -> list[DeckPlan]:
    """Sheets for every deck of ``game`` (decks without cards are left out). Each distinct
    card takes one slot; copies share it. Sheet ids count from 1 across the game.
    ``trim_mm`` is the card's trim (width, height) in mm; card names are in ``lang``."""
    fallback = game.source_language
    plans: list[DeckPlan] = []
    next_id = 1
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    for deck in game.decks.values():
        if not deck.cards:
            continue
        own_backs = deck.id not in faces.back_page
        chunks = [deck.cards[i:i + per_sheet] for i in range(0, len(deck.cards), per_sheet)]
        sheets, cards = [], []
        for chunk in chunks:
            columns, rows = grid(len(chunk))
            sheet = Sheet(next_id, columns, rows, tuple(faces.front_page[c.id] for c in chunk),
                          tuple(faces.card_back_page[c.id] for c in chunk) if own_backs else ())
            sheets.append(sheet)
            for slot, card in enumerate(chunk):
                name = card.name(lang, fallback)
                cards += [(name, sheet.id, slot)] * card.quantity
            next_id += 1
        widest = max(sheets, key=lambda s: (s.columns, s.rows))
        size = card_pixels(trim_mm, dpi, MAX_COLUMNS if len(sheets) > 1 else widest.columns,
                           MAX_ROWS if len(sheets) > 1 else widest.rows)
        plans.append(DeckPlan(deck, tuple(sheets), None if own_backs else faces.back_page[deck.id],
                              size, tuple(cards)))
    return plans


def deck_id(sheet_id: int, slot: int) -> int:
    """The CardID TTS gives the card in ``slot`` of sheet ``sheet_id``: id × 100 + slot."""
    return sheet_id * 100 + slot
