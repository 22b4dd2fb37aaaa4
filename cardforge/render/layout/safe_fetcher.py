"""The URL fetcher WeasyPrint lays faces and booklets out with: :class:`SafeFetcher`, and
:class:`RecordingFetcher`, which also notes every local file it serves (what a cached
document's entry checks, :mod:`cardforge.render.cache.content_cache`).

Its rules, and the helpers that name refused URLs where they are written, are in
:mod:`cardforge.render.layout.url_fetcher`; this module holds only the class, because it subclasses
WeasyPrint's fetcher and so imports WeasyPrint: only the processes that lay pages out load it.
"""

from __future__ import annotations

import hashlib
import mimetypes
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

# isort: off
from cardforge.render.layout import weasyprint_version  # noqa: F401 - first: another WeasyPrint major refused
from weasyprint.urls import URLFetcher, URLFetcherResponse
# isort: on

from cardforge.boundary import trust
from cardforge.problem import Location
from cardforge.render.layout.url_fetcher import Refusal, URLRefused
from cardforge.render.pdf.page_raster import check_pixels
from cardforge.render.templating.requested_urls import Link, css_links, file_url_path, kind_of
from cardforge.render.templating.safe_svg import check_svg


class SafeFetcher(URLFetcher):
    """Serves ``data:`` URLs and ``file:`` URLs under ``roots``; refuses and records the rest.

    ``roots`` are resolved once at construction. ``refusals`` grows by one :class:`Refusal`
    per refused, missing or unsafe URL, in the order WeasyPrint asked.
    """

    def __init__(self, roots: Sequence[Path]) -> None:
        super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
        self.roots: tuple[Path, ...] = tuple(Path(r).resolve() for r in roots)
        self.refusals: list[Refusal] = []
        self._linked_from: dict[str, str] = {}  # URL → file:line:col of an SVG/CSS served

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        """Answer ``url`` or raise :class:`URLRefused` (recording why)."""
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":  # its size is the document's; what it decodes to is checked
            response = super().fetch(url, headers)
            body = response.read()
            self._check(url, Path("a data: URL"), body, response.content_type)
            return URLFetcherResponse(url, body, response.headers)
        if scheme != "file":
            self._refuse(url, f"{scheme or 'relative'} URLs are not fetched; "
                              "only files inside the workspace")
        path = self._local_path(url)
        try:
            body = trust.read_bytes(path, kind_of(path), self.roots)
        except trust.Refused as exc:
            self._refuse(url, f"cannot read {path}: {exc.reason}")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        self._check(url, path, body, mime)
        return URLFetcherResponse(path.as_uri(), body, {"Content-Type": mime})

    def _check(self, url: str, path: Path, body: bytes, mime: str) -> None:
        """Refuse what WeasyPrint must not decode; remember what an SVG or CSS file links to."""
        try:
            if check_pixels(body, path) is not None:
                return
            if mime == "text/css":
                self._remember(url, path, css_links(trust.decode(body, path)))
            elif mime == "image/svg+xml" or body.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
                self._remember(url, path, check_svg(body, path))
        except trust.Refused as exc:  # the file itself is at fault: name it (and the line)
            self._refuse(url, str(exc) if (exc.line, exc.col) != (1, 1) else f"{path} {exc.reason}")

    def _remember(self, url: str, path: Path, links: Iterable[Link]) -> None:
        for link in links:
            self._linked_from.setdefault(urljoin(url, link.url.strip()),
                                         str(Location(path, link.line, link.col)))

    def _local_path(self, url: str) -> Path:
        """The resolved path ``url`` names, when it lies inside a root; else refuse."""
        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost"):
            self._refuse(url, f"file URL on another host ({parts.netloc})")
        try:
            path = file_url_path(parts.path).resolve()
        except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL byte
            self._refuse(url, f"cannot resolve path: {exc}")
        if not any(path.is_relative_to(root) for root in self.roots):
            self._refuse(url, f"{path} is outside the workspace and the built-in templates")
        return path

    def _refuse(self, url: str, reason: str, where: str | None = None) -> None:
        self.refusals.append(Refusal(url, reason, where or self._linked_from.get(url)))
        raise URLRefused(f"refused {url}: {reason}")


@dataclass(frozen=True)
class Fetched:
    """A local file a layout read: ``path`` (resolved) and the SHA-256 (hex) of the bytes
    it was served."""

    path: Path
    sha256: str


class RecordingFetcher(SafeFetcher):
    """A :class:`SafeFetcher` that also notes each local file it serves with its digest:
    :attr:`fetched`, in the order first read."""

    def __init__(self, roots: Sequence[Path]) -> None:
        super().__init__(roots)
        self._digests: dict[Path, str] = {}

    @property
    def fetched(self) -> tuple[Fetched, ...]:
        """Every local file served so far, once each, in the order first read."""
        return tuple(Fetched(path, digest) for path, digest in self._digests.items())

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        """Answer ``url`` as :meth:`SafeFetcher.fetch` does, noting a local file served."""
        response = super().fetch(url, headers)
        if not response.url.startswith("file:"):
            return response
        body = response.read()
        path = file_url_path(urlsplit(response.url).path)
        self._digests.setdefault(path, hashlib.sha256(body).hexdigest())
        return URLFetcherResponse(response.url, body, response.headers)


def make_url_fetcher(allowed_roots: Sequence[Path]) -> SafeFetcher:

    """A WeasyPrint url_fetcher answering only files inside ``allowed_roots`` and ``data:``.

    Pass it as ``url_fetcher=`` to :class:`weasyprint.HTML` / :class:`weasyprint.CSS`.
    Refused URLs raise :class:`URLRefused` inside WeasyPrint (logged as errors) and are
    collected in the returned fetcher's ``refusals``.
    """
    return SafeFetcher(allowed_roots)
