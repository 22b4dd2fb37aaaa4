"""The ``rulesheet`` product: the game's quick-reference sheet."""

from __future__ import annotations

from pathlib import Path

from cardforge.model.game_model import Game
from cardforge.products.booklet_pages import build_booklet
from cardforge.products.product_options import BuildOptions


def build_rulesheet(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The quick-reference sheet: ``<game>-rulesheet-<lang>.pdf``, one or two A4 pages.
    Raises ProductSkipped (no catalog for ``lang``), RenderError from rendering."""
    return build_booklet(game, lang, options, "rulesheet")
