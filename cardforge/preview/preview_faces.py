"""The faces of one game in one language, as the preview shows them: the same faces a build
imposes (:func:`~cardforge.render.card_render.render_card_faces`, laid out only when the face cache
lacks them), each with the overflow measurements stored beside it
(:mod:`cardforge.render.layout.text_overflow`: how far each text box overflows and where the box stands,
turned into an outline on the face image), grouped by deck with each card's YAML file and line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from cardforge.i18n.translations import with_catalog_texts
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_model import Game
from cardforge.preview.preview_images import FACE_DPI, FaceSource, ImageStore
from cardforge.preview.preview_views import (
    CardView,
    DeckView,
    FaceView,
    OutlineView,
    OverflowView,
    shown_path,
)
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_render import render_card_faces
from cardforge.render.layout.face_box import FaceBox
from cardforge.render.layout.text_overflow import load, sidecar
from cardforge.render.pdf.page_raster import pixels
from cardforge.render.workers.early_layout import Landed

MIN_MM = 0.1
"""Overflows below this (mm) are layout rounding (as lint's TR105 judges them)."""


@dataclass(frozen=True)
class Faces:
    """The ``decks`` of one game in one language, and how many faces were ``laid_out`` to
    make them (the rest came from the face cache)."""

    decks: tuple[DeckView, ...]
    laid_out: int


def game_faces(game: Game, lang: str, workspace: Path, cache: FaceCache, store: ImageStore,
               jobs: int = 1, landed: Callable[[Landed], None] | None = None) -> Faces:
    """Every face of ``game`` in ``lang``, registered in ``store`` by face-cache key.
    ``landed`` is told of each card face laid out anew as soon as it is (see
    :func:`~cardforge.render.card_render.render_card_faces`), from the pool's result thread or, for
    a face already stored, at once.

    Raises what :func:`~cardforge.render.card_render.render_card_faces` raises (RenderError,
    MissingFontError, DataError for a broken catalog) and OSError when the cache cannot be
    written.
    """
    printed = with_catalog_texts(game, lang)
    rendered = render_card_faces(printed, lang, workspace, cache=cache, jobs=jobs, landed=landed)
    files = rendered.files
    views: dict[int, FaceView] = {}

    def face(page: int, geometry: CardGeometry) -> FaceView:
        if page not in views:
            pdf = files[page]
            store.add_face(pdf.stem, FaceSource(pdf, geometry.bleed_mm))
            views[page] = FaceView(pdf.stem, pixels(geometry.width_mm, FACE_DPI),
                                   pixels(geometry.height_mm, FACE_DPI), _overflows(pdf, geometry))
        return views[page]

    where_shown: dict[Path, str] = {}  # a card file's path as shown, once a file
    decks = []
    for deck in printed.decks.values():
        size = printed.card_geometry(deck.id)
        cards = []
        for card in deck.cards:
            where = card.doc.locate(*card.pointer)
            if where.path not in where_shown:
                where_shown[where.path] = shown_path(where.path, workspace)
            own_back = rendered.card_back_page.get(card.id)
            cards.append(CardView(card.id, card.name(lang, printed.source_language), card.quantity,
                                  where_shown[where.path], where.line,
                                  face(rendered.front_page[card.id], size),
                                  face(own_back, size) if own_back is not None else None))
        back = rendered.back_page.get(deck.id)
        decks.append(DeckView(deck.id, _deck_name(deck.spec, lang, deck.id),
                              face(back, size) if back is not None else None, tuple(cards), deck.size))
    return Faces(tuple(decks), rendered.laid_out)


def landed_face(face: Landed, store: ImageStore) -> FaceView:
    """The view of a face laid out early (:class:`~cardforge.render.workers.early_layout.Landed`),
    registered in ``store`` as :func:`game_faces` registers its faces."""
    store.add_face(face.key, FaceSource(face.page, face.geometry.bleed_mm))
    return FaceView(face.key, pixels(face.geometry.width_mm, FACE_DPI),
                    pixels(face.geometry.height_mm, FACE_DPI), _overflows(face.page, face.geometry))


def swapped(decks: tuple[DeckView, ...], card_id: str, side: str,
            face: FaceView) -> tuple[DeckView, ...] | None:
    """``decks`` with the ``side`` (``"front"`` or ``"back"``) of card ``card_id`` shown as
    ``face``; None when no card of that id is in them."""
    for index, deck in enumerate(decks):
        for place, card in enumerate(deck.cards):
            if card.id == card_id:
                card = replace(card, front=face) if side == "front" else replace(card, back=face)
                cards = (*deck.cards[:place], card, *deck.cards[place + 1:])
                return (*decks[:index], replace(deck, cards=cards), *decks[index + 1:])
    return None


def _deck_name(spec: dict, lang: str, fallback: str) -> str:
    """A deck's ``name:`` from game.yaml in ``lang`` (a text or ``{lang: text}``), else its id."""
    name = spec.get("name")
    if isinstance(name, dict):
        name = name.get(lang) or next(iter(name.values()), None)
    return str(name) if name else fallback


@lru_cache(maxsize=100_000)
def _overflows(pdf: Path, geometry: CardGeometry) -> tuple[OverflowView, ...]:
    """The text boxes of the cached face ``pdf`` (a card of ``geometry``) that overflow by
    :data:`MIN_MM` or more, each with its outline on the face image, from its stored
    measurements (none when they cannot be read: the lint's TR105 says so). Remembered: a
    face's file is named by its content key, its measurements never change."""
    try:
        measured = load(sidecar(pdf), pdf.stem)
    except ValueError:
        return ()
    return tuple(OverflowView(m.field, round(max(m.height_mm, m.width_mm), 1),
                              None if m.box is None else outline(m.box, geometry))
                 for m in measured if max(m.height_mm, m.width_mm) >= MIN_MM)


def outline(box: FaceBox, geometry: CardGeometry) -> OutlineView | None:
    """Where ``box`` (mm on the face page: trim + bleed) stands on the face image, which
    shows the trim of ``geometry`` only: in % of the trim, cut at its edges, rounded to
    0.01 %. None when nothing of the box is inside the trim (it lies in the bleed)."""
    bleed, width, height = geometry.bleed_mm, geometry.width_mm, geometry.height_mm
    if width <= 0 or height <= 0:
        return None

    def share(mm: float, trim: float) -> float:
        return min(max((mm - bleed) / trim, 0.0), 1.0) * 100

    left, right = share(box.left_mm, width), share(box.left_mm + box.width_mm, width)
    top, bottom = share(box.top_mm, height), share(box.top_mm + box.height_mm, height)
    if right <= left or bottom <= top:
        return None
    return OutlineView(round(left, 2), round(top, 2), round(right - left, 2), round(bottom - top, 2))
