"""What the booklet products (``rules``, ``rulesheet``) share: the game's booklet HTML laid
out into pages (or found laid out in the cache, :mod:`cardforge.render.cache.content_cache`),
written as one PDF and, for the rules, imposed for saddle stitching."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf

from cardforge.booklet.booklet_html import booklet_html
from cardforge.booklet.page_problems import page_problems
from cardforge.boundary.atomic import write_atomically
from cardforge.i18n.translations import catalog_paths
from cardforge.model.game_model import Game
from cardforge.products.product_builder import ProductSkipped, folder
from cardforge.products.product_options import BuildOptions
from cardforge.render.booklet_render import booklet_roots, impose_saddle, lay_out_booklet_pdf
from cardforge.render.cache.content_cache import DocumentSource, cached_document
from cardforge.render.impose.duplex_sheets import write_pdf_atomically


def build_booklet(game: Game, lang: str, options: BuildOptions, kind: str) -> list[Path]:
    """Write ``<game>-<kind>-<lang>.pdf`` (``kind`` ``rules`` or ``rulesheet``) and, for the
    rules with ``options.imposition`` ``"saddle"``, ``…-saddle-<paper>.pdf`` for each paper;
    return the paths. A booklet whose HTML and every file its layout read are unchanged is
    copied from the cache, not laid out. Blocks that overflow their page (and a sheet over
    two pages) are told to ``options.report`` as warnings, the same on a cache hit as when
    laid out. Raises ProductSkipped when ``lang`` is not the source language and the game
    has no catalog for it; RenderError from rendering; OSError when a file cannot be
    written."""
    source_lang = game.source_language
    if lang != source_lang and not catalog_paths(game.root, lang):
        raise ProductSkipped(
            f"{game.id}: no {lang} {kind} yet: the rules are written in {source_lang} and "
            f"cards/{game.id}/locale/{lang}/LC_MESSAGES/ holds no catalog to translate them")

    face_cache = options.face_cache()
    source = booklet_html(game, lang, options.root, kind, face_cache=face_cache)
    document = DocumentSource(kind, source.html, game.root, booklet_roots(options.root))
    booklet = cached_document(document, face_cache.folder, lambda fetcher: lay_out_booklet_pdf(
        source.html, game.root, options.root, source.units, fetcher))
    path = folder(options, game, kind, lang).with_suffix(".pdf")
    written = [write_atomically(path, lambda handle: handle.write(booklet.data))]
    if options.imposition == "saddle" and kind == "rules":
        with pikepdf.open(io.BytesIO(booklet.data)) as pdf:
            for paper in options.papers:
                saddle = path.with_name(f"{path.stem}-saddle-{paper}.pdf")
                write_pdf_atomically(impose_saddle(pdf, paper), saddle)
                written.append(saddle)
    if options.report and booklet.measured is not None:  # a booklet's layout measures it
        for problem in page_problems(kind, lang, source.units, booklet.measured):
            options.report(problem)
    return written
