"""Products kept in the cache by content: what nothing changed in is never made again.

Laying out a booklet, a rulesheet, a game's die faces or a board takes WeasyPrint from a
tenth of a second to several seconds, and rasterising card faces into PNGs or TTS sheets
about as long, yet what shapes them rarely changes between builds. Each such output is
kept under the cache root (the face cache's folder) in :data:`FOLDER` as ``<key>.bin``
(its bytes) with a JSON entry beside it (``<key>.json``) holding what a hit must give back
and what it must check:

- the key (:func:`content_key`, the one key function) is the SHA-256 of the output's kind
  and every text that shapes it and is known before it is made (for a laid-out document:
  its HTML, the folder relative links resolve against and the layout options; for an
  export: the content keys or hash of the PDF it is made from and its options), the
  installed fonts (:func:`~cardforge.render.cache.face_cache.fonts_fingerprint`) and the code
  that makes it (:func:`~cardforge.build.build_fingerprint.code_digest`: cardforge's code by
  content, the versions and file stamps of the libraries that lay out, write and rasterise PDFs). Root folders
  are named by token (:func:`~cardforge.render.cache.face_cache.location_free`), so a moved
  workspace, or one given by a relative path, finds its entries;
- for a laid-out document (:func:`cached_document`) the entry lists every local file the
  layout read through cardforge's URL fetcher (an ``@import``-ed stylesheet, a font, an
  image, an SVG and what it links to), as its root and path inside it, with the SHA-256 of
  its bytes; a hit requires each to have the same content now. Same HTML and same fetched
  files make WeasyPrint fetch the same files again, so nothing it can load is left out;
- the entry holds the page measurement
  (:class:`~cardforge.render.layout.page_overflow.PagesMeasured`) the layout produced, if any, so
  the warnings made from it come back identically on a hit;
- the entry holds the output's SHA-256 and size: an output that is truncated, altered, a
  symlink or too large is a miss, deleted and made again, never shipped.

Entries are read through :mod:`cardforge.boundary.trust` inside the cache root and written
atomically: the old JSON removed first, then the output written, then the JSON, so a JSON
entry is never beside another key's output.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.build import cache_entries
from cardforge.build.build_fingerprint import code_digest
from cardforge.render.cache.face_cache import fonts_fingerprint, location_free
from cardforge.render.layout.face_layout import faces_html, render_faces_pdf
from cardforge.render.layout.page_overflow import PagesMeasured
from cardforge.render.layout.safe_fetcher import Fetched, RecordingFetcher
from cardforge.render.templating.requested_urls import kind_of

FOLDER = "content"
"""The folder of entries inside the cache root."""

FORMAT = 2
"""Version of the entry's layout; a change makes every older entry a miss."""



@dataclass(frozen=True)
class Made:
    """What making an output gave: ``data`` (its bytes: a PDF, a PNG), ``measured`` (a laid-out
    document's page measurement, or None) and ``fetched`` (every local file read)."""

    data: bytes
    measured: PagesMeasured | None = None
    fetched: tuple[Fetched, ...] = ()


@dataclass(frozen=True)
class Cached:
    """An output: ``data`` (its bytes as made), ``measured`` (as :class:`Made`'s) and
    ``made``, whether this call made it (False: from the cache)."""

    data: bytes
    measured: PagesMeasured | None
    made: bool


@dataclass(frozen=True)
class DocumentSource:
    """What shapes a laid-out HTML document: its ``kind`` (``rules``, ``die faces``…), the
    ``html``, ``base_url`` (the folder relative links resolve against; None: no relative
    links), ``roots`` (the only folders its layout may read, in a fixed order) and
    ``options`` (any text naming the other layout settings, e.g. a PDF variant)."""

    kind: str
    html: str
    base_url: Path | None
    roots: tuple[Path, ...]
    options: str = ""


def content_key(kind: str, parts: Sequence[str], roots: Sequence[Path] = ()) -> str:
    """The key (64 hex digits) of an output of ``kind`` shaped by the texts ``parts``, each
    with the folders ``roots`` replaced by tokens: see the module docstring."""
    texts = [f"{kind} v{FORMAT}", *(location_free(part, roots) for part in parts),
             fonts_fingerprint(), code_digest()]
    return hashlib.sha256("\0".join(texts).encode("utf-8")).hexdigest()


def cached_document(source: DocumentSource, cache_root: Path,
                    lay_out: Callable[[RecordingFetcher], Made]) -> Cached:
    """The document ``source`` laid out: from the entry of its key under ``cache_root`` when
    there is a sound one, else ``lay_out(fetcher)`` (which must fetch every file through
    ``fetcher``, a :class:`~cardforge.render.layout.safe_fetcher.RecordingFetcher` of
    ``source.roots``) and stored with the files it read.

    Raises what ``lay_out`` raises (nothing is stored then) and OSError when the entry
    cannot be written.
    """
    base = "" if source.base_url is None else source.base_url.resolve().as_uri() + "/"
    key = content_key(source.kind, [source.html, base, source.options], source.roots)

    def make() -> Made:
        fetcher = RecordingFetcher(source.roots)
        laid = lay_out(fetcher)
        return Made(laid.data, laid.measured, fetcher.fetched)

    return cached(cache_root, key, make, source.roots)


def cached_pages(kind: str, fragments: Sequence[str], css: str, width_mm: float, height_mm: float,
                 bleed_mm: float, *, base_url: Path, roots: Sequence[Path],
                 cache_root: Path | None) -> bytes:
    """``fragments`` laid out one a page, as
    :func:`~cardforge.render.layout.face_layout.render_faces_pdf` does (trim ``width_mm`` × ``height_mm``
    plus ``bleed_mm``, mm; files read only inside ``roots``), through
    :func:`cached_document` under ``cache_root`` (None: laid out, not cached). Returns the
    PDF. Raises what render_faces_pdf raises."""
    def lay_out(fetcher: RecordingFetcher) -> Made:
        return Made(render_faces_pdf(fragments, css, width_mm, height_mm, bleed_mm,
                                     base_url=base_url, url_fetcher=fetcher))

    if cache_root is None:
        return lay_out(RecordingFetcher(roots)).data
    html = faces_html(fragments, css, width_mm, height_mm, bleed_mm)
    return cached_document(DocumentSource(kind, html, base_url, tuple(roots)), cache_root, lay_out).data


def cached(cache_root: Path, key: str, make: Callable[[], Made],
           roots: Sequence[Path] = ()) -> Cached:
    """The output of ``key`` (:func:`content_key`): from its entry under ``cache_root``
    when there is a sound one, else ``make()`` and stored (its fetched files must lie
    inside ``roots``, else it is not stored). Raises what ``make`` raises and OSError when
    the entry cannot be written."""
    folder = cache_root / FOLDER
    found = _read(folder, key, roots)
    if found is not None:
        return found
    made = make()
    _write(folder, key, made, roots)
    return Cached(made.data, made.measured, made=True)


def _read(folder: Path, key: str, roots: Sequence[Path]) -> Cached | None:
    """The sound entry of ``key`` in ``folder``, or None; an entry that is there but not
    sound (unreadable, another key's, a damaged output) is deleted."""
    entry, data_path = folder / f"{key}.json", folder / f"{key}.bin"
    if not cache_entries.real(folder) or not cache_entries.regular(entry, trust.MAX_BYTES["json"],
                                                                   folder_checked=True):
        return None
    try:
        value = cache_entries.read_json(entry, key)
        measured = (None if value["measured"] is None
                    else PagesMeasured.from_data(value["measured"], str(entry)))
        if not all(_unchanged(item, roots) for item in value["fetched"]):
            return None  # an input changed: made again, the entry replaced
        data = trust.read_bytes(data_path, "cache", (folder.parent.resolve(),))
        if len(data) != value["size"] or hashlib.sha256(data).hexdigest() != value["sha256"]:
            raise ValueError(f"{data_path} is not the output its entry describes")
    except (ValueError, KeyError, TypeError, IndexError, trust.Refused):
        cache_entries.discard(entry)
        cache_entries.discard(data_path)
        return None
    return Cached(data, measured, made=False)


def _unchanged(item: Any, roots: Sequence[Path]) -> bool:
    """Whether the fetched file ``item`` (``{"root", "path", "sha256"}``) still has the
    content it had (read through :mod:`cardforge.boundary.trust` inside ``roots``). Raises
    KeyError, TypeError, IndexError or ValueError for an item of another shape."""
    root = Path(roots[int(item["root"])]).resolve()
    path = root / str(item["path"])
    try:
        data = trust.read_bytes(path, kind_of(path), [r.resolve() for r in map(Path, roots)])
    except trust.Refused:
        return False
    return hashlib.sha256(data).hexdigest() == str(item["sha256"])


def _write(folder: Path, key: str, made: Made, roots: Sequence[Path]) -> None:
    """Store ``made`` as the entry of ``key``: the old JSON removed, the output written,
    then the JSON. A fetched file outside ``roots`` (none should be) makes the output not
    stored. Raises OSError when the folder cannot be written."""
    fetched = []
    resolved = [Path(r).resolve() for r in roots]
    for item in made.fetched:
        root = next((i for i, r in enumerate(resolved) if item.path.is_relative_to(r)), None)
        if root is None:
            return
        fetched.append({"root": root, "path": item.path.relative_to(resolved[root]).as_posix(),
                        "sha256": item.sha256})
    value = {"size": len(made.data), "sha256": hashlib.sha256(made.data).hexdigest(),
             "fetched": fetched, "measured": None if made.measured is None else made.measured.as_data()}
    cache_entries.real_folder(folder)
    entry, data_path = folder / f"{key}.json", folder / f"{key}.bin"
    cache_entries.discard(entry)
    cache_entries.discard(data_path)  # whatever is in the way (a symlink, a folder) goes
    write_atomically(data_path, lambda handle: handle.write(made.data))
    text = cache_entries.dump_json(key, value).encode("utf-8")
    write_atomically(entry, lambda handle: handle.write(text))
