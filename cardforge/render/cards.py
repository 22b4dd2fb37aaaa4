"""A game's card faces, rendered: every distinct front and back laid out once, then cached.

For each card the template the deck's game.yaml ``template: {front: …}`` names, else
``front-<deck>.html.j2``, else ``front.html.j2`` is rendered (:func:`deck_templates`); for
each deck its ``template: {back: …}``, else ``back-<deck>.html.j2``, else
``back.html.j2``, once — or, for a deck
whose game.yaml entry says ``back: card``, once per card with the card and the pack's
``face_context`` for it in context (each card its own back). Faces whose HTML is identical
(equal cards, decks sharing one back) share one page.

Two stages: :func:`face_sources` renders the templates into HTML fragments and one
stylesheet (:class:`FaceSources`); :func:`render_card_faces` has the fragments laid out by
:func:`cardforge.render.layout.lay_out_faces` (only those the face cache lacks, in worker
processes) and returns :class:`RenderedFaces`: the cached page of each face, and which page
is whose, for the imposer.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from cardforge.errors import RenderError
from cardforge.geometry import CardGeometry
from cardforge.model import Deck, Game
from cardforge.render.art import check_art
from cardforge.render.book_filler import BookFiller
from cardforge.render.cmyk import CmykConverter
from cardforge.render.coverage import require_coverage
from cardforge.render.early_layout import EarlyLayout
from cardforge.render.face_book import FaceBook, book_path
from cardforge.render.face_cache import DEFAULT_FOLDER, FaceCache
from cardforge.render.face_kit import mix
from cardforge.render.face_list import DistinctFaces
from cardforge.render.face_pages import FacePages, assemble
from cardforge.render.faces import require_fonts
from cardforge.render.fetcher import Refusal, refused_in, shown
from cardforge.render.fragment_memo import open_memo
from cardforge.render.game_templates import game_templates
from cardforge.render.jinja import first_template, render
from cardforge.render.layout import Progress, lay_out_faces
from cardforge.render.palette import load_palette
from cardforge.render.plain import Views, plain
from cardforge.render.stylesheets import face_stylesheet
from cardforge.render.workers import shared_pool, want_all
from cardforge.resources import templates_dir

MANY_NEW_FACES = 32
"""Faces rendered anew (not from the fragment memo) after which a build wants every worker
of the warm pool (:func:`~cardforge.render.workers.want_all`): more than one face chunk's work,
told while templates are still rendering, so the other workers warm up meanwhile."""


@dataclass(frozen=True)
class RenderedFaces:
    """The faces of one game in one language.

    ``files``: one single-page PDF per distinct face (in the face cache), each trim + bleed
    (TrimBox = trim), in page order; ``front_page``: card id → 0-based page index of its
    front; ``back_page``: deck id → page index of its back (decks with one back);
    ``card_back_page``: card id → its own back's page (decks with ``back: card``);
    ``laid_out``: how many faces this render laid out (the others came from the cache);
    ``book``: the face book (:mod:`cardforge.render.face_book`) :meth:`pages` reads, if any;
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
        face book at ``book`` when there is one (brought up to date first), else each face
        file opened lazily."""
        if self.book is not None:
            return FaceBook(self.book, self.files, self.filler.take() if self.filler else None)
        return FacePages(self.files)

    @cached_property
    def pdf(self) -> bytes:
        """All faces as one PDF, a page each in page order (equal fonts stored once)."""
        pages = self.pages()
        buffer = io.BytesIO()
        assemble(pages).save(buffer)
        return buffer.getvalue()


@dataclass(frozen=True)
class FaceSources:
    """What lays out the faces: ``fragments`` (one HTML fragment per distinct face, page
    order) and ``owners`` (who uses each, for messages); ``css``; ``geometries`` (each
    fragment's trim width, trim height, bleed and safe inset, in mm: its deck's card size);
    ``base_url`` (relative links resolve here); ``roots`` (the only folders files are read
    from); the page maps as in :class:`RenderedFaces`."""

    fragments: list[str]
    owners: list[list[str]]
    css: str
    geometries: list[CardGeometry]
    base_url: Path
    roots: list[Path]
    front_page: dict[str, int]
    back_page: dict[str, int]
    card_back_page: dict[str, int]


def face_sources(game: Game, lang: str, workspace: Path, *,
                 geometry: CardGeometry | None = None, memo: Path | None = None,
                 cmyk_icc: bytes | None = None, early: EarlyLayout | None = None) -> FaceSources:
    """The HTML of every card front and deck back of ``game`` in language ``lang``.

    Templates are looked up on :func:`~cardforge.render.jinja.template_search_path`
    (``workspace`` first); images resolve relative to the game's folder and only files
    inside ``workspace`` or the built-in templates are read. Raises RenderError for a
    missing template, a template error (naming file and line), or an ``art:`` file missing
    or outside the workspace (naming the card); MissingFontError when a font the text needs
    is not installed; DataError for a broken catalog. ``game`` is printed as given: a text
    the YAML has no ``lang`` version of is taken from the game's catalogs when the caller
    passes the copy :func:`cardforge.i18n.translations.with_catalog_texts` makes (products,
    booklets and lint layout do; render sits below i18n and reads no catalog). ``geometry``
    replaces game.yaml's ``card:`` (a print shop's size); templates see it as ``geometry``
    (:meth:`~cardforge.geometry.CardGeometry.template_context`). Templates see plain data
    only (:mod:`cardforge.render.plain`); ``t``, ``icon`` and the ``icons`` filter are
    globals and filters. RenderError also for a context value that is not plain data or a
    template over a render limit. ``memo`` (a file in the face cache) keeps each card's
    front from one render to the next (:mod:`cardforge.render.fragment_memo`): only cards
    whose template context changed are rendered (and checked for fonts) again. The
    stylesheet starts with the template palette's colours as CSS variables
    (:mod:`cardforge.render.palette`; RenderError for a bad ``palette.yaml``). With
    ``cmyk_icc`` (the bytes of a CMYK ICC profile) the faces are for CMYK print: fragments
    and stylesheet have their colours and images converted (:mod:`cardforge.render.cmyk`)
    and each fragment is wrapped in ``<div class="print-cmyk">``; templates see
    ``colour_mode`` (``"rgb"`` or ``"cmyk"``) and ``mix(colour, other, amount)`` to draw
    flat stand-ins. ``early`` (RGB faces only) is offered each card front rendered anew, so
    the warm workers lay it out while the other templates render
    (:mod:`cardforge.render.early_layout`).
    """
    templates = game_templates(game, lang, workspace)
    env, search_path, fallback = templates.env, templates.search_path, templates.fallback
    env.globals["mix"] = mix
    roots = [workspace, templates_dir(), *([game.spec.templates_dir] if game.spec.templates_dir else [])]
    check_art(game, roots)

    common = {"game": game, "lang": lang, "fallback": fallback,
              "colour_mode": "rgb" if cmyk_icc is None else "cmyk"}
    views: Views = {}  # views of the game, its decks and cards: made once, shared by every face
    sizes = {deck: geometry or game.card_geometry(deck) for deck in game.decks}  # a shop's size wins
    shape = {deck: {"geometry": size.template_context()} for deck, size in sizes.items()}
    pages = DistinctFaces()
    front_page: dict[str, int] = {}
    back_page: dict[str, int] = {}
    fronts: dict[str, str] = {}  # deck id → its front template (looked up once a deck)
    palette = load_palette(search_path)
    css = "\n".join(filter(None, [palette.css(cmyk=cmyk_icc is not None), face_stylesheet(env)]))
    if early is not None and cmyk_icc is None:  # CMYK faces are converted after rendering
        early.start(css, game.root, roots)
    kept = open_memo(memo, env, search_path, lang, fallback, geometry.key_text if geometry else "")
    parts = kept.game_parts(plain(game, views=views), shape) if kept else {}
    rendered: set[str] = set()  # faces rendered now (memoised ones were checked when made)
    for card in game.cards():
        deck = game.decks[card.deck]
        extra = game.spec.face_context(card, game, lang) if game.spec.face_context else {}
        key = kept.key_of(parts[deck.id], card, extra, views) if kept else None
        html = kept.get(key) if kept and key else None
        if html is None:
            if deck.id not in fronts:
                fronts[deck.id] = first_template(env, deck_templates(deck, "front"))
            html = render(env, fronts[deck.id], {**common, **shape[deck.id], "card": card, "deck": deck,
                                                 **extra}, views)
            if kept and key:
                kept.put(key, html)
            rendered.add(html)
            if early is not None:
                early.offer(html, sizes[deck.id])
            if len(rendered) == MANY_NEW_FACES:
                want_all()  # more than one worker's work: let them all warm up now
        front_page[card.id] = pages.add(html, f"card {card.id}", sizes[deck.id])
    card_back_page: dict[str, int] = {}
    for deck in game.decks.values():
        extra = game.spec.back_context(deck, game, lang) if game.spec.back_context else {}
        name = first_template(env, deck_templates(deck, "back"))
        context = {**common, **shape[deck.id], "deck": deck}
        if deck.spec.get("back") == "card":  # each card's own back: card and face data too
            for card in deck.cards:
                own = game.spec.face_context(card, game, lang) if game.spec.face_context else {}
                html = render(env, name, {**context, "card": card, **own, **extra}, views)
                rendered.add(html)
                if early is not None:
                    early.offer(html, sizes[deck.id])
                card_back_page[card.id] = pages.add(html, f"back of card {card.id}", sizes[deck.id])
            continue
        html = render(env, name, {**context, **extra}, views)
        rendered.add(html)
        if early is not None:
            early.offer(html, sizes[deck.id])
        back_page[deck.id] = pages.add(html, f"back of deck {deck.id}", sizes[deck.id])

    new = [i for i, html in enumerate(pages.fragments) if html in rendered]
    require_fonts([pages.fragments[i] for i in new])
    require_coverage([pages.fragments[i] for i in new], [pages.owners[i] for i in new], css, lang,
                     game)  # located at the text
    if kept:
        kept.save()
    fragments = pages.fragments
    if cmyk_icc is not None:
        converter = CmykConverter(palette, cmyk_icc, roots)
        fragments = [converter.face(html, game.root) for html in fragments]
        css = converter.css(css)
    return FaceSources(fragments, pages.owners, css, pages.geometries, game.root,
                       roots, front_page, back_page, card_back_page)


def deck_templates(deck: Deck, side: str) -> list[str]:
    """The template names to try, in order, for ``side`` (``front`` or ``back``) of
    ``deck``'s cards: the deck's game.yaml ``template: {<side>: …}`` if it names one, then
    ``<side>-<deck>.html.j2``, then ``<side>.html.j2``."""
    own = (deck.spec.get("template") or {}).get(side)
    return [*([own] if isinstance(own, str) else []), f"{side}-{deck.id}.html.j2", f"{side}.html.j2"]


def render_card_faces(game: Game, lang: str, workspace: Path, *, cache: FaceCache | None = None,
                      jobs: int = 1, progress: Progress | None = None,
                      geometry: CardGeometry | None = None,
                      extra_css: str = "", pdf_variant: str | None = None,
                      cmyk_icc: bytes | None = None) -> RenderedFaces:
    """Every distinct face of ``game`` in ``lang`` laid out (or found in ``cache``, by
    default ``<workspace>/.cardforge-cache``) as a single-page PDF; faces the cache lacks are
    laid out in ``jobs`` worker processes, ``progress(done, total)`` called as they finish.
    ``geometry`` (the card's trim, bleed and safe; mm) replaces game.yaml's; ``extra_css`` is
    added after the stylesheet; ``pdf_variant`` is WeasyPrint's (e.g. ``"pdf/x-1a"``);
    ``cmyk_icc`` (a CMYK ICC profile's bytes) lays the faces out for CMYK print (see
    :func:`face_sources`), in pages, face book and fragment memo of their own.
    Sheets read the faces from the game's face book for ``lang`` in the same cache.

    Raises what :func:`face_sources` raises, RenderError for a URL the fetcher refused
    (naming the URL and the cards using it) or any WeasyPrint warning, MissingFontError for
    a glyph no installed font has, and OSError when the cache cannot be written.
    """
    cache = cache if cache is not None else FaceCache(workspace / DEFAULT_FOLDER)
    # one book per game, language and print variant: a shop's build does not churn the home one's
    shop = geometry.key_text if geometry else None
    colour = "rgb" if cmyk_icc is None else "cmyk " + hashlib.sha256(cmyk_icc).hexdigest()
    place = f"{_game_place(game, workspace)}\0{lang}\0{pdf_variant}\0{shop}\0{extra_css}"
    book = hashlib.sha256((place + ("" if cmyk_icc is None else f"\0{colour}")).encode()).hexdigest()[:32]
    pool = shared_pool()
    early = EarlyLayout(pool, cache, extra_css=extra_css, pdf_variant=pdf_variant, colour=colour) \
        if pool is not None and cmyk_icc is None else None
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
                             colour=colour, landed=filler.add, early=early)
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
