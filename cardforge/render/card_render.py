"""A game's card faces, rendered: every distinct front and back laid out once, then cached.

Two stages: :func:`~cardforge.render.face_sources.face_sources` renders the templates
into HTML fragments and one stylesheet (:class:`~cardforge.render.face_sources.FaceSources`,
:mod:`cardforge.render.face_sources`); :func:`render_card_faces` has the fragments laid out by
:func:`cardforge.render.workers.parallel_layout.lay_out_faces` (only those the face cache lacks, in worker
processes) and returns :class:`RenderedFaces`: the cached page of each face, and which page
is whose, for the imposer.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from cardforge.errors import RenderError
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_model import Game
from cardforge.render.cache.book_filler import BookFiller
from cardforge.render.cache.face_book import FaceBook, book_path
from cardforge.render.cache.face_cache import DEFAULT_FOLDER, FaceCache
from cardforge.render.cache.face_pages import FacePages, assemble
from cardforge.render.face_sources import FaceSources, face_sources
from cardforge.render.layout.url_fetcher import Refusal, refused_in, shown
from cardforge.render.workers.early_layout import EarlyLayout, Landed
from cardforge.render.workers.layout_workers import shared_pool
from cardforge.render.workers.parallel_layout import Progress, lay_out_faces


@dataclass(frozen=True)
class RenderedFaces:
    """The faces of one game in one language.

    ``files``: one single-page PDF per distinct face (in the face cache), each trim + bleed
    (TrimBox = trim), in page order; ``front_page``: card id → 0-based page index of its
    front; ``back_page``: deck id → page index of its back (decks with one back);
    ``card_back_page``: card id → its own back's page (decks with ``back: card``);
    ``laid_out``: how many faces this render laid out (the others came from the cache);
    ``book``: the face book (:mod:`cardforge.render.cache.face_book`) :meth:`pages` reads, if any;
    ``filler``: the book's start, made while the faces were laid out (used once).
    Each page has its deck's trim and bleed (``Game.card_geometry(deck)``).
    """

    files: tuple[Path, ...]
    front_page: dict[str, int]
    back_page: dict[str, int]
    card_back_page: dict[str, int] = field(default_factory=dict)
    laid_out: int = 0
    book: Path | None = None
    filler: BookFiller | None = field(default=None, compare=False, repr=False)

    def pages(self) -> FacePages | FaceBook:
        """The face pages (keep the object alive until PDFs using them are saved): from the
        face book at ``book`` when there is one (brought up to date the first time, then
        the same book again: a second paper's sheets neither reopen it nor copy the faces
        it lacks in again), else each face file opened lazily."""
        if self.book is not None:
            return self._face_book
        return FacePages(self.files)

    @cached_property
    def _face_book(self) -> FaceBook:
        """The face book at ``book``, completed once (see :meth:`pages`)."""
        assert self.book is not None
        return FaceBook(self.book, self.files, self.filler.take() if self.filler else None)

    @cached_property
    def pdf(self) -> bytes:
        """All faces as one PDF, a page each in page order (equal fonts stored once)."""
        pages = self.pages()
        buffer = io.BytesIO()
        assemble(pages).save(buffer)
        return buffer.getvalue()


def render_card_faces(game: Game, lang: str, workspace: Path, *, cache: FaceCache | None = None,
                      jobs: int = 1, progress: Progress | None = None,
                      geometry: CardGeometry | None = None,
                      extra_css: str = "", pdf_variant: str | None = None,
                      cmyk_icc: bytes | None = None, part: str = "",
                      landed: Callable[[Landed], None] | None = None) -> RenderedFaces:
    """Every distinct face of ``game`` in ``lang`` laid out (or found in ``cache``, by
    default ``<workspace>/.cardforge-cache``) as a single-page PDF; faces the cache lacks are
    laid out in ``jobs`` worker processes, ``progress(done, total)`` called as they finish.
    ``geometry`` (the card's trim, bleed and safe; mm) replaces game.yaml's; ``extra_css`` is
    added after the stylesheet; ``pdf_variant`` is WeasyPrint's (e.g. ``"pdf/x-1a"``);
    ``cmyk_icc`` (a CMYK ICC profile's bytes) lays the faces out for CMYK print (see
    :func:`face_sources`), in pages, face book and fragment memo of their own. ``part``
    names a render of only some of the game's cards (a booklet's examples): it gets a face
    book and fragment memo of its own, so that it never replaces the whole game's (each
    keeps only the faces its last render used: shared, the two renders thrashed them and a
    build after a one-card edit rendered every template again).
    Sheets read the faces from the game's face book for ``lang`` in the same cache.
    ``landed`` (with a warm pool: :func:`cardforge.render.workers.layout_workers.warm_pool`) is told of
    each card face rendered anew as soon as its page is in the cache, before the other
    cards are keyed (:class:`~cardforge.render.workers.early_layout.Landed`, from the pool's result
    thread, or at once for a face already stored).

    Raises what :func:`face_sources` raises, RenderError for a URL the fetcher refused
    (naming the URL and the cards using it) or any WeasyPrint warning, MissingFontError for
    a glyph no installed font has, and OSError when the cache cannot be written.
    """
    cache = cache if cache is not None else FaceCache(workspace / DEFAULT_FOLDER)
    # one book per game, language and print variant: a shop's build does not churn the home one's
    shop = geometry.key_text if geometry else None
    colour = "rgb" if cmyk_icc is None else "cmyk " + hashlib.sha256(cmyk_icc).hexdigest()
    place = f"{_game_place(game, workspace)}\0{lang}\0{pdf_variant}\0{shop}\0{extra_css}"
    place += f"\0part {part}" if part else ""  # the whole game's book and memo stay as they were
    book = hashlib.sha256((place + ("" if cmyk_icc is None else f"\0{colour}")).encode()).hexdigest()[:32]
    pool = shared_pool()
    early = EarlyLayout(pool, cache, extra_css=extra_css, pdf_variant=pdf_variant, colour=colour,
                        landed=landed) if pool is not None and cmyk_icc is None else None
    sources = face_sources(game, lang, workspace, geometry=geometry,
                           memo=cache.folder / "fragments" / f"{book}.json", cmyk_icc=cmyk_icc, early=early)
    css = f"{sources.css}\n{extra_css}" if extra_css else sources.css
    files: list[Path] = [Path()] * len(sources.fragments)
    laid_out = 0
    filler = BookFiller(book_path(cache.folder, book), len(sources.fragments))
    for size in dict.fromkeys(sources.geometries):  # one document per card size
        pages = [i for i, g in enumerate(sources.geometries) if g == size]
        laid = lay_out_faces([sources.fragments[i] for i in pages], css, size,
                             base_url=sources.base_url, roots=sources.roots, cache=cache,
                             jobs=jobs, progress=progress,
                             refused=lambda r: _raise_refusals(r, sources), pdf_variant=pdf_variant,
                             colour=colour, landed=filler.add, early=early, waiting=filler.ready)
        for page, file in zip(pages, laid.files, strict=True):
            files[page] = file
        laid_out += laid.laid_out
    return RenderedFaces(files=tuple(files), front_page=sources.front_page,
                         back_page=sources.back_page, card_back_page=sources.card_back_page,
                         laid_out=laid_out, book=book_path(cache.folder, book), filler=filler)


def _game_place(game: Game, workspace: Path) -> str:
    """What names ``game``'s face book: its folder relative to ``workspace`` (POSIX), or
    its id for a game outside it; never an absolute path, so a moved workspace, or one
    given by a relative path, keeps its books (a book is keyed by content inside, so a
    shared name only costs copying faces in, never a wrong face)."""
    try:
        return game.root.resolve().relative_to(workspace.resolve()).as_posix()
    except (OSError, ValueError):
        return f"game {game.id}"


def _raise_refusals(refusals: Sequence[Refusal], sources: FaceSources) -> None:
    """Raise RenderError for the first URL refused, naming who used it."""
    if not refusals:
        return
    refusal = refusals[0]
    by_owner = {", ".join(owners): html for owners, html in zip(sources.owners, sources.fragments,
                                                                 strict=True)}
    users = refused_in(refusal, by_owner, sources.base_url) or ["a stylesheet or template"]
    more = len(refusals) - 1
    raise RenderError(f"{'; '.join(users)}: cannot use {shown(refusal.url)}: {refusal.reason}"
                      + (f" (and {more} more refused URLs)" if more else ""),
                      hint="faces may only use files inside the workspace; no network access")
