"""What layout-based lint rules read: faces and booklets laid out by WeasyPrint, measured.

Laying out faces is slow (about a second for ten faces), so rules that need it declare
``NEEDS = {"layout"}`` and run only when the engine is given :class:`LayoutOptions`
(``cardforge lint --layout``, or ``lint-layout = true`` in ``[tool.cardforge]``). The options
say where the workspace and the face cache are and how many worker processes lay faces
out; the engine passes them to such a rule as ``check(target, game, layout)``, and the rule
passes them on to :func:`face_overflows` and :func:`booklet_layout`. Faces come from the
same cache builds use, so a lint after a build (or a second lint) lays out nothing and only
reads the measurements stored beside each cached face (:mod:`cardforge.render.layout.text_overflow`);
``cardforge build`` reads them the same way for the faces it made (:func:`measured_faces`).
Booklets are written as HTML each time (their example cards come from the same cache), and
laid out and measured (:mod:`cardforge.render.layout.page_overflow`) only when that HTML is new to
the cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardforge.errors import RenderError
from cardforge.model.game_model import Game

if TYPE_CHECKING:  # WeasyPrint is imported only when a layout rule runs
    from cardforge.booklet.rules_markdown import Block
    from cardforge.render.card_render import RenderedFaces
    from cardforge.render.layout.page_overflow import PagesMeasured
    from cardforge.render.layout.text_overflow import Overflow


@dataclass(frozen=True)
class LayoutOptions:
    """How a lint run lays faces out: ``workspace`` (templates and assets), ``cache`` (the
    face cache folder) and ``jobs`` (worker processes laying out the faces the cache lacks).
    Made by ``cardforge lint`` from the command line and configuration, given by the engine
    to every rule that declares ``NEEDS = {"layout"}``."""

    workspace: Path
    cache: Path
    jobs: int = 1


@dataclass(frozen=True)
class FaceOverflow:
    """One measured text box on a face: ``owner`` is ``("card", card id)`` for a card's
    front, ``("card-back", card id)`` for a card's own back, ``("back", deck id)`` for a
    deck's back; ``overflow`` the measurement (mm)."""

    owner: tuple[str, str]
    overflow: Overflow


@dataclass(frozen=True)
class FacesMeasured:
    """The stored measurements of one set of rendered faces: ``items``, every measured text
    box with its owner, in page order; ``unreadable``, each face file whose measurements
    could not be read, with why (its boxes are missing from ``items``)."""

    items: list[FaceOverflow]
    unreadable: list[tuple[Path, str]]


def face_overflows(game: Game, lang: str, options: LayoutOptions) -> list[FaceOverflow]:
    """Every measured text box on every face of ``game`` in ``lang``, faces laid out (or
    read from the cache) with ``options``, in page order. Stored measurements that are not
    to be trusted (a symlink, too large, not JSON, another face's) are discarded with their
    face, which is laid out again.

    Raises what :func:`~cardforge.render.card_render.render_card_faces` raises, and RenderError
    when a face's measurements cannot be read even after it was laid out again.
    """
    from cardforge.i18n.translations import with_catalog_texts
    from cardforge.render.cache.face_cache import FaceCache
    from cardforge.render.card_render import render_card_faces

    cache = FaceCache(options.cache)
    for attempt in (1, 2):
        faces = render_card_faces(with_catalog_texts(game, lang), lang, options.workspace, cache=cache,
                                  jobs=options.jobs)
        measured = measured_faces(faces)
        if not measured.unreadable:
            break
        if attempt == 2:
            raise RenderError("cannot read the overflow measurements of a cached face: "
                              f"{measured.unreadable[0][1]}",
                              hint=f"delete the face cache ({options.cache}) and lint again")
        for face, _ in measured.unreadable:
            cache.discard(face.stem)
    return measured.items


def measured_faces(faces: RenderedFaces, known: dict[Path, list[Overflow]] | None = None) -> FacesMeasured:
    """The measurements stored beside each face of ``faces`` when it was laid out (read
    from the face cache; nothing is laid out), each box with the owners of its face.
    ``known`` (face file → its measurements) spares reading a face twice: it is read
    first and filled in. Measurements kept with the face book are used first, and kept
    again when a face had to be read from its own file
    (:mod:`cardforge.render.cache.book_overflow`). Raises nothing for a bad entry: it is in
    ``unreadable``."""
    from cardforge.render.cache.book_overflow import keep, read_kept
    from cardforge.render.layout.text_overflow import load, parsed, sidecar

    known = {} if known is None else known
    kept = read_kept(faces.book) if faces.book is not None else {}
    checked: dict[str, Any] = {}  # face key → its entry in ``kept``, parsed without error
    fresh = False
    owners: dict[int, list[tuple[str, str]]] = {}
    for kind, pages in (("card", faces.front_page), ("card-back", faces.card_back_page),
                        ("back", faces.back_page)):
        for owner, page in pages.items():
            owners.setdefault(page, []).append((kind, owner))
    items: list[FaceOverflow] = []
    unreadable: list[tuple[Path, str]] = []
    for page, face in enumerate(faces.files):
        if face not in known:
            try:
                known[face] = parsed(kept[face.stem], str(face))
                checked[face.stem] = kept[face.stem]
            except (KeyError, ValueError):  # not kept with its book: read beside the face
                try:
                    known[face] = load(sidecar(face), face.stem)
                    fresh = True
                except ValueError as exc:
                    unreadable.append((face, str(exc)))
                    continue
        items += [FaceOverflow(owner, m) for owner in owners.get(page, []) for m in known[face]]
    if fresh and faces.book is not None:
        keep(faces.book, {face.stem: known[face] for face in faces.files if face in known}, checked)
    return FacesMeasured(items, unreadable)


@dataclass(frozen=True)
class BookletLayout:
    """A rule booklet (``kind`` ``rules``) or quick-reference sheet (``rulesheet``) of one
    language laid out: ``units`` maps element ids to their source blocks (file:line),
    ``measured`` says which overflow their page and which block starts each page."""

    kind: str
    lang: str
    units: dict[str, Block]
    measured: PagesMeasured


def booklet_languages(game: Game) -> list[str]:
    """The languages a booklet of ``game`` is made in: its source language, and those of
    ``languages`` with a catalog to translate the rules (as ``cardforge build`` does)."""
    from cardforge.i18n.translations import catalog_paths

    source = game.source_language
    return [lang for lang in game.languages if lang == source or catalog_paths(game.root, lang)]


def booklet_layout(game: Game, lang: str, kind: str, options: LayoutOptions) -> BookletLayout:
    """Lay out the ``kind`` booklet of ``game`` in ``lang`` with ``options`` and measure its
    pages; the measurement is kept in the face cache under a key of the booklet's HTML (with what it
    links to, the fonts and versions), so an unchanged booklet is not laid out again.

    Raises RenderError (or MissingFontError) as the booklet build does: no rules to print,
    a placeholder game.yaml cannot fill, a missing font or stylesheet; OSError when the
    cache cannot be written.
    """
    from cardforge.booklet.booklet_html import booklet_html
    from cardforge.boundary.atomic import write_atomically
    from cardforge.boundary.resources import templates_dir
    from cardforge.build import cache_entries
    from cardforge.render.booklet_render import layout_booklet
    from cardforge.render.cache.face_cache import FaceCache
    from cardforge.render.layout.page_overflow import PagesMeasured, measure_pages
    from cardforge.render.layout.text_overflow import FORMAT

    source = booklet_html(game, lang, options.workspace, kind)
    cache = FaceCache(options.cache)
    base_uri = game.root.resolve().as_uri() + "/"
    roots = (options.workspace, templates_dir())
    key = cache.key(source.html, cache.context("", None, base_uri, roots), base_uri, roots)
    stored = cache.path(key).with_suffix(f".booklet-v{FORMAT}.json")
    try:  # a stored measurement is used only if it is a regular file carrying this key
        return BookletLayout(kind, lang, source.units, PagesMeasured.loads(stored, key))
    except ValueError:
        pass  # not measured yet, or not to be trusted: lay it out
    document = layout_booklet(source.html, game.root, options.workspace, units=source.units)
    measured = measure_pages(document.pages, source.units)
    cache_entries.real_folder(stored.parent)
    cache_entries.discard(stored)
    write_atomically(stored, lambda handle: handle.write(measured.dumps(key).encode("utf-8")))
    return BookletLayout(kind, lang, source.units, measured)
