"""The ``tts`` product: Tabletop Simulator deck sheets, backs and a saved object."""

from __future__ import annotations

from pathlib import Path

from cardforge.model.game_model import Game
from cardforge.products.per_design import per_design
from cardforge.products.product_builder import folder
from cardforge.products.product_faces import card_faces
from cardforge.products.product_options import BuildOptions
from cardforge.products.tts_files import write_tts
from cardforge.products.tts_plan import plan_decks
from cardforge.render.cache.cached_raster import PageSource


def build_tts(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Tabletop Simulator deck sheets, backs and ``<game>.json`` into ``<game>-tts-<lang>/``
    (see :mod:`cardforge.products.tts_plan`); cards at ``options.dpi`` or smaller, so that a
    sheet stays within 4096 px; each picture read back from the content cache when the
    faces it shows are unchanged. Raises RenderError."""
    geometry = game.card_geometry()
    faces = card_faces(game, lang, options, geometry)
    plans = plan_decks(game, faces, geometry.trim, options.dpi, lang)
    fallback = game.source_language
    names = {deck.id: (deck.spec.get("name") or {}).get(lang) or (deck.spec.get("name") or {}).get(fallback)
             or deck.id for deck in game.decks.values()}
    with PageSource(lambda: faces.pdf) as source:
        return write_tts(plans, source, [file.stem for file in faces.files], geometry.bleed_mm,
                         folder(options, game, "tts", lang), game.id, names,
                         cache_root=options.face_cache().folder,
                         piles=frozenset(d for d in game.decks if per_design(game.info, d)))
