"""Exports by design: one file (or Tabletop Simulator pile) per card design, not per copy.

A deck whose game.yaml entry says ``per-design: true`` (or every deck, when the game's
top level says it) is exported as print shops and card-market games take it: ``--product
png`` and the PNG print-shop profiles write one image per design instead of one per
printed copy, with ``quantities.csv`` (file, card id, name, quantity) beside them; the
``tts`` product lays each design out as a pile of its copies instead of one deck pile.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from cardforge.model.game_model import Game

MANIFEST = "quantities.csv"
"""The quantities manifest's file name, beside the images."""
HEADER = ("file", "card id", "name", "quantity")


def per_design(info: Any, deck: str) -> bool:
    """Whether ``deck`` is exported per design: its own ``per-design:``, else the game's
    (game.yaml data ``info``), else not."""
    own = ((info.get("decks") or {}).get(deck) or {}).get("per-design") if isinstance(info, dict) else None
    if isinstance(own, bool):
        return own
    return bool(info.get("per-design")) if isinstance(info, dict) else False


def manifest(game: Game, files: list[tuple[str, str, int]], lang: str) -> bytes:
    """The quantities CSV of ``files``: (file name, card id, quantity) rows, each with the
    card's name in ``lang`` (else the source language); UTF-8, CRLF as spreadsheets write."""
    cards = {card.id: card for card in game.cards()}
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow(HEADER)
    for name, card_id, quantity in files:
        writer.writerow([name, card_id, cards[card_id].name(lang, game.source_language), quantity])
    return buffer.getvalue().encode("utf-8")
