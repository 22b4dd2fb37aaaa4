"""What the booklet products (``rules``, ``rulesheet``) share: the game's booklet HTML laid
out into pages, written as one PDF and, for the rules, imposed for saddle stitching."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf

from cardforge.booklet.document import booklet_html
from cardforge.i18n.translations import catalog_paths
from cardforge.model import Game
from cardforge.products.builder import ProductSkipped
from cardforge.products.options import BuildOptions
from cardforge.render.booklet import impose_saddle, layout_booklet, write_booklet_pdf
from cardforge.render.impose import write_pdf_atomically


def build_booklet(game: Game, lang: str, options: BuildOptions, kind: str) -> list[Path]:
    """Write ``<game>-<kind>-<lang>.pdf`` (``kind`` ``rules`` or ``rulesheet``) and, for the
    rules with ``options.imposition`` ``"saddle"``, ``…-saddle-<paper>.pdf`` for each paper;
    return the paths. Raises ProductSkipped when ``lang`` is not the source language and the
    game has no catalog for it; RenderError from rendering."""
    source_lang = game.source_language
    if lang != source_lang and not catalog_paths(game.root, lang):
        raise ProductSkipped(
            f"{game.id}: no {lang} {kind} yet: the rules are written in {source_lang} and "
            f"cards/{game.id}/locale/{lang}/LC_MESSAGES/ holds no catalog to translate them")

    source = booklet_html(game, lang, options.root, kind)
    document = layout_booklet(source.html, game.root, options.root)
    path = options.out / game.id / f"{game.id}-{kind}-{lang}.pdf"
    written = [path]
    with pikepdf.open(io.BytesIO(write_booklet_pdf(document))) as pdf:
        write_pdf_atomically(pdf, path)
        if options.imposition == "saddle" and kind == "rules":
            for paper in options.papers:
                saddle = path.with_name(f"{path.stem}-saddle-{paper}.pdf")
                write_pdf_atomically(impose_saddle(pdf, paper), saddle)
                written.append(saddle)
    return written
