"""Faces sent to the warm workers while the build is still rendering templates.

A build renders every face's HTML (:func:`~cardforge.render.face_sources.face_sources`), then keys
the faces and lays out those the cache lacks
(:func:`~cardforge.render.workers.parallel_layout.lay_out_faces`).
With a warm pool (:mod:`cardforge.render.workers.layout_workers`), the workers would idle through the first
part: a cold build's templates take a second or more, and after a one-card edit the one new
face would wait for every other card's template and key. :class:`EarlyLayout` is offered
each face as soon as it is rendered anew (not taken from the fragment memo); one the cache
lacks joins a chunk, and chunks go to the pool at once: the first of one face, each next
one twice as large, up to :data:`~cardforge.render.workers.parallel_layout.MAX_CHUNK`, so the first face
starts early and later chunks keep the per-document cost low. :func:`lay_out_faces` then
collects those chunks' outcomes instead of laying their faces out again.

A face is sent only with the stylesheet, geometry and options the faces will be laid out
with (its key is the one :func:`lay_out_faces` computes), so an early page is the page the
build would have made; one the build does not use after all (the render failed later) is
a valid cache entry, keyed by its content.

A caller that shows faces as they come (the preview) passes ``landed``: each face offered
with an ``owner`` (a :class:`CardSide`) is announced as a :class:`Landed` once its page is
in the cache, from the pool's result thread, before :func:`lay_out_faces` collects it, so a
one-card edit's face can be shown before every other card is keyed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing.pool import AsyncResult, Pool
from pathlib import Path

from cardforge.model.card_geometry import CardGeometry
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.workers.chunks import Chunk, Job, Outcome, lay_out_chunk, make_job
from cardforge.render.workers.parallel_layout import Tally, face_context, next_chunk_size


@dataclass(frozen=True)
class CardSide:
    """Which face of a card a face is: card ``card`` (its id), ``side`` ``"front"`` or
    ``"back"`` (its own back)."""

    card: str
    side: str


@dataclass(frozen=True)
class Landed:
    """A face offered with an ``owner`` whose page is now in the face cache: the ``owner``
    as offered, the face-cache ``key`` and ``page`` (the single-page PDF), and the card
    ``geometry`` (mm) it was laid out for."""

    owner: CardSide
    key: str
    page: Path
    geometry: CardGeometry


class EarlyLayout:
    """Chunks of new faces sent to ``pool`` as they are rendered; see the module docstring.

    ``sent``: face key → the pending result of the chunk that lays it out. ``landed`` is
    called with a :class:`Landed` for each face offered with an owner, once laid out (or at
    once when the cache has it); it runs in the pool's result thread (or the caller's, for a face
    already stored) and should not raise (what it raises is dropped)."""

    def __init__(self, pool: Pool, cache: FaceCache, *, extra_css: str = "",
                 pdf_variant: str | None = None, colour: str = "rgb",
                 landed: Callable[[Landed], None] | None = None) -> None:
        self.pool = pool
        self.cache = cache
        self.base_url = Path()
        self.base_uri = ""
        self.roots: tuple[Path, ...] = ()
        self.extra_css = extra_css
        self.pdf_variant = pdf_variant
        self.colour = colour
        self.css: str | None = None
        self.sent: dict[str, AsyncResult[Outcome]] = {}
        self._contexts: dict[CardGeometry, str] = {}
        self._waiting: dict[CardGeometry, list[tuple[str, str]]] = {}
        self._next: dict[CardGeometry, int] = {}  # each document's next chunk size
        self.landed = landed
        self._owners: dict[str, CardSide] = {}

    def start(self, css: str, base_url: Path, roots: Sequence[Path]) -> None:
        """The faces' stylesheet (``extra_css`` is added to it), the folder their relative
        URLs resolve against and the only folders they may read (as for :func:`lay_out_faces`);
        faces offered before are ignored."""
        self.css = f"{css}\n{self.extra_css}" if self.extra_css else css
        self.base_url = base_url
        self.base_uri = base_url.resolve().as_uri() + "/"
        self.roots = tuple(roots)

    def offer(self, fragment: str, geometry: CardGeometry, owner: CardSide | None = None) -> None:
        """A face rendered anew: keep it for the next chunk unless it is cached or sent;
        ``owner`` names it to :attr:`landed`."""
        if self.css is None:
            return
        context = self._contexts.get(geometry)
        if context is None:
            context = face_context(self.cache, self.css, geometry, self.base_uri, self.roots,
                                   self.pdf_variant, self.colour)
            self._contexts[geometry] = context
        key = self.cache.key(fragment, context, self.base_uri, self.roots)
        if owner is not None and self.landed is not None:
            self._owners.setdefault(key, owner)
        waiting = self._waiting.setdefault(geometry, [])
        if key in self.sent or any(k == key for k, _ in waiting):
            return
        page = self.cache.get(key)
        if page is not None and self.cache.has_sidecar(key):
            self._announce(key, page, geometry)
            return
        waiting.append((key, fragment))
        if len(waiting) >= self._next.get(geometry, 1):
            self._send(geometry)

    def flush(self) -> None:
        """Send every face still waiting for its chunk to fill."""
        for geometry in list(self._waiting):
            self._send(geometry)

    def _send(self, geometry: CardGeometry) -> None:
        waiting = self._waiting.pop(geometry, [])
        if not waiting or self.css is None:
            return
        chunk = Chunk(tuple(k for k, _ in waiting), tuple(f for _, f in waiting))
        job: Job = make_job(self.css, geometry, self.base_url, self.roots, self.cache, self.pdf_variant)
        landed = partial(self._chunk_landed, geometry) if self.landed is not None else None
        result = self.pool.apply_async(lay_out_chunk, (job, chunk), callback=landed)
        for key in chunk.keys:
            self.sent[key] = result
        self._next[geometry] = next_chunk_size(self._next.get(geometry, 1))

    def _chunk_landed(self, geometry: CardGeometry, outcome: Outcome) -> None:
        """A chunk's result, in the pool's result thread: announce its owned faces (none
        when it failed or a URL was refused: the build reports those)."""
        if outcome.error is not None or outcome.refusals:
            return
        for key in outcome.keys:
            self._announce(key, self.cache.path(key), geometry)

    def _announce(self, key: str, page: Path, geometry: CardGeometry) -> None:
        owner = self._owners.pop(key, None)
        if owner is None or self.landed is None:
            return
        try:
            self.landed(Landed(owner, key, page, geometry))
        except Exception:  # noqa: BLE001 - a listener's failure must not stop the pool's thread
            return

    def collect(self, keys: Sequence[str], record: Tally) -> bool:
        """Wait for the chunks laying out ``keys`` (all :attr:`sent`; each chunk recorded once,
        in the order of ``keys``); False as soon as one failed."""
        seen: set[int] = set()
        for key in keys:
            result = self.sent[key]
            if id(result) in seen:
                continue
            seen.add(id(result))
            if not record(result.get()):
                return False
        return True
