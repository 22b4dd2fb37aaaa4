"""A game's card faces as HTML: each card's front and each back rendered from its template.

For each card the template the deck's game.yaml ``template: {front: …}`` names, else
``front-<deck>.html.j2``, else ``front.html.j2`` is rendered (:func:`deck_templates`); for
each deck its ``template: {back: …}``, else ``back-<deck>.html.j2``, else
``back.html.j2``, once — or, for a deck whose game.yaml entry says ``back: card``, once per
card with the card and the pack's ``face_context`` for it in context (each card its own
back). Faces whose HTML is identical (equal cards, decks sharing one back) share one page.
:func:`face_sources` gives the fragments and the stylesheet (:class:`FaceSources`);
:func:`cardforge.render.card_render.render_card_faces` has them laid out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from cardforge.boundary.resources import templates_dir
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.card_layout import layout_of
from cardforge.model.game_model import Card, Deck, Game
from cardforge.render.cache.face_list import DistinctFaces
from cardforge.render.cache.fragment_memo import data_digest, open_memo
from cardforge.render.colour.print_palette import load_palette
from cardforge.render.layout.deck_underlays import DeckUnderlays
from cardforge.render.layout.face_layout import require_fonts
from cardforge.render.layout.font_coverage import require_coverage
from cardforge.render.layout.underlays import layered
from cardforge.render.templating.card_art import check_art
from cardforge.render.templating.face_kit import mix
from cardforge.render.templating.game_templates import game_templates
from cardforge.render.templating.plain_views import Views, plain
from cardforge.render.templating.stylesheets import face_stylesheet
from cardforge.render.templating.template_env import first_template, render
from cardforge.render.workers.early_layout import CardSide, EarlyLayout
from cardforge.render.workers.layout_workers import want_all
from cardforge.render.workers.pooled_fits import InOrder, PendingFace, PooledFits

MANY_NEW_FACES = 32
"""Faces rendered anew (not from the fragment memo) after which a build wants every worker
of the warm pool (:func:`~cardforge.render.workers.layout_workers.want_all`): more than one face chunk's work,
told while templates are still rendering, so the other workers warm up meanwhile."""


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

    Templates are looked up on :func:`~cardforge.boundary.resources.template_search_path`
    (``workspace`` first); images resolve relative to the game's folder and only files
    inside ``workspace`` or the built-in templates are read. Raises RenderError for a
    missing template, a template error (naming file and line), or an ``art:`` file missing
    or outside the workspace (naming the card); MissingFontError when a font the text needs
    is not installed; DataError for a broken catalog. ``game`` is printed as given: a text
    the YAML has no ``lang`` version of is taken from the game's catalogs when the caller
    passes the copy :func:`cardforge.i18n.translations.with_catalog_texts` makes (products,
    booklets and lint layout do; render sits below i18n and reads no catalog). ``geometry``
    replaces game.yaml's ``card:`` (a print shop's size); templates see it as ``geometry``
    (:meth:`~cardforge.model.card_geometry.CardGeometry.template_context`). Templates see plain data
    only (:mod:`cardforge.render.templating.plain_views`); ``t``, ``icon`` and the ``icons`` filter are
    globals and filters. RenderError also for a context value that is not plain data or a
    template over a render limit. ``memo`` (a file in the face cache) keeps each card's
    front from one render to the next (:mod:`cardforge.render.cache.fragment_memo`): only cards
    whose template context changed are rendered (and checked for fonts) again. The
    stylesheet starts with the template palette's colours as CSS variables
    (:mod:`cardforge.render.colour.print_palette`; RenderError for a bad ``palette.yaml``). With
    ``cmyk_icc`` (the bytes of a CMYK ICC profile) the faces are for CMYK print: fragments
    and stylesheet have their colours and images converted (:mod:`cardforge.render.colour.cmyk`)
    and each fragment is wrapped in ``<div class="print-cmyk">``; templates see
    ``colour_mode`` (``"rgb"`` or ``"cmyk"``) and ``mix(colour, other, amount)`` to draw
    flat stand-ins. ``early`` (RGB faces only) is offered each card front rendered anew, so
    the warm workers lay it out while the other templates render
    (:mod:`cardforge.render.workers.early_layout`). With a memo, the fronts of the cards whose data
    changed since the last render (:meth:`~cardforge.render.cache.fragment_memo.FragmentMemo.changed_first`:
    the faces a one-card edit waits for) are rendered, and so offered to the early layout,
    before the others; the pages are in game order whatever the order of rendering.
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
    named = _Templates(env, game.info)  # each deck's front and back template, looked up once when needed
    underlays = DeckUnderlays(env, named.template, lambda deck: {
        **common, **shape[deck.id], "deck": deck,
        **(game.spec.back_context(deck, game, lang) if game.spec.back_context else {})}, views)
    palette = load_palette(search_path)
    css = "\n".join(filter(None, [palette.css(cmyk=cmyk_icc is not None), face_stylesheet(env)]))
    if early is not None and cmyk_icc is None:  # CMYK faces are converted after rendering
        early.start(css, game.root, roots)
    kept = open_memo(memo, env, search_path, lang, fallback, geometry.key_text if geometry else "")
    parts = kept.game_parts(plain(game, views=views), shape) if kept else {}
    steady = _steady_parts(game, parts) if kept else {}  # deck → what else a card's face reads
    rendered: set[str] = set()  # faces rendered now (memoised ones were checked when made)
    fits = PooledFits(css, game.root, roots)
    queue = InOrder()

    def face(key: str | None, template: Callable[[], str], context: Callable[[], dict[str, Any]],
             size: CardGeometry, deck: Deck, side: str, owner: CardSide | None = None) -> PendingFace:
        """The face kept under ``key``, else rendered with ``template()`` (looked up only
        then) in ``context()`` (made only then), its text fitted (:class:`PooledFits`) and
        kept, offered to the early layout (as ``owner``, a card's side) and counted towards
        waking every worker; layered over its deck's underlay for ``side``, if the template
        has one. Finished in the order asked for
        (:class:`~cardforge.render.workers.pooled_fits.InOrder`), whenever a worker fits it."""
        html = kept.get(key) if kept and key else None
        fitted = fits.fit(render(env, template(), context(), views), size) if html is None else None

        def finish() -> str:
            made = html
            if fitted is not None:
                made = fitted.html()
                if kept and key:
                    kept.put(key, made)
            made = layered(underlays.get(deck, side), made)
            if fitted is not None:
                rendered.add(made)
                if early is not None:
                    early.offer(made, size, owner)
                if len(rendered) == MANY_NEW_FACES:
                    want_all()  # more than one worker's work: let them all warm up now
            return made

        return queue.add(finish, fitted.ready if fitted is not None else lambda: True)

    def own_data(card: Card) -> dict[str, Any]:
        """The pack's face data for ``card`` (its ``face_context``), {} for none."""
        return game.spec.face_context(card, game, lang) if game.spec.face_context else {}

    def own_back_data(card: Card, extra: dict[str, Any]) -> dict[str, Any]:
        """The face data of ``card``'s own back: its face data, then its deck's back data ``extra``."""
        return {**own_data(card), **extra}

    def card_face(card: Card, deck: Deck, side: str, template: Callable[[], str],
                  data_of: Callable[[], dict[str, Any]],
                  context_of: Callable[[dict[str, Any]], dict[str, Any]]) -> PendingFace:
        """The face of ``card``'s ``side`` (``front``, or ``back`` for its own back): under the
        key kept for it when the card is unchanged (then its face data, ``data_of()``, is made
        only if the memo lacks the face), else under the key of its data, kept for the next
        render; rendered in ``context_of(data)`` when the memo lacks it."""
        key = kept.kept_key(card, side, steady[deck.id]) if kept and steady else None
        made: dict[str, Any] | None = None
        if key is None:
            made = data_of()
            key = kept.key_of(parts[deck.id], card, made, views, side=side) if kept else None
            if kept and steady and key:
                kept.remember(card, side, steady[deck.id], key)
        return face(key, template, lambda: context_of(data_of() if made is None else made),
                    sizes[deck.id], deck, side, CardSide(card.id, side))

    fronts: dict[str, PendingFace] = {}
    for card in kept.changed_first(list(game.cards())) if kept else game.cards():
        deck = game.decks[card.deck]
        fronts[card.id] = card_face(card, deck, "front", partial(named.template, deck, "front"),
                                    partial(own_data, card),
                                    partial(_merged, common, shape[deck.id], {"card": card, "deck": deck}))
    for card in game.cards():
        front_page[card.id] = pages.add(fronts[card.id].html(), f"card {card.id}", sizes[card.deck])
    card_back_page: dict[str, int] = {}
    for deck in game.decks.values():
        extra = game.spec.back_context(deck, game, lang) if game.spec.back_context else {}
        back = partial(named.template, deck, "back")
        context = {**common, **shape[deck.id], "deck": deck}
        if deck.spec.get("back") == "card":  # each card's own back: card and face data too
            for card in deck.cards:
                html = card_face(card, deck, "back", back, partial(own_back_data, card, extra),
                                 partial(_merged, context, {"card": card})).html()
                card_back_page[card.id] = pages.add(html, f"back of card {card.id}", sizes[deck.id])
            continue
        key = kept.key_of(parts[deck.id], None, extra, views, side="back") if kept else None
        html = face(key, back, partial(_merged, context, extra), sizes[deck.id], deck, "back").html()
        back_page[deck.id] = pages.add(html, f"back of deck {deck.id}", sizes[deck.id])

    queue.finish_all()  # every face asked for is finished, whether or not it was read
    new = [i for i, html in enumerate(pages.fragments) if html in rendered]
    require_fonts([pages.fragments[i] for i in new] + underlays.fragments)
    require_coverage([pages.fragments[i] for i in new] + underlays.fragments,
                     [pages.owners[i] for i in new] + underlays.owners, css, lang,
                     game)  # located at the text
    if kept:
        kept.save()
    fragments = pages.fragments
    if cmyk_icc is not None:
        from cardforge.render.colour.cmyk import CmykConverter  # Pillow's colour management: CMYK only

        converter = CmykConverter(palette, cmyk_icc, roots)
        fragments = [converter.face(html, game.root) for html in fragments]
        css = converter.css(css)
    return FaceSources(fragments, pages.owners, css, pages.geometries, game.root,
                       roots, front_page, back_page, card_back_page)


def _steady_parts(game: Game, parts: dict[str, str]) -> dict[str, str]:
    """Deck id → the digest of what a card's face may depend on besides its own data, for
    :meth:`~cardforge.render.cache.fragment_memo.FragmentMemo.kept_key`: the deck's part of the
    game (``parts``, from :meth:`~cardforge.render.cache.fragment_memo.FragmentMemo.game_parts`)
    and the game's dice files; {} (every key computed) when the pack's face hooks do not
    vouch that they read only those
    (:attr:`~cardforge.model.game_packs.GameSpec.face_context_per_card`)."""
    spec = game.spec
    if (spec.face_context or spec.back_context) and not spec.face_context_per_card:
        return {}
    dice = data_digest([doc.data for doc in game.dice_documents])
    return {deck: data_digest([part, dice]) for deck, part in parts.items()}


def _merged(*mappings: dict[str, Any]) -> dict[str, Any]:
    """One context of ``mappings``, the later ones' keys winning (a card's face data last)."""
    return {key: value for mapping in mappings for key, value in mapping.items()}


class _Templates:
    """Each deck's template name for a side, looked up (:func:`first_template`) once, when a
    face of that side must be rendered."""

    def __init__(self, env: Any, info: Any) -> None:
        self.env = env
        self.info = info
        self.names: dict[tuple[str, str], str] = {}

    def template(self, deck: Deck, side: str) -> str:
        if (deck.id, side) not in self.names:
            self.names[(deck.id, side)] = first_template(self.env, deck_templates(deck, side, self.info))
        return self.names[(deck.id, side)]


def deck_templates(deck: Deck, side: str, info: Any = None) -> list[str]:
    """The template names to try, in order, for ``side`` (``front`` or ``back``) of
    ``deck``'s cards: the deck's game.yaml ``template: {<side>: …}`` if it names one, then
    the built-in ``layout-<side>.html.j2`` when the deck's (or the game's, from game.yaml
    data ``info``) ``layout:`` describes that side (:mod:`cardforge.model.card_layout`), then
    ``<side>-<deck>.html.j2``, then ``<side>.html.j2``; a deck with a layout but no
    back, in it or as a template, gets the built-in back showing its name."""
    own = (deck.spec.get("template") or {}).get(side)
    found = layout_of(info, deck.id) if isinstance(info, dict) else None
    laid = [f"layout-{side}.html.j2"] if found and found[1].get(side) else []
    last = ["layout-back.html.j2"] if found and not laid and side == "back" else []  # the deck's name
    return [*([own] if isinstance(own, str) else []), *laid, f"{side}-{deck.id}.html.j2", f"{side}.html.j2",
            *last]
