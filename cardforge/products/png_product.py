"""The ``png`` product: one PNG per physical card, rasterised from the cached face pages,
at the game's size or at a ``png`` print-shop profile's (after preflight).

File names: ``<card-id>.png`` for a card printed once, ``<card-id>-1.png`` …
``<card-id>-<n>.png`` for one printed ``n`` times (a shop's bulk upload then counts every
copy), or one ``<card-id>.png`` per design with ``quantities.csv`` for decks exported per
design (:mod:`cardforge.products.per_design`); ``back-<deck>.png`` for a deck's shared
back, ``<card-id>-back[-<n>].png`` for a card's own back. Each distinct face is
rasterised once, or read back from the content cache
(:mod:`cardforge.render.cache.cached_raster`, keyed by the face's own content key); every file
is written whole or not at all.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cardforge.errors import ConfigError
from cardforge.model.game_model import Game
from cardforge.products.per_design import MANIFEST, manifest, per_design
from cardforge.products.product_builder import folder
from cardforge.products.product_faces import card_faces, check
from cardforge.products.product_options import BuildOptions
from cardforge.render.cache.cached_raster import PageSource, cached_png
from cardforge.render.card_render import RenderedFaces
from cardforge.render.pdf.page_raster import page_image, save_bytes


def build_png(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """One PNG per physical card plus the backs (see :func:`write_card_pngs`), trim + bleed.
    Without a profile: at the game's size, ``options.dpi``, into ``<game>-png-<lang>/``.
    With a ``png`` profile: at its trim, bleed and exact pixel size, after preflight, into
    ``<game>-<profile>-<lang>/``. Raises ConfigError for a profile making something else,
    DataError for preflight errors, RenderError."""
    profile = options.profile
    if profile is not None and profile.output != "png":
        raise ConfigError(f"profile {profile.id} makes {profile.output}, not png")
    geometry = profile.geometry(game.card_geometry()) if profile else game.card_geometry()
    faces = card_faces(game, lang, options, geometry)
    if profile is not None:
        check(game, profile, faces, geometry, options)
    return write_card_pngs(game, faces, folder(options, game, profile.id if profile else "png", lang),
                           dpi=(profile.dpi if profile else None) or options.dpi, bleed_mm=geometry.bleed_mm,
                           size_px=profile.pixels if profile else None,
                           cache_root=options.face_cache().folder)


def png_names(game: Game, faces: RenderedFaces) -> list[tuple[str, int]]:
    """(file name, face page index) of every PNG, in deck order then file order (one per
    design for a deck exported per design, :mod:`cardforge.products.per_design`). Raises
    ValueError when two files would share a name (a card id such as ``back-<deck>``)."""
    names: list[tuple[str, int]] = []
    for deck in game.decks.values():
        once = per_design(game.info, deck.id)
        for card in deck.cards:
            copies = [""] if card.quantity == 1 or once else [f"-{n}" for n in range(1, card.quantity + 1)]
            names += [(f"{card.id}{copy}.png", faces.front_page[card.id]) for copy in copies]
            if card.id in faces.card_back_page:
                names += [(f"{card.id}-back{copy}.png", faces.card_back_page[card.id]) for copy in copies]
        if deck.id in faces.back_page:
            names.append((f"back-{deck.id}.png", faces.back_page[deck.id]))
    seen: set[str] = set()
    for name, _ in names:
        if name in seen:
            raise ValueError(f"two card images would be named {name}; rename the card whose id "
                             "looks like a back's or a copy's file name")
        seen.add(name)
    return names


def write_card_pngs(game: Game, faces: RenderedFaces, folder: Path, *, dpi: float,
                    bleed_mm: float, keep_bleed: bool = True,
                    size_px: tuple[int, int] | None = None,
                    cache_root: Path | None = None) -> list[Path]:
    """Write every card's PNG (see :func:`png_names`) into ``folder`` (created) and return
    the paths. Faces are trim + ``bleed_mm``; ``keep_bleed`` False crops to the trim. The
    image is ``size_px`` (width, height in px) when given, else the face at ``dpi``; ``dpi``
    is recorded in each file. Each face's PNG is kept under ``cache_root`` (None: not kept)
    by its face's content key, so the faces' PDF is opened only when one must be drawn."""
    by_page: dict[int, list[str]] = {}
    for name, page in png_names(game, faces):
        by_page.setdefault(page, []).append(name)
    crop = 0.0 if keep_bleed else bleed_mm
    drawing = f"crop {crop} mm, size {size_px} px, {None if size_px else dpi} dpi"
    written = []
    with PageSource(lambda: faces.pdf) as source:
        for page, names in by_page.items():  # one face in memory at a time
            def draw(page: int = page) -> Image.Image:
                return page_image(source.document(), page, crop_mm=crop, size_px=size_px,
                                  dpi=None if size_px else dpi)

            data = cached_png(cache_root, "card png", [faces.files[page].stem, drawing], draw,
                              dpi=dpi)  # encoded once, however many copies
            written += [save_bytes(data, folder / name) for name in names]
    if any(per_design(game.info, deck) for deck in game.decks):
        written.append(save_bytes(manifest(game, _fronts(game), game.source_language), folder / MANIFEST))
    return written


def _fronts(game: Game) -> list[tuple[str, str, int]]:
    """(front file, card id, quantity the file stands for) of every card, as
    :func:`png_names` names them: a design's one file counts its copies, a copy's file one."""
    rows: list[tuple[str, str, int]] = []
    for deck in game.decks.values():
        once = per_design(game.info, deck.id)
        for card in deck.cards:
            if card.quantity == 1 or once:
                rows.append((f"{card.id}.png", card.id, card.quantity))
            else:
                rows += [(f"{card.id}-{n}.png", card.id, 1) for n in range(1, card.quantity + 1)]
    return rows
