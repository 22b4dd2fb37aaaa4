"""From rendered faces to imposed card sheets: expand quantities into slots, then impose.

Every copy of every card becomes one Slot (its front page and its deck's back page), in
deck order then file order, so a deck prints together and sheets read like the YAML. Decks
of one card size share sheets; a deck of another size (its own ``card:`` in game.yaml)
starts sheets of its own, in the same PDF.
"""

from __future__ import annotations

from collections.abc import Collection

import pikepdf

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_model import Game
from cardforge.problem import Location
from cardforge.render.cache.face_book import finish_sheets, sheets_output
from cardforge.render.card_render import RenderedFaces
from cardforge.render.impose.duplex_sheets import Slot, append_sheets
from cardforge.render.impose.fold_over import append_fold_over, layout_fold
from cardforge.render.impose.slot_grid import layout_grid

LAYOUTS = ("sheets", "fold-over")
"""``sheets``: a grid of cards with crop marks, each front sheet followed by its back sheet
(duplex); ``fold-over``: fronts and backs side by side on one sheet, folded in the middle."""


def size_groups(game: Game) -> list[tuple[CardGeometry, list[str]]]:
    """The game's decks grouped by card geometry (``Game.card_geometry(deck)``): (geometry,
    deck ids), in deck order. Raises ValueError for a geometry that cannot be printed
    (:meth:`CardGeometry.check`)."""
    groups: dict[CardGeometry, list[str]] = {}
    for deck in game.decks:
        geometry = game.card_geometry(deck)
        geometry.check()
        groups.setdefault(geometry, []).append(deck)
    return list(groups.items())


def card_slots(game: Game, faces: RenderedFaces, *, backs: bool = True,
               decks: Collection[str] | None = None) -> list[Slot]:
    """One Slot per physical card: ``quantity`` copies of each card, behind it its own back
    (``faces.card_back_page``) if it has one, else its deck's back; only the cards of
    ``decks`` when given.

    Raises KeyError if a card or deck has no rendered face (a bug in the render stage).
    """
    slots: list[Slot] = []
    for deck in game.decks.values():
        if decks is not None and deck.id not in decks:
            continue
        back = faces.back_page.get(deck.id) if backs else None
        for card in deck.cards:
            own = faces.card_back_page.get(card.id, back) if backs else None
            slots.extend([Slot(front=faces.front_page[card.id], back=own)] * card.quantity)
    return slots


def _where(game: Game, deck: str) -> Location:
    """The ``card:`` in game.yaml that sets ``deck``'s size."""
    if "card" in game.info["decks"][deck]:
        return game.manifest.locate("decks", deck, "card")
    return game.manifest.locate("card")


def check_fit(game: Game, paper: str, layout: str = "sheets", gutter_mm: float = 0.0) -> None:
    """Raise ValueError, naming the game.yaml line of its ``card:``, for the first card size of
    ``game`` that does not fit ``paper`` in ``layout`` with ``gutter_mm`` (before any face
    is laid out); also for an unknown layout or paper."""
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}; got {layout!r}")
    for geometry, decks in size_groups(game):
        try:
            if layout == "sheets":
                layout_grid(geometry, paper, gutter_mm=gutter_mm)
            else:
                layout_fold(geometry, paper, gutter_mm=gutter_mm)
        except ValueError as exc:
            raise ValueError(f"{_where(game, decks[0])}: {exc}") from None


def card_sheets(game: Game, faces: RenderedFaces, paper: str, duplex: str, *,
                layout: str = "sheets", gutter_mm: float = 0.0, copies: int = 1) -> pikepdf.Pdf:
    """The game's cards imposed on ``paper`` sheets (``a4`` / ``letter``) in ``layout``
    (:data:`LAYOUTS`), cards ``gutter_mm`` apart, each size group's cards ``copies`` times
    over. ``sheets``: backs for ``duplex`` (long, short or none); ``fold-over``: every card
    with its back (``duplex`` is not used).

    Raises ValueError for an unknown layout, for a game without cards, and, naming the
    game.yaml line of its ``card:``, when a card does not fit the paper.
    """
    check_fit(game, paper, layout, gutter_mm)
    pages = faces.pages()
    out = sheets_output(pages)
    placed = 0
    for geometry, decks in size_groups(game):
        slots = card_slots(game, faces, backs=layout == "fold-over" or duplex != "none",
                           decks=decks) * copies
        if not slots:
            continue
        if layout == "sheets":
            append_sheets(out, pages, slots, geometry, paper, duplex=duplex, gutter_mm=gutter_mm)
        else:
            append_fold_over(out, pages, slots, geometry, paper, gutter_mm=gutter_mm)
        placed += len(slots)
    if not placed:
        raise ValueError("no cards to impose: every deck is empty")
    finish_sheets(out, pages)
    return out
