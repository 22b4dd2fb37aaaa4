"""Font programs kept by content: the originals faces were laid out with, and their subsets.

An output embeds one subset of each original font for all its faces
(:mod:`cardforge.render.pdf.font_union`); the originals are written here by the layout
workers, as ``<cache>/fonts/<sha256>.font`` (the SHA-256 of the file's bytes, checked on
every read), and each subset made from one is kept as ``<cache>/fonts/<key>.subset``, its
key the SHA-256 of the original's origin stamp, the glyph ids and
:func:`~cardforge.build.build_fingerprint.code_digest` (the code and libraries that subset
it), the key written first in the file and checked on read. Never by path: a font file
that changed is another original. Like every cache entry, a file here is used only when it
is a regular file in the real ``fonts`` folder within its size limit; anything else is a
miss (an original missing is laid out again with its faces, a subset is made again).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pikepdf

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.build import cache_entries
from cardforge.build.build_fingerprint import code_digest
from cardforge.render.pdf import hb_subset
from cardforge.render.pdf.font_union import Journal, unify_fonts

FONTS_NEEDED = pikepdf.Name("/CardforgeFonts")
"""In a cached face's trailer: the SHA-256 of each original font it draws, which the face
cache checks are kept (:func:`fonts_needed`; the trailer is in the tail it reads)."""
_NEEDED = re.compile(rb"/CardforgeFonts\s*\[([^\]]{0,2000})\]")
_DIGEST = re.compile(rb"[0-9a-f]{64}")
FOLDER = "fonts"
LIMIT = trust.MAX_BYTES["font"]
"""Largest font program kept or read (the limit on a workspace's font files)."""
_HEX = frozenset("0123456789abcdef")


class FontStore:
    """The font programs of the face cache at ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder) / FOLDER

    def has_original(self, digest: str) -> bool:
        """Whether an original of SHA-256 ``digest`` is kept (not read: see :meth:`original`)."""
        return _is_digest(digest) and cache_entries.regular(self.folder / f"{digest}.font", LIMIT)

    def put_original(self, digest: str, data: bytes, *, digested: bool = False) -> None:
        """Keep ``data``, whose SHA-256 is ``digest``, unless kept already or too large.
        ``digested``: the caller computed ``digest`` from these very bytes (a layout worker's
        :class:`~cardforge.render.layout.font_origins.FontOrigin`), so they are not hashed
        again (Noto Sans CJK: ~20 MB). Raises ValueError when ``data`` does not have that
        digest (checked unless ``digested``), OSError when it cannot be written."""
        if not _is_digest(digest) or len(data) > LIMIT or self.has_original(digest):
            return
        if not digested and hashlib.sha256(data).hexdigest() != digest:
            raise ValueError("a font program does not have the digest it is kept under")
        path = self.folder / f"{digest}.font"
        cache_entries.real_folder(self.folder)
        cache_entries.discard(path)
        write_atomically(path, lambda handle: handle.write(data), sync=False)

    def original(self, digest: str) -> bytes | None:
        """The original of SHA-256 ``digest``, or None when missing or not that file."""
        data = self._read(self.folder / f"{digest}.font") if _is_digest(digest) else None
        return data if data is not None and hashlib.sha256(data).hexdigest() == digest else None

    def subset(self, origin: str, glyphs: tuple[int, ...]) -> bytes | None:
        """The original ``origin`` names (an origin stamp's JSON text) subset to ``glyphs``
        (:func:`~cardforge.render.pdf.hb_subset.subset_program`), kept for the next build;
        None when the stamp is malformed, the original is not kept, or HarfBuzz cannot
        subset it."""
        try:
            stamp = json.loads(origin)
            digest, index, hinting = str(stamp["sha256"]), int(stamp["index"]), bool(stamp["hinting"])
        except (ValueError, KeyError, TypeError):
            return None
        text = "\n".join([origin, ",".join(map(str, glyphs)), code_digest()])
        key = hashlib.sha256(text.encode()).hexdigest()
        path = self.folder / f"{key}.subset"
        kept = self._read(path)
        if kept is not None and kept[:64] == key.encode():
            return kept[64:]
        original = self.original(digest)
        made = hb_subset.subset_program(original, index, glyphs, hinting=hinting) if original else None
        if made is None:
            return None
        try:
            cache_entries.real_folder(self.folder)
            cache_entries.discard(path)
            write_atomically(path, lambda handle: handle.write(key.encode() + made), sync=False)
        except OSError:
            pass  # a cache that cannot be written costs the next build the subset, nothing else
        return made

    def _read(self, path: Path) -> bytes | None:
        """``path``'s bytes when it is a regular file within :data:`LIMIT`, else None."""
        if not cache_entries.regular(path, LIMIT + 64):
            return None
        try:
            with os.fdopen(os.open(path, trust.READ_FLAGS), "rb") as handle:
                data = handle.read(LIMIT + 65)
        except OSError:
            return None
        return data if len(data) <= LIMIT + 64 else None


def fonts_needed(tail: bytes) -> list[str]:
    """The digests of :data:`FONTS_NEEDED` in ``tail`` (a cached face's last bytes)."""
    found = _NEEDED.search(tail)
    return [d.decode() for d in _DIGEST.findall(found.group(1))] if found else []


def _is_digest(text: str) -> bool:
    return len(text) == 64 and set(text) <= _HEX


def unify_output_fonts(out: pikepdf.Pdf, pages: object) -> Journal:
    """Give ``out`` one font per original (:func:`~cardforge.render.pdf.font_union.unify_fonts`),
    the subsets made from the font store of the cache ``pages`` (a face book or
    :class:`~cardforge.render.cache.face_pages.FacePages`) were read from; with no cache
    known, the fonts are left as they are and only the stamps are taken out."""
    folder = cache_folder_of(pages)
    store = FontStore(folder) if folder is not None else None
    return unify_fonts(out, store.subset if store is not None else (lambda origin, glyphs: None))


def cache_folder_of(pages: object) -> Path | None:
    """The face cache folder ``pages`` come from: a face book's (``<cache>/books/<name>.pdf``)
    or that of cached face files (``<cache>/<xx>/<key>.pdf``); None for anything else."""
    book = getattr(pages, "path", None)
    if isinstance(book, Path):
        return book.parent.parent
    files = getattr(pages, "files", None)
    if files:
        return Path(files[0]).parent.parent
    return None
