"""One chunk of faces laid out as one WeasyPrint document, in a worker process.

:func:`lay_out_chunk` is what a worker runs for each :class:`Chunk` of a :class:`Job`: the
faces laid out as one document (:func:`~cardforge.render.layout.face_layout.render_faces_measured`),
the overflow of each face's text boxes stored beside it, and each page split off into a PDF
of its own, sealed with its key (:func:`sealed_pages`), in the face cache. Everything that
crosses the process boundary is plain data (:class:`Job`, :class:`Chunk`, :class:`Outcome`).
Used by :mod:`cardforge.render.workers.parallel_layout` and :mod:`cardforge.render.workers.early_layout`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf

from cardforge.build.cache_entries import seal
from cardforge.errors import CardforgeError, MissingFontError
from cardforge.model.card_geometry import CardGeometry
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.cache.font_store import FONTS_NEEDED, FontStore
from cardforge.render.layout.face_layout import render_faces_measured
from cardforge.render.layout.font_origins import FontOrigin
from cardforge.render.layout.text_overflow import dumps
from cardforge.render.layout.url_fetcher import Refusal
from cardforge.render.pdf.font_use import Scanned, glyphs_of, origin_id, stamp_glyphs, stamp_origins
from cardforge.render.pdf.pdf_split import prune_resources
from cardforge.render.pdf.resource_names import canonical_names
from cardforge.render.pdf.resource_stamps import stamp_font_keys, stamp_form_keys


@dataclass(frozen=True)
class Chunk:
    """Faces laid out as one document: their ``keys`` and HTML ``fragments``, in order."""

    keys: tuple[str, ...]
    fragments: tuple[str, ...]


@dataclass(frozen=True)
class Job:
    """What every chunk shares: stylesheet, card geometry, base folder, allowed roots, cache."""

    css: str
    geometry: CardGeometry
    base_url: Path
    roots: tuple[Path, ...]
    cache_folder: Path
    pdf_variant: str | None = None


@dataclass(frozen=True)
class Outcome:
    """A chunk's result, plain data so it crosses process boundaries: ``keys`` of the faces
    it stored (none when it failed); ``error`` is (missing_font, message, hint) when the
    chunk failed."""

    keys: tuple[str, ...]
    refusals: tuple[Refusal, ...]
    error: tuple[bool, str, str | None] | None = None


def lay_out_chunk(job: Job, chunk: Chunk) -> Outcome:
    """Lay out one chunk as one document and store its pages (runs in a worker)."""
    from cardforge.render.layout.safe_fetcher import make_url_fetcher  # WeasyPrint: workers only

    fetcher = make_url_fetcher(job.roots)
    card = job.geometry
    origins: dict[str, FontOrigin] = {}
    try:
        pdf, measures = render_faces_measured(chunk.fragments, job.css, card.width_mm, card.height_mm,
                                              card.bleed_mm, base_url=job.base_url, url_fetcher=fetcher,
                                              safe_mm=card.safe_mm, pdf_variant=job.pdf_variant,
                                              origins=origins)
    except CardforgeError as exc:
        return Outcome((), tuple(fetcher.refusals),
                       (isinstance(exc, MissingFontError), exc.message, exc.hint))
    fonts = FontStore(job.cache_folder)
    for origin in origins.values():  # before the faces: a cached face implies its originals
        if not fonts.has_original(origin.digest):
            fonts.put_original(origin.digest, origin.program(), digested=True)
    cache = FaceCache(job.cache_folder)
    for key, measured in zip(chunk.keys, measures, strict=True):  # before the page: a page
        cache.put_sidecar(key, dumps(measured, key))              # implies its measurements
    stamps = {name: origin.origin for name, origin in origins.items()}
    cache.put_many(zip(chunk.keys, sealed_pages(pdf, chunk.keys, stamps), strict=True))
    return Outcome(chunk.keys, tuple(fetcher.refusals))


def sealed_pages(pdf: bytes, keys: Sequence[str], origins: Mapping[str, str] | None = None) -> list[bytes]:
    """Page ``i`` of ``pdf`` as a PDF of its own (boxes kept, only the resources it draws,
    see :func:`~cardforge.render.pdf.pdf_split.prune_resources`, named after their content,
    see :mod:`cardforge.render.pdf.resource_names`, its fonts, forms and patterns stamped
    with their content keys, see :mod:`cardforge.render.pdf.resource_stamps`, its fonts
    with their ``origins`` by BaseFont and its resources with the glyphs it draws, see
    :mod:`cardforge.render.pdf.font_use`), sealed with ``keys[i]``.
    Raises ValueError when the counts differ, pikepdf.PdfError for a damaged ``pdf``."""
    out = []
    done: set[tuple[int, int]] = set()
    with pikepdf.open(io.BytesIO(pdf)) as source:
        stamp_origins(source, dict(origins or {}))  # first: a font's key covers its origin
        stamp_font_keys(source)  # the chunk's faces share its fonts: hashed here, once
        for page in source.pages:
            prune_resources(page, done)
        canonical_names(source)  # names that do not depend on the chunk
        scanned: Scanned = {}  # the chunk's forms, read once for all the pages that draw them
        for page in source.pages:
            stamp_glyphs(page, scanned)
        stamp_form_keys(source)  # and its forms, once pruned to what each draws
        digests = {origin_id(text): json.loads(text)["sha256"] for text in (origins or {}).values()}
        for page, key in zip(source.pages, keys, strict=True):
            single = pikepdf.new()
            single.pages.append(page)
            seal(single, key)
            drawn = sorted({digests[k] for k in glyphs_of(page.obj.Resources) if k in digests})
            if drawn:
                single.trailer[FONTS_NEEDED] = pikepdf.Array([pikepdf.String(d) for d in drawn])
            buffer = io.BytesIO()
            single.save(buffer)
            out.append(buffer.getvalue())
    return out


def make_job(css: str, geometry: CardGeometry, base_url: Path, roots: Sequence[Path], cache: FaceCache,
             pdf_variant: str | None) -> Job:
    """What every chunk of one document kind shares (sent to the workers with each chunk)."""
    return Job(css, geometry, base_url, tuple(Path(r) for r in roots), cache.folder, pdf_variant)
