"""Text that fits, fitted by the warm layout workers while the build renders the next faces.

:func:`~cardforge.render.layout.text_fit.fit_face` lays a face out once, and again for
each size it tries when a ``data-fit`` box overflows. Done in the build's own process, one
face after another, that is most of a cold build of a game whose boxes fit their text,
and the layout workers wait meanwhile. :class:`PooledFits` hands each rendered face that
has a ``data-fit`` box to the warm pool
(:func:`~cardforge.render.workers.layout_workers.shared_pool`) and gives its fitted HTML
back when asked (:meth:`Fit.html`). A worker runs the very function the build's process
would, with the same code and fonts, so a face's HTML, and so its cache key and its bytes,
do not depend on where it was fitted. Without a warm pool the face is fitted at once in
this process; when a worker's fit fails, the face is fitted again here, which raises what
fitting raises (RenderError, MissingFontError) with its message intact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from multiprocessing.pool import AsyncResult
from pathlib import Path

from cardforge.model.card_geometry import CardGeometry
from cardforge.render.layout.text_fit import FIT_ATTRIBUTE, fit_face
from cardforge.render.workers.layout_workers import shared_pool, want_all


class Fit:
    """One face's fitted HTML: known already, or being fitted by a worker (``fitting``),
    with ``refit`` fitting it in this process should the worker fail."""

    def __init__(self, html: str, fitting: AsyncResult | None = None,
                 refit: Callable[[], str] | None = None) -> None:
        self._html = html
        self._fitting = fitting
        self._refit = refit

    def ready(self) -> bool:
        """Whether :meth:`html` would return at once (fitted already, or the worker done)."""
        return self._fitting is None or self._fitting.ready()

    def html(self) -> str:
        """The fitted HTML, waiting for the worker fitting it if need be."""
        if self._fitting is not None:
            fitted = self._fitting.get()
            self._fitting = None
            if isinstance(fitted, str):
                self._html = fitted
            elif self._refit is not None:  # the worker failed: fitted here, the error located
                self._html = self._refit()
        return self._html


class PooledFits:
    """Fits the faces of one stylesheet ``css`` whose links resolve against ``base_url`` and
    read only inside ``roots`` (as :func:`~cardforge.render.layout.text_fit.fit_face`)."""

    def __init__(self, css: str, base_url: Path, roots: Sequence[Path]) -> None:
        self._css = css
        self._base_url = base_url
        self._roots = list(roots)
        self.sent = 0
        """Faces handed to the workers so far."""

    def fit(self, html: str, geometry: CardGeometry) -> Fit:
        """``html`` (one rendered face at ``geometry``) with its ``data-fit`` boxes fitted:
        at once when it has none or no warm pool runs, else by a worker (the second face
        sent wakes every worker, :func:`~cardforge.render.workers.layout_workers.want_all`)."""
        pool = shared_pool() if FIT_ATTRIBUTE in html else None
        if pool is None:
            return Fit(self.fit_here(html, geometry))
        self.sent += 1
        if self.sent == 2:
            want_all()
        fitting = pool.apply_async(fit_in_worker, (html, self._css, geometry, self._base_url, self._roots))
        return Fit(html, fitting, partial(self.fit_here, html, geometry))

    def fit_here(self, html: str, geometry: CardGeometry) -> str:
        """``html`` fitted in this process (raises what fitting raises)."""
        return fit_face(html, self._css, geometry, self._base_url, self._roots)


def fit_in_worker(html: str, css: str, geometry: CardGeometry, base_url: Path,
                  roots: Sequence[Path]) -> str | None:
    """:func:`~cardforge.render.layout.text_fit.fit_face` in a layout worker; None when it
    fails (the build's process then fits the face itself, and reports the error there)."""
    try:
        return fit_face(html, css, geometry, base_url, roots)
    except Exception:  # noqa: BLE001 - reported by the build's own process, located
        return None


class PendingFace:
    """A face being made (its text perhaps being fitted by a worker): :meth:`html` finishes
    it, after every face asked for before it (:class:`InOrder`)."""

    def __init__(self, queue: InOrder, finish: Callable[[], str], ready: Callable[[], bool]) -> None:
        self._queue = queue
        self._finish = finish
        self.ready = ready
        """Whether finishing the face would not wait for a worker."""
        self._html: str | None = None

    def html(self) -> str:
        """The face's HTML (the faces asked for before it are finished first)."""
        while self._html is None:
            self._queue.finish_next()
        return self._html

    def finish(self) -> None:
        """Finish the face now (its turn has come)."""
        self._html = self._finish()


class InOrder:
    """Faces finished in the order they were asked for: what finishing a face does (keep
    it in the fragment memo, offer it to the early layout, count it) happens in the same
    order as when every face was fitted at once. A face is finished as soon as it and every
    face before it are ready (at once, for a face with nothing to fit), or when it is needed."""

    def __init__(self) -> None:
        self._waiting: list[PendingFace] = []
        self._next = 0

    def add(self, finish: Callable[[], str], ready: Callable[[], bool] = lambda: True) -> PendingFace:
        """A face that ``finish()`` finishes, after those added before it; finished now
        when it and those are ``ready()``."""
        made = PendingFace(self, finish, ready)
        self._waiting.append(made)
        while self._next < len(self._waiting) and self._waiting[self._next].ready():
            self.finish_next()
        return made

    def finish_next(self) -> None:
        """Finish the first face not finished yet."""
        self._waiting[self._next].finish()
        self._next += 1

    def finish_all(self) -> None:
        """Finish every face added."""
        while self._next < len(self._waiting):
            self.finish_next()
