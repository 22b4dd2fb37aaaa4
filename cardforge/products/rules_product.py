"""The ``rules`` product: the game's rule booklet."""

from __future__ import annotations

from pathlib import Path

from cardforge.model.game_model import Game
from cardforge.products.booklet_pages import build_booklet
from cardforge.products.product_options import BuildOptions


def build_rules(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The rule booklet: ``<game>-rules-<lang>.pdf``, A5 pages (cover, contents, chapters,
    components, example cards, glossary, diagrams); with ``options.imposition`` ``"saddle"``
    also ``<game>-rules-<lang>-saddle-<paper>.pdf`` for each paper: the same pages 2-up on
    landscape sheets in saddle-stitch order, padded to a multiple of 4, to print duplex
    (flip on the short edge) and fold. Raises ProductSkipped (no catalog for ``lang``),
    RenderError from rendering."""
    return build_booklet(game, lang, options, "rules")
