"""Lay out the faces the cache lacks, in parallel, one WeasyPrint document per chunk.

:func:`lay_out_faces` keys every face (:class:`~cardforge.render.cache.face_cache.FaceCache`),
lays out only the missing ones, in chunks of 1, 2, 4 … :data:`MAX_CHUNK` faces (whatever ``jobs`` is:
a chunk's faces share font subsets, so the bytes do not depend on it) each rendered
as one document (:func:`~cardforge.render.layout.face_layout.render_faces_measured`), splits each
document into single-page PDFs, each sealed with its key
(:mod:`cardforge.build.cache_entries`), and stores them, each with the overflow
measurements of its text boxes (a face cached without them, or whose entry is not one to
trust, is laid out again). With ``jobs`` > 1 and more than one chunk the chunks run in that
many worker processes; otherwise in this process. Identical faces are keyed once. A URL
the fetcher refused is reported where it is written when that is a stylesheet or an SVG
file (file, line, column); the caller names the cards whose faces link to it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urljoin

from cardforge.errors import MissingFontError, RenderError
from cardforge.model.card_geometry import CardGeometry
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.layout.url_fetcher import Refusal, shown, stylesheet_files, written_in
from cardforge.render.templating.css_places import traced
from cardforge.render.templating.requested_urls import html_links
from cardforge.render.workers import layout_workers as workers
from cardforge.render.workers.chunks import Chunk, Job, Outcome, lay_out_chunk, make_job


class Early(Protocol):
    """Faces sent to the workers before :func:`lay_out_faces` ran (implemented by
    :class:`cardforge.render.workers.early_layout.EarlyLayout`): ``sent`` maps each face key to its
    chunk's pending result."""

    sent: Mapping[str, object]

    def flush(self) -> None:
        """Send every face still waiting for its chunk to fill."""

    def collect(self, keys: Sequence[str], record: Tally) -> bool:
        """Record the outcomes of the chunks laying out ``keys``; False if one failed."""

MAX_CHUNK = 25
"""Most faces in one worker document. Measured (docs/benchmarks.md): per-face time is flat
from 10 to 200 faces a document in a warm process, so chunks stay small enough to keep every
worker busy to the end and the progress bar moving."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: faces laid out so far and faces to lay out, after each chunk."""


@dataclass(frozen=True)
class LaidOut:
    """``files[i]``: the cached single-page PDF of fragment ``i`` (trim + bleed, TrimBox =
    trim); ``laid_out``: how many faces this call laid out (the rest came from the cache)."""

    files: tuple[Path, ...]
    laid_out: int


def face_context(cache: FaceCache, css: str, geometry: CardGeometry, base_uri: str, roots: Sequence[Path],
                 pdf_variant: str | None, colour: str) -> str:
    """The part of every face key shared by the faces laid out with ``css`` at ``geometry``
    (:meth:`FaceCache.context`), with WeasyPrint's ``pdf_variant`` and the ``colour`` mode."""
    context = cache.context(css, geometry, base_uri, roots)
    if pdf_variant:
        context = hashlib.sha256(f"{context}\0{pdf_variant}".encode()).hexdigest()
    if colour != "rgb":  # an RGB key stays as it was before colour modes
        context = hashlib.sha256(f"{context}\0{colour}".encode()).hexdigest()
    return context


def next_chunk_size(size: int) -> int:
    """The size of the chunk after one of ``size`` faces: twice as large, up to
    :data:`MAX_CHUNK` (the first has one face). The same sequence whatever ``--jobs`` is and
    whether the chunks go to the warm pool early (:mod:`cardforge.render.workers.early_layout`) or
    are made here: a chunk's faces share font subsets, so a cold build's bytes do not depend
    on the number of workers."""
    return min(MAX_CHUNK, size * 2)


def chunked(items: Sequence[tuple[str, str]]) -> list[Chunk]:
    """``items`` (key, fragment) cut into chunks of 1, 2, 4 … :data:`MAX_CHUNK` faces, in order
    (:func:`next_chunk_size`)."""
    chunks: list[Chunk] = []
    start, size = 0, 1
    while start < len(items):
        part = items[start:start + size]
        chunks.append(Chunk(tuple(k for k, _ in part), tuple(f for _, f in part)))
        start, size = start + size, next_chunk_size(size)
    return chunks


class Tally:
    """Records chunk outcomes as they come: ``outcomes`` in arrival order, ``progress(done,
    total)`` and ``landed(keys)`` called for each chunk stored."""

    def __init__(self, total: int, progress: Progress | None,
                 landed: Callable[[Sequence[str]], None] | None) -> None:
        self.total = total
        self.progress = progress
        self.landed = landed
        self.outcomes: list[Outcome] = []
        self.done = 0

    def __call__(self, outcome: Outcome) -> bool:
        """Record ``outcome``; False when its chunk failed (stop collecting)."""
        self.outcomes.append(outcome)
        self.done += len(outcome.keys)
        if outcome.error is None:
            if self.progress:
                self.progress(self.done, self.total)
            if self.landed:
                self.landed(outcome.keys)
        return outcome.error is None


def _run(job: Job, chunks: list[Chunk], jobs: int, record: Tally) -> None:
    warm = workers.shared_pool()
    if warm is None and (jobs <= 1 or len(chunks) == 1):
        for chunk in chunks:
            if not record(lay_out_chunk(job, chunk)):
                break
        return
    if warm is not None:  # started and warmed up while the build did other work
        if len(chunks) > 1:
            workers.want_all()
        _collect(warm, job, chunks, record)
        return
    with workers.context().Pool(min(jobs, len(chunks))) as pool:  # terminated on leaving
        _collect(pool, job, chunks, record)


def _collect(pool: Pool, job: Job, chunks: list[Chunk], record: Tally) -> None:
    """Lay out ``chunks`` in ``pool``, ``record`` each outcome as it comes; stop collecting
    at the first failure (the caller's pool is ended or the build stops)."""
    for outcome in pool.imap_unordered(partial(lay_out_chunk, job), chunks):
        if not record(outcome):
            break


def lay_out_faces(fragments: Sequence[str], css: str, geometry: CardGeometry, *,
                  base_url: Path, roots: Sequence[Path], cache: FaceCache, jobs: int = 1,
                  progress: Progress | None = None,
                  refused: Callable[[Sequence[Refusal]], None] | None = None,
                  pdf_variant: str | None = None, colour: str = "rgb",
                  landed: Callable[[Sequence[Path]], None] | None = None,
                  early: Early | None = None, waiting: Callable[[], None] | None = None) -> LaidOut:
    """Make sure every fragment has a laid-out page in ``cache``; return the pages in order.

    ``geometry`` is the card's (trim, bleed, safe; mm); relative URLs resolve against
    ``base_url`` and only files under ``roots`` are read (also to key the faces).
    ``refused(refusals)`` is called with the URLs the fetcher refused, before any error is
    raised (so it can raise a more precise one), unless :func:`raise_located` raised first.
    ``pdf_variant`` is WeasyPrint's PDF variant (e.g. ``"pdf/x-1a"``), part of every key.
    ``colour`` names the colour mode the fragments were made for (``"rgb"``, or ``"cmyk "``
    and a digest of what converted them, :mod:`cardforge.render.colour.cmyk`), part of every key too.
    ``landed(files)`` is called in this process with the cached files of each chunk as
    soon as it is stored, while later chunks are still being laid out (e.g. to copy them
    into a face book, :mod:`cardforge.render.cache.book_filler`). ``early`` holds the chunks sent to
    the warm pool while the fragments were still being rendered, with the same stylesheet,
    geometry and options (:mod:`cardforge.render.workers.early_layout`): their outcomes are
    collected instead of laying those faces out again. ``waiting()`` is called once, before
    this process first waits for a face laid out elsewhere, to do meanwhile work the faces'
    arrival needs (e.g. open the face book: :meth:`~cardforge.render.cache.book_filler.BookFiller.ready`).
    Raises MissingFontError or RenderError as render_faces_measured does, and RenderError
    when there are no fragments.
    """
    if not fragments:
        raise RenderError("no card faces to render")
    base_uri = base_url.resolve().as_uri() + "/"
    context = face_context(cache, css, geometry, base_uri, roots, pdf_variant, colour)
    keys = [cache.key(fragment, context, base_uri, roots) for fragment in fragments]
    if early is not None:
        early.flush()  # before keying: every face it was offered is then sent or cached
    sent = early.sent if early is not None else {}
    missing: dict[str, str] = {}
    for key, fragment in zip(keys, fragments, strict=True):
        if key not in missing and (key in sent or cache.get(key) is None or not cache.has_sidecar(key)):
            missing[key] = fragment
    if missing:
        stored = (lambda keys: landed([cache.path(k) for k in keys])) if landed else None
        record = Tally(len(missing), progress, stored)
        ahead = [key for key in missing if key in sent]
        if waiting is not None:
            waiting()
        if early is None or early.collect(ahead, record):  # laid out while templates rendered
            rest = [(key, fragment) for key, fragment in missing.items() if key not in sent]
            chunks = chunked(rest)
            job = make_job(css, geometry, base_url, roots, cache, pdf_variant)
            _run(job, chunks, jobs, record)
        outcomes = record.outcomes
        refusals = [r for o in outcomes for r in o.refusals]
        if refusals:
            raise_located(refusals, list(missing.values()), roots, base_url)
        if refusals and refused:
            refused(refusals)
        for outcome in outcomes:
            if outcome.error is not None:
                missing_font, message, hint = outcome.error
                if missing_font:
                    raise MissingFontError(message, hint=hint)
                # a spawned worker (Windows, macOS) has not read the stylesheets to trace a CSS warning
                raise traced(RenderError(message, hint=hint))
    return LaidOut(tuple(cache.path(k) for k in keys), len(missing))


def raise_located(refusals: Sequence[Refusal], fragments: Sequence[str], roots: Sequence[Path],
                  base_url: Path) -> None:
    """Raise RenderError at the file, line and column where the first of ``refusals`` is
    written, when that is an SVG or CSS file the fetcher served (:attr:`Refusal.where`) or,
    for a URL no face links to, a stylesheet under ``roots``
    (:func:`~cardforge.render.layout.url_fetcher.written_in`). Returns when a face links to it."""
    refusal = refusals[0]
    others = len({r.url for r in refusals} - {refusal.url})
    more = f" (and {others} more refused URLs)" if others else ""
    hint = "use only files inside the workspace (no network, no absolute paths outside it)"
    if refusal.where:
        raise RenderError(f"{refusal.where}: cannot use {shown(refusal.url)}: {refusal.reason}{more}",
                          hint=hint)
    base_uri = base_url.resolve().as_uri() + "/"
    wanted = unquote(refusal.url)
    for fragment in fragments:
        if any(unquote(urljoin(base_uri, link.strip())) == wanted for link in html_links(fragment)):
            return
    places = written_in(refusal.url, stylesheet_files(roots), base_url)
    if places:
        also = f" (also at {', '.join(map(str, places[1:4]))})" if len(places) > 1 else ""
        raise RenderError(f"{places[0]}: cannot use {shown(refusal.url)}: {refusal.reason}{also}{more}",
                          hint=hint)
