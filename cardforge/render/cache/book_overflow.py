"""The overflow measurements of a face book's faces, kept together in one file beside it.

``cardforge build`` reports text overflow (TR105) from the measurements stored beside each
face in the face cache (:mod:`cardforge.render.layout.text_overflow`): after a one-card edit of a
1,000-card game, that is a thousand small files read through the trust boundary to find the
one new face. Once read, the measurements of a face
book's faces are kept in ``<book>.overflow-v<FORMAT>.json`` beside the book (a cache entry
keyed by the book's name, :func:`~cardforge.build.cache_entries.dump_json`): the next
build reads that one file and only the sidecars of faces it lacks.

The file is in the (untrusted) cache, like the sidecars: it is read through
:mod:`cardforge.boundary.trust` inside the cache root, and every entry is checked as a sidecar is
(:func:`~cardforge.render.layout.text_overflow.parsed`); a file that is missing, refused, malformed or
made for another book counts as empty, and an entry that does not parse is read from its
sidecar instead. It is written without a sync, as face pages are: a torn file is refused
when read.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.build import cache_entries
from cardforge.build.cache_entries import dump_json, read_json
from cardforge.render.layout.text_overflow import FORMAT, Overflow, stored


def book_file(book: Path) -> Path:
    """Where the measurements of the faces of ``book`` (a face book's path) are kept."""
    return book.with_name(f"{book.stem}.overflow-v{FORMAT}.json")


def read_kept(book: Path) -> dict[str, Any]:
    """Face key → its measurements as stored (to check with
    :func:`~cardforge.render.layout.text_overflow.parsed`); empty when nothing can be trusted."""
    try:
        value = read_json(book_file(book), book.stem)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def keep(book: Path, measured: Mapping[str, list[Overflow]], kept: Mapping[str, Any] | None = None) -> None:
    """Keep ``measured`` (face key → its measurements) beside ``book``, replacing what was
    kept; a face's entry in ``kept`` (as :func:`read_kept` gave it, and checked since) is
    written as it was read instead of being made again from its measurements (after a
    one-card edit of a 1,000-card game, all but one). A cache that cannot be written only
    costs the next build the sidecar reads."""
    path = book_file(book)
    kept = kept or {}
    entries = {key: kept[key] if key in kept else stored(measures) for key, measures in measured.items()}
    data = dump_json(book.stem, entries).encode("utf-8")
    try:
        if not cache_entries.regular(path, trust.MAX_BYTES["json"]):
            cache_entries.discard(path)  # a symlink or folder in the way is removed, not written through
        write_atomically(path, lambda handle: handle.write(data), sync=False)
    except OSError:
        pass
