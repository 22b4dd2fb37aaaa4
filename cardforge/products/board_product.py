"""The ``board`` product: every board game.yaml's ``boards:`` declares, on each paper."""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import ConfigError
from cardforge.i18n.translations import with_catalog_texts
from cardforge.model.board_specs import boards
from cardforge.model.game_model import Game
from cardforge.products.product_builder import ProductSkipped, output_path
from cardforge.products.product_options import BuildOptions
from cardforge.render.board_render import render_board, tile_board
from cardforge.render.impose.duplex_sheets import write_pdf_atomically


def build_board(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Each board as ``<game>-board-<lang>-<board>-<paper>.pdf``: laid out once at its size
    (mm, from game.yaml) and placed on A4 / Letter sheets, whole when it fits, else tiled
    with overlap marks (:func:`cardforge.render.board_render.tile_board`). Raises ProductSkipped for
    a game without boards; ConfigError at a bad size or when a board needs too many sheets;
    RenderError from rendering."""
    game = with_catalog_texts(game, lang)  # board names and facts' texts the catalogs translate
    declared = boards(game)
    if not declared:
        raise ProductSkipped(f"{game.id} declares no boards (game.yaml boards:)")
    written = []
    for board in declared:
        page = render_board(game, board, lang, options.root, cache_root=options.face_cache().folder)
        for paper in options.papers:
            try:
                sheets = tile_board(page, board.width_mm, board.height_mm, paper)
            except ValueError as exc:
                raise ConfigError(f"{game.manifest.locate('boards', board.id)}: {exc}",
                                  hint="make the board smaller (its width and height)") from None
            path = output_path(options, game, "board", lang, f"{board.id}-{paper}.pdf")
            write_pdf_atomically(sheets, path)
            written.append(path)
    return written
