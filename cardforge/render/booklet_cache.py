"""Laid-out booklets kept in the cache: an unchanged booklet is never laid out again.

Laying out a rule booklet takes WeasyPrint a second or more, and its HTML rarely changes
between builds. :func:`cached_booklet` keeps each laid-out PDF under the cache root (the
face cache's folder) as ``booklets/<key>.pdf`` with a JSON entry beside it
(``<key>.json``) holding what a hit must give back and what it must check:

- the key is the SHA-256 of everything the layout depends on that is known before it
  runs: the booklet's HTML (its stylesheet is inlined, its example cards are PNGs in it),
  the folder relative links resolve against, the layout ``options`` text, the installed
  fonts (:func:`~cardforge.render.face_cache.fonts_fingerprint`) and the versions of
  cardforge and of the libraries that lay out and write the PDF. Root folders are named by
  token (:func:`~cardforge.render.face_cache.location_free`), so a moved workspace, or one
  given by a relative path, finds its booklets;
- the entry lists every local file the layout read through cardforge's URL fetcher (an
  ``@import``-ed stylesheet, a font, an image, an SVG and what it links to), as its root
  (the workspace or the built-in templates) and path inside it, with the SHA-256 of its
  bytes; a hit requires each to have the same content now. Same HTML and same fetched
  files make WeasyPrint fetch the same files again, so nothing it can load is left out;
- the entry holds the page measurement (:class:`~cardforge.render.page_overflow.PagesMeasured`)
  the layout produced, so the warnings made from it come back identically on a hit;
- the entry holds the PDF's SHA-256 and size: a PDF that is truncated, altered, a symlink
  or too large is a miss, deleted and laid out again, never shipped.

Entries are read through :mod:`cardforge.trust` inside the cache root and written
atomically: the old JSON removed first, then the PDF written, then the JSON, so a JSON
entry is never beside another key's PDF.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from cardforge import __version__, trust
from cardforge.atomic import write_atomically
from cardforge.render import booklet, cache_entries
from cardforge.render.booklet import LaidOutBooklet, booklet_roots
from cardforge.render.face_cache import fonts_fingerprint, location_free
from cardforge.render.links import kind_of
from cardforge.render.page_overflow import PagesMeasured

FOLDER = "booklets"
"""The folder of booklet entries inside the cache root."""

FORMAT = 1
"""Version of the entry's layout; a change makes every older entry a miss."""

LIBRARIES = ("weasyprint", "pydyf", "fonttools", "pillow", "tinycss2", "tinyhtml5", "cssselect2")
"""Libraries whose version is part of every key: they lay out and write the PDF."""


@dataclass(frozen=True)
class CachedBooklet:
    """A booklet's PDF (``pdf``: bytes as WeasyPrint wrote them), its page measurement
    (``measured``) and whether this call laid it out (``laid_out``; False: from the cache)."""

    pdf: bytes
    measured: PagesMeasured
    laid_out: bool


def booklet_key(html: str, base_url: Path, workspace: Path, options: str = "") -> str:
    """The key (64 hex digits) of the booklet ``html`` laid out with relative links against
    ``base_url`` in ``workspace`` with layout ``options`` (any text naming them): see the
    module docstring for what it hashes."""
    roots = booklet_roots(workspace)
    parts = [f"booklet v{FORMAT}", location_free(html, roots),
             location_free(base_url.resolve().as_uri() + "/", roots), options,
             fonts_fingerprint(), f"cardforge {__version__}", *map(_version, LIBRARIES)]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def cached_booklet(html: str, base_url: Path, workspace: Path, units: Mapping[str, Any],
                   cache_root: Path, options: str = "") -> CachedBooklet:
    """The booklet ``html`` laid out (see
    :func:`~cardforge.render.booklet.lay_out_booklet_pdf`; ``units``: element id → source
    block, for measuring and messages), from the entry of its key under ``cache_root`` when
    there is a sound one, else laid out and stored.

    Raises what the layout raises (RenderError, MissingFontError; nothing is stored then)
    and OSError when the entry cannot be written.
    """
    key = booklet_key(html, base_url, workspace, options)
    folder = cache_root / FOLDER
    found = _read(folder, key, booklet_roots(workspace))
    if found is not None:
        return found
    laid = booklet.lay_out_booklet_pdf(html, base_url, workspace, units)
    _write(folder, key, laid, booklet_roots(workspace))
    return CachedBooklet(laid.pdf, laid.measured, laid_out=True)


@cache
def _version(library: str) -> str:
    try:
        return f"{library} {version(library)}"
    except PackageNotFoundError:
        return f"{library} absent"


def _read(folder: Path, key: str, roots: Sequence[Path]) -> CachedBooklet | None:
    """The sound entry of ``key`` in ``folder``, or None; an entry that is there but not
    sound (unreadable, another key's, a fetched file changed, a damaged PDF) is deleted."""
    entry, pdf_path = folder / f"{key}.json", folder / f"{key}.pdf"
    if not cache_entries.real(folder) or not cache_entries.regular(entry, trust.MAX_BYTES["json"],
                                                                   folder_checked=True):
        return None
    try:
        value = cache_entries.read_json(entry, key)
        measured = PagesMeasured.from_data(value["measured"], str(entry))
        if not all(_unchanged(item, roots) for item in value["fetched"]):
            return None  # an input changed: laid out again, the entry replaced
        pdf = trust.read_bytes(pdf_path, "cache", (folder.parent.resolve(),))
        if len(pdf) != value["pdf_size"] or hashlib.sha256(pdf).hexdigest() != value["pdf_sha256"]:
            raise ValueError(f"{pdf_path} is not the PDF its entry describes")
    except (ValueError, KeyError, TypeError, trust.Refused):
        cache_entries.discard(entry)
        cache_entries.discard(pdf_path)
        return None
    return CachedBooklet(pdf, measured, laid_out=False)


def _unchanged(item: Any, roots: Sequence[Path]) -> bool:
    """Whether the fetched file ``item`` (``{"root", "path", "sha256"}``) still has the
    content it had (read through :mod:`cardforge.trust` inside ``roots``). Raises
    KeyError, TypeError, IndexError or ValueError for an item of another shape."""
    root = Path(roots[int(item["root"])]).resolve()
    path = root / str(item["path"])
    try:
        data = trust.read_bytes(path, kind_of(path), [r.resolve() for r in map(Path, roots)])
    except trust.Refused:
        return False
    return hashlib.sha256(data).hexdigest() == str(item["sha256"])


def _write(folder: Path, key: str, laid: LaidOutBooklet, roots: Sequence[Path]) -> None:
    """Store ``laid`` as the entry of ``key``: the old JSON removed, the PDF written, then
    the JSON. A fetched file outside ``roots`` (none should be) makes
    the booklet not stored. Raises OSError when the folder cannot be written."""
    fetched = []
    resolved = [Path(r).resolve() for r in roots]
    for item in laid.fetched:
        root = next((i for i, r in enumerate(resolved) if item.path.is_relative_to(r)), None)
        if root is None:
            return
        fetched.append({"root": root, "path": item.path.relative_to(resolved[root]).as_posix(),
                        "sha256": item.sha256})
    value = {"pdf_size": len(laid.pdf), "pdf_sha256": hashlib.sha256(laid.pdf).hexdigest(),
             "fetched": fetched, "measured": laid.measured.as_data()}
    cache_entries.real_folder(folder)
    entry, pdf_path = folder / f"{key}.json", folder / f"{key}.pdf"
    cache_entries.discard(entry)
    cache_entries.discard(pdf_path)  # whatever is in the way (a symlink, a folder) goes
    write_atomically(pdf_path, lambda handle: handle.write(laid.pdf))
    text = cache_entries.dump_json(key, value).encode("utf-8")
    write_atomically(entry, lambda handle: handle.write(text))
