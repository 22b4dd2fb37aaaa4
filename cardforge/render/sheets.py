"""From rendered faces to imposed card sheets: expand quantities into slots, then impose.

Every copy of every card becomes one Slot (its front page and its deck's back page), in
deck order then file order, so a deck prints together and sheets read like the YAML.
"""

from __future__ import annotations

import pikepdf

from cardforge.model import Game
from cardforge.render.cards import RenderedFaces
from cardforge.render.geometry import CardGeometry
from cardforge.render.impose import Slot, impose_sheets


def card_geometry(game: Game) -> CardGeometry:
    """The game's card geometry (trim, bleed, safe area in mm) from game.yaml ``card:``."""
    width, height, bleed, safe = game.card_geometry()
    return CardGeometry(width, height, bleed, safe)


def card_slots(game: Game, faces: RenderedFaces, *, backs: bool = True) -> list[Slot]:
    """One Slot per physical card: ``quantity`` copies of each card, behind it its own back
    (``faces.card_back_page``) if it has one, else its deck's back.

    Raises KeyError if a card or deck has no rendered face (a bug in the render stage).
    """
    slots: list[Slot] = []
    for deck in game.decks.values():
        back = faces.back_page.get(deck.id) if backs else None
        for card in deck.cards:
            own = faces.card_back_page.get(card.id, back) if backs else None
            slots.extend([Slot(front=faces.front_page[card.id], back=own)] * card.quantity)
    return slots


def card_sheets(game: Game, faces: RenderedFaces, paper: str, duplex: str) -> pikepdf.Pdf:
    """The game's cards imposed on ``paper`` sheets (``a4`` / ``letter``), backs for ``duplex``.

    Raises ValueError (from imposition) when the card does not fit the paper.
    """
    slots = card_slots(game, faces, backs=duplex != "none")
    return impose_sheets(faces.pages(), slots, card_geometry(game), paper, duplex=duplex)
