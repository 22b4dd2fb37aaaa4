"""A disk cache of laid-out faces: one single-page PDF per face, named by a content hash.

A face's key is the SHA-256 of everything that shapes its page: the face's HTML fragment,
the stylesheet, the page geometry (trim, bleed, safe in mm), the base URL its relative links
resolve against, the content of every local file the fragment or the stylesheet links to
(art, fonts, images: only real links, :mod:`cardforge.render.templating.requested_urls`; text that merely
looks like a URL is not one), the installed fonts (fontconfig's list of font files, or the
platform's font folders where there is no ``fc-list``, with their sizes and modification
times), and the code that lays faces out
(:func:`cardforge.build.build_fingerprint.code_digest`: cardforge's code by content, the versions
and file stamps of WeasyPrint, pydyf, fontTools and every other library the page depends on). Any
change to one of them gives a new key, so a stale page is never reused; unchanged faces are
never laid out again. Keys depend on content only, never on where the workspace lives or
how its path is spelled: before hashing, every spelling of a root folder (the workspace,
the built-in templates; as a path or a ``file:`` URL, as given and resolved) is replaced
by a token naming which root it was (:func:`location_free`), so a moved workspace, or one
given by a relative path, finds its cache whole. Linked files are read through
:mod:`cardforge.boundary.trust` only (regular files inside the allowed roots, size-limited, never
blocking): one that is refused counts as a marker saying why, and nothing else is read. Entries live at
``<folder>/<key[:2]>/<key>.pdf``, each with the overflow measurements of its text boxes
beside it (``<key>.overflow-v<N>.json``, see :mod:`cardforge.render.layout.text_overflow`), are
written atomically (a temporary file renamed), so concurrent builds sharing a cache never
read a torn page, and carry their key (:mod:`cardforge.build.cache_entries`): an entry
that is not a regular file, too large, or sealed for another key is a miss, laid out again.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.build import cache_entries
from cardforge.build.build_fingerprint import code_digest
from cardforge.model.card_geometry import CardGeometry
from cardforge.render.cache.font_store import FontStore, fonts_needed
from cardforge.render.layout.installed_fonts import font_folders
from cardforge.render.layout.text_overflow import sidecar
from cardforge.render.templating.requested_urls import css_links, file_url_path, html_links, kind_of

DEFAULT_FOLDER = ".cardforge-cache"
"""The cache's folder inside a workspace unless configured otherwise (``cache`` key)."""

@cache
def fonts_fingerprint() -> str:
    """SHA-256 of the installed fonts (file, size, mtime) as fontconfig lists them, or, where
    fontconfig's ``fc-list`` is not on the PATH (Windows, most Macs), of every file in the
    platform's font folders (:func:`font_folders`), so installing or updating a font there
    lays the faces out again. Computed once a process."""
    fc_list = shutil.which("fc-list")
    names: list[str] = []
    if fc_list is not None:
        try:
            out = subprocess.run([fc_list, "--format", "%{file}\n"], capture_output=True,
                                 text=True, timeout=60, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            out = ""
        names = out.splitlines()
    if not names:
        names = [os.path.join(top, name) for folder in font_folders()
                 for top, _dirs, files in os.walk(folder) for name in files]
    lines: list[str] = []
    for name in sorted(set(names)):
        try:
            info = os.stat(name)
        except OSError:
            continue
        lines.append(f"{name}\t{info.st_size}\t{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(lines or ["no fonts found"]).encode()).hexdigest()


@lru_cache(maxsize=4096)
def _local_file(link: str, base_uri: str) -> Path | None:
    """The local file ``link`` names (relative to ``base_uri``), or None for other URLs."""
    try:
        parts = urlsplit(urljoin(base_uri, link.strip()))
    except ValueError:  # e.g. a malformed host: not a file WeasyPrint could fetch either
        return None
    if parts.scheme != "file":
        return None
    return file_url_path(parts.path)


def _resolved(roots: tuple[Path, ...]) -> list[Path]:
    """``roots`` resolved (symlinks followed), as the fetcher resolves them."""
    return [root.resolve() for root in roots]


@lru_cache(maxsize=64)
def _spellings(roots: tuple[Path, ...]) -> tuple[tuple[str, str], ...]:
    """``(spelling, token)`` for each way ``roots`` may be written in a key's text (path and
    ``file:`` URL, as given (absolute) and resolved, each with its trailing ``/``), the
    longest first so a root inside another is named by itself."""
    found: dict[str, str] = {}
    for index, root in enumerate(roots):
        token = f"\0root{index}\0/"
        for folder in (Path(root).absolute(), Path(root).resolve()):
            if folder.parent == folder:  # the file system's root names nothing in particular
                continue
            for spelling in (folder.as_uri(), str(folder)):
                found.setdefault(spelling.rstrip("/\\") + "/", token)
    return tuple(sorted(found.items(), key=lambda pair: -len(pair[0])))


def location_free(text: str, roots: Sequence[Path] | None) -> str:
    """``text`` with every spelling of a folder in ``roots`` (default: the allowed roots,
    :func:`cardforge.boundary.trust.allowed_roots`) replaced by a token naming the root: what a key
    hashes, so it does not depend on where the workspace is or how its path was given."""
    chosen = trust.allowed_roots() if roots is None else roots
    given = tuple(r if isinstance(r, Path) and r.is_absolute() else Path(r).absolute() for r in chosen or ())
    for spelling, token in _spellings(given):
        if spelling in text:
            text = text.replace(spelling, token)
    return text


@dataclass
class FaceCache:
    """Laid-out faces under ``folder`` (created on first write).

    ``lookups`` and ``hits`` count :meth:`get` calls and the ones that found a page.
    """

    folder: Path
    lookups: int = 0
    hits: int = 0
    _digests: dict[tuple[Path, int, int], str] = field(default_factory=dict, repr=False)
    _folders: set[Path] = field(default_factory=set, repr=False)
    _paths: dict[str, Path] = field(default_factory=dict, repr=False)
    _fonts_kept: set[str] = field(default_factory=set, repr=False)
    _assets: dict[tuple[Path, tuple[Path, ...] | None], tuple[tuple[int, int, int] | None, str]] = \
        field(default_factory=dict, repr=False)

    def file_digest(self, path: Path, roots: Sequence[Path] | None = None) -> str:
        """SHA-256 of a file's bytes, remembered per resolved path, size and modification
        time, so a file is read once however many faces link to it. Read only through
        :mod:`cardforge.boundary.trust` inside ``roots`` (default: the allowed roots): a file that is
        missing, outside, not a regular file (a device, FIFO, folder) or too large is not
        read and gives ``"refused: <why>"`` instead."""
        try:
            resolved = trust.resolve(path, roots)
            info = os.stat(resolved)
        except trust.Refused as exc:
            return f"refused: {exc.reason}"
        except (OSError, ValueError):
            return "refused: cannot read"
        if not stat.S_ISREG(info.st_mode):
            return "refused: not a regular file"
        memo = (resolved, info.st_size, info.st_mtime_ns)
        if memo not in self._digests:
            try:
                data = trust.read_bytes(resolved, kind_of(resolved), roots)
            except trust.Refused as exc:
                return f"refused: {exc.reason}"
            self._digests[memo] = hashlib.sha256(data).hexdigest()
        return self._digests[memo]

    def assets(self, urls: Iterable[str], base_uri: str, roots: Sequence[Path] | None = None) -> list[str]:
        """``"<path> <sha256>"`` for every local file among ``urls`` (as written in a face or
        stylesheet, relative ones resolved against ``base_uri``), sorted; see :meth:`file_digest`.
        The path is written relative to its root (:func:`location_free`); ``roots`` may be
        given relative or through symlinks (they are resolved, as the fetcher does)."""
        found: set[str] = set()
        given: tuple[Path, ...] | None = None
        for url in urls:
            path = _local_file(url, base_uri)
            if path is not None:
                if given is None and roots is not None:  # made only for a face that links a file
                    given = tuple(Path(root) for root in roots)
                found.add(self._asset(path, given))
        return sorted(found)

    def _asset(self, path: Path, roots: tuple[Path, ...] | None) -> str:
        """One entry of :meth:`assets`, remembered per path and roots while the file itself
        (not what a link in its folders points to) keeps its inode, size and modification
        time: a face links to the same icons as a thousand others, and resolving each link
        again cost a third of keying a face."""
        try:
            info = os.lstat(path)
            seen: tuple[int, int, int] | None = (info.st_ino, info.st_size, info.st_mtime_ns)
        except (OSError, ValueError):
            seen = None
        kept = self._assets.get((path, roots))
        if kept is not None and seen is not None and kept[0] == seen:
            return kept[1]
        resolved = None if roots is None else _resolved(roots)
        entry = f"{location_free(str(path), roots)} {self.file_digest(path, resolved)}"
        self._assets[(path, roots)] = (seen, entry)
        return entry

    def context(self, css: str, geometry: CardGeometry | None, base_uri: str,
                roots: Sequence[Path] | None = None) -> str:
        """The part of every key shared by one document's faces: stylesheet and the files it
        links to (read only inside ``roots``), card geometry (trim, bleed, safe in mm, as
        :attr:`CardGeometry.key_text`; None, written ``()``, for a page that is no card, such
        as a booklet page), base URI, fonts and code
        (:func:`~cardforge.build.build_fingerprint.code_digest`); root folders named by token, not
        spelled out (:func:`location_free`)."""
        links = [link.url for link in css_links(css)] if "url(" in css.lower() or "@import" in css else []
        parts = [location_free(css, roots), *self.assets(links, base_uri, roots),
                 geometry.key_text if geometry else "()", location_free(base_uri, roots),
                 fonts_fingerprint(), code_digest()]
        return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()

    def key(self, fragment: str, context: str, base_uri: str, roots: Sequence[Path] | None = None) -> str:
        """The key of one face: its fragment, the files it links to (:func:`html_links`, read
        only inside ``roots``) and the shared ``context``; root folders named by token, not
        spelled out (:func:`location_free`)."""
        parts = [context, location_free(fragment, roots), *self.assets(html_links(fragment), base_uri, roots)]
        return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()

    def path(self, key: str) -> Path:
        """Where the page of ``key`` is (or would be) stored (remembered: a build asks for
        each of a thousand faces three times)."""
        path = self._paths.get(key)
        if path is None:
            path = self._paths[key] = self.folder / key[:2] / f"{key}.pdf"
        return path

    def get(self, key: str) -> Path | None:
        """The stored page of ``key``, or None when there is none or it is not one to trust:
        not a regular file in a real folder, empty or over the size limit, or not sealed
        with ``key`` (:func:`~cardforge.build.cache_entries.sealed`: its tail only is read)."""
        self.lookups += 1
        path = self.path(key)
        if not self._real(path.parent):
            return None
        tail = cache_entries.sealed_tail(path, key, trust.MAX_BYTES["cache"])
        if tail is not None and all(self._has_font(digest) for digest in fonts_needed(tail)):
            self.hits += 1
            return path
        return None

    def _has_font(self, digest: str) -> bool:
        """Whether the original font of SHA-256 ``digest`` is kept (a face drawn with one
        that is not is laid out again, which keeps it: an output needs it to make its
        subsets, :mod:`cardforge.render.cache.font_store`); a yes is remembered."""
        if digest not in self._fonts_kept and FontStore(self.folder).has_original(digest):
            self._fonts_kept.add(digest)
        return digest in self._fonts_kept

    def has_sidecar(self, key: str) -> bool:
        """Whether the overflow measurements of ``key`` are stored as a regular file in a
        real folder (their content is checked when read,
        :func:`cardforge.render.layout.text_overflow.load`)."""
        path = self.sidecar(key)
        return self._real(path.parent) and cache_entries.regular(path, trust.MAX_BYTES["json"],
                                                                 folder_checked=True)

    def _real(self, folder: Path) -> bool:
        """Whether ``folder`` (an entry's ``<xx>`` folder) is a real folder; once it is, it
        is not asked again (a missing one may be made meanwhile, by a worker)."""
        if folder not in self._folders and cache_entries.real(folder):
            self._folders.add(folder)
        return folder in self._folders

    def discard(self, key: str) -> None:
        """Remove the page and measurements of ``key`` (whatever is stored there)."""
        cache_entries.discard(self.path(key))
        cache_entries.discard(self.sidecar(key))
        self._folders.discard(self.path(key).parent)

    def put(self, key: str, pdf: bytes) -> Path:
        """Store a single-page PDF (sealed with ``key``) under ``key`` atomically; return its
        path. Whatever was in the way (a symlink, a folder) is removed, never written
        through. Raises OSError when the folder cannot be written."""
        path = self.path(key)
        cache_entries.real_folder(path.parent)
        self._folders.discard(path.parent)
        if os.path.isdir(path) and not os.path.islink(path):
            cache_entries.discard(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{key[:8]}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(pdf)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def sidecar(self, key: str) -> Path:
        """Where the overflow measurements of the face ``key`` are (or would be) stored."""
        return sidecar(self.path(key))

    def put_sidecar(self, key: str, text: str) -> Path:
        """Store the overflow measurements (JSON ``text``) of face ``key`` atomically; return
        the path. Raises OSError when the folder cannot be written."""
        path = self.sidecar(key)
        cache_entries.real_folder(path.parent)
        self._folders.discard(path.parent)
        if not cache_entries.regular(path, trust.MAX_BYTES["json"]):
            cache_entries.discard(path)
        # without fsync, like a page (put): a torn file after a crash is refused when read
        # (overflow.load) and the face laid out again; a sync cost ~3 ms a face
        return write_atomically(path, lambda handle: handle.write(text.encode("utf-8")), sync=False)

    def put_many(self, items: Iterable[tuple[str, bytes]]) -> list[Path]:
        """:meth:`put` each (key, pdf) pair; return the paths in order."""
        return [self.put(key, pdf) for key, pdf in items]
