"""The ``dice`` product: a pack's custom dice as folding nets, stickers and face PNGs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardforge.i18n.translations import with_catalog_texts
from cardforge.model.game_model import Game
from cardforge.model.print_copies import copies
from cardforge.products.dice_sheets import net_sheets, sticker_sheets, write_face_pngs
from cardforge.products.product_builder import output_path
from cardforge.products.product_options import BuildOptions
from cardforge.render.dice_render import render_die_faces
from cardforge.render.impose.duplex_sheets import write_pdf_atomically


def build_dice(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The game's custom dice (``GameSpec.dice(game)``) at ``options.die_edge_mm``: for each
    paper ``<game>-dice-<lang>-nets-<paper>.pdf`` (cross nets with fold lines and glue
    tabs) and ``…-stickers-<paper>.pdf`` (every face with 1 mm bleed and crop marks), and
    the folder ``<game>-dice-<lang>-png/`` of ``<die>-side<n>.png`` faces at The Game
    Crafter's 16 mm d6 size (180 × 180 px). Raises ValueError when the pack has no dice or
    a net or sticker does not fit the paper; RenderError from rendering. Nets and stickers
    repeat every die ``print.dice.copies`` times (:func:`cardforge.model.print_copies.copies`,
    what the biggest table needs; ConfigError when that count is bad), die after die."""
    game = with_catalog_texts(game, lang)  # die names only the catalogs translate
    dice = game.spec.dice(game) if game.spec.dice else None
    if not dice:
        raise ValueError("no custom dice to build (the pack's GameSpec.dice returned none)")
    count = copies(game, "dice")  # before any face is rendered
    cache_root = options.face_cache().folder
    faces = render_die_faces(game, dice, lang, options.root, options.die_edge_mm, cache_root=cache_root)
    printed = replace(faces, dice=tuple(die for die in faces.dice for _ in range(count)))
    written = []
    for paper in options.papers:
        for kind, make in (("nets", net_sheets), ("stickers", sticker_sheets)):
            path = output_path(options, game, "dice", lang, f"{kind}-{paper}.pdf")
            write_pdf_atomically(make(printed, paper), path)
            written.append(path)
    written += write_face_pngs(faces, output_path(options, game, "dice", lang, "png"), cache_root=cache_root)
    return written
