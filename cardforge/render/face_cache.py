"""A disk cache of laid-out faces: one single-page PDF per face, named by a content hash.

A face's key is the SHA-256 of everything that shapes its page: the face's HTML fragment,
the stylesheet, the page geometry (trim, bleed, safe in mm), the base URL its relative links
resolve against, the content of every local file the fragment or the stylesheet links to
(art, fonts, images), the installed fonts (fontconfig's list of font files with their sizes
and modification times), and the versions of cardforge and WeasyPrint. Any change to one of
them gives a new key, so a stale page is never reused; unchanged faces are never laid out
again. Entries live at ``<folder>/<key[:2]>/<key>.pdf``, each with the overflow
measurements of its text boxes beside it (``<key>.overflow-v<N>.json``, see
:mod:`cardforge.render.overflow`), and are written atomically (a temporary file renamed),
so concurrent builds sharing a cache never read a torn page.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import version
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import url2pathname

from cardforge import __version__
from cardforge.atomic import write_atomically
from cardforge.render.overflow import sidecar

DEFAULT_FOLDER = ".cardforge-cache"
"""The cache's folder inside a workspace unless configured otherwise (``cache`` key)."""

_LINKS = re.compile(r"""(?:\b(?:src|href)\s*=\s*(["'])(?P<attr>[^"']+)\1)"""
                    r"""|(?:url\(\s*(["']?)(?P<url>[^"')\s]+)\3\s*\))""")


@cache
def fonts_fingerprint() -> str:
    """SHA-256 of the installed fonts as fontconfig lists them (file, size, mtime), or of
    ``"no fc-list"`` when fontconfig's ``fc-list`` is unavailable. Computed once a process."""
    fc_list = shutil.which("fc-list")
    lines: list[str] = []
    if fc_list is not None:
        try:
            out = subprocess.run([fc_list, "--format", "%{file}\n"], capture_output=True,
                                 text=True, timeout=60, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            out = ""
        for name in sorted(set(out.splitlines())):
            try:
                stat = os.stat(name)
            except OSError:
                continue
            lines.append(f"{name}\t{stat.st_size}\t{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(lines or ["no fc-list"]).encode()).hexdigest()


def _local_file(link: str, base_uri: str) -> Path | None:
    """The local file ``link`` names (relative to ``base_uri``), or None for other URLs."""
    absolute = urljoin(base_uri, link.strip())
    parts = urlsplit(absolute)
    if parts.scheme != "file":
        return None
    return Path(url2pathname(unquote(parts.path)))


@dataclass
class FaceCache:
    """Laid-out faces under ``folder`` (created on first write).

    ``lookups`` and ``hits`` count :meth:`get` calls and the ones that found a page.
    """

    folder: Path
    lookups: int = 0
    hits: int = 0
    _digests: dict[tuple[Path, int, int], str] = field(default_factory=dict, repr=False)

    def file_digest(self, path: Path) -> str:
        """SHA-256 of a file's bytes (``"missing"`` if unreadable), remembered per path, size
        and modification time, so a file is read once however many faces link to it."""
        try:
            stat = path.stat()
        except OSError:
            return "missing"
        memo = (path, stat.st_size, stat.st_mtime_ns)
        if memo not in self._digests:
            try:
                self._digests[memo] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                return "missing"
        return self._digests[memo]

    def assets(self, html_or_css: str, base_uri: str) -> list[str]:
        """``"<path> <sha256>"`` for every local file linked from ``html_or_css`` (``src``,
        ``href``, CSS ``url()``), relative links resolved against ``base_uri``."""
        found: list[str] = []
        if "src" not in html_or_css and "href" not in html_or_css and "url(" not in html_or_css:
            return found  # most faces link nothing: skip the regex
        for match in _LINKS.finditer(html_or_css):
            path = _local_file(match.group("attr") or match.group("url"), base_uri)
            if path is not None:
                found.append(f"{path} {self.file_digest(path)}")
        return sorted(set(found))

    def context(self, css: str, geometry: tuple[float, ...], base_uri: str) -> str:
        """The part of every key shared by one document's faces: stylesheet and its assets,
        geometry (trim width, height, bleed, safe in mm), base URI, fonts and versions."""
        parts = [css, *self.assets(css, base_uri), repr(tuple(map(float, geometry))), base_uri,
                 fonts_fingerprint(), f"cardforge {__version__}", f"weasyprint {version('weasyprint')}"]
        return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()

    def key(self, fragment: str, context: str, base_uri: str) -> str:
        """The key of one face: its fragment, its linked files and the shared ``context``."""
        parts = [context, fragment, *self.assets(fragment, base_uri)]
        return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()

    def path(self, key: str) -> Path:
        """Where the page of ``key`` is (or would be) stored."""
        return self.folder / key[:2] / f"{key}.pdf"

    def get(self, key: str) -> Path | None:
        """The stored page of ``key``, or None."""
        self.lookups += 1
        path = self.path(key)
        if path.is_file():
            self.hits += 1
            return path
        return None

    def put(self, key: str, pdf: bytes) -> Path:
        """Store a single-page PDF under ``key`` atomically; return its path. Raises OSError
        when the folder cannot be written."""
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
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
        return write_atomically(self.sidecar(key), lambda handle: handle.write(text.encode("utf-8")))

    def put_many(self, items: Iterable[tuple[str, bytes]]) -> list[Path]:
        """:meth:`put` each (key, pdf) pair; return the paths in order."""
        return [self.put(key, pdf) for key, pdf in items]
