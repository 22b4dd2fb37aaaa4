"""WeasyPrint's url_fetcher for cardforge: local files inside allowed folders, nothing else.

Card data arrives in pull requests, so a face must never reach the network or read a file
outside the workspace (``art: /etc/passwd``, ``art: ../../secrets.png``, a symlink pointing
out). :func:`make_url_fetcher` returns a :class:`SafeFetcher`: it answers ``data:`` URLs and
``file:`` URLs whose *resolved* path (symlinks followed) lies inside one of the allowed
roots; every other URL raises :class:`URLRefused`, which WeasyPrint logs as a failed load.
Each refusal is also recorded in :attr:`SafeFetcher.refusals` so the build can stop with a
RenderError naming the URL (and, via :func:`refused_in`, the card that asked for it).

Written against WeasyPrint 70, whose fetchers are :class:`weasyprint.urls.URLFetcher`
subclasses overriding ``fetch(url, headers=None) -> URLFetcherResponse``.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from weasyprint.urls import URLFetcher, URLFetcherResponse


class URLRefused(ValueError):
    """A URL the fetcher will not answer; WeasyPrint catches it and logs a load failure."""


@dataclass(frozen=True)
class Refusal:
    """One URL that was not served: ``url`` as WeasyPrint asked for it, ``reason`` in words."""

    url: str
    reason: str


class SafeFetcher(URLFetcher):
    """Serves ``data:`` URLs and ``file:`` URLs under ``roots``; refuses and records the rest.

    ``roots`` are resolved once at construction. ``refusals`` grows by one :class:`Refusal`
    per refused or missing URL, in the order WeasyPrint asked.
    """

    def __init__(self, roots: Sequence[Path]) -> None:
        super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
        self.roots: tuple[Path, ...] = tuple(Path(r).resolve() for r in roots)
        self.refusals: list[Refusal] = []

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        """Answer ``url`` or raise :class:`URLRefused` (recording why)."""
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme != "file":
            self._refuse(url, f"{scheme or 'relative'} URLs are not fetched; "
                              "only files inside the workspace")
        path = self._local_path(url)
        try:
            body = path.read_bytes()
        except OSError as exc:
            self._refuse(url, f"cannot read {path}: {exc.strerror or exc}")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), body, {"Content-Type": mime})

    def _local_path(self, url: str) -> Path:
        """The resolved path ``url`` names, when it lies inside a root; else refuse."""
        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost"):
            self._refuse(url, f"file URL on another host ({parts.netloc})")
        try:
            path = Path(url2pathname(unquote(parts.path))).resolve()
        except (OSError, RuntimeError) as exc:  # e.g. a symlink loop
            self._refuse(url, f"cannot resolve path: {exc}")
        if not any(path.is_relative_to(root) for root in self.roots):
            self._refuse(url, f"{path} is outside the workspace and the built-in templates")
        return path

    def _refuse(self, url: str, reason: str) -> None:
        self.refusals.append(Refusal(url, reason))
        raise URLRefused(f"refused {url}: {reason}")


def make_url_fetcher(allowed_roots: Sequence[Path]) -> SafeFetcher:
    """A WeasyPrint url_fetcher answering only files inside ``allowed_roots`` and ``data:``.

    Pass it as ``url_fetcher=`` to :class:`weasyprint.HTML` / :class:`weasyprint.CSS`.
    Refused URLs raise :class:`URLRefused` inside WeasyPrint (logged as errors) and are
    collected in the returned fetcher's ``refusals``.
    """
    return SafeFetcher(allowed_roots)


def refused_in(refusal: Refusal, fragments: dict[str, str], base_url: Path) -> list[str]:
    """Keys of ``fragments`` (e.g. card ids → face HTML) whose HTML mentions ``refusal.url``.

    A face refers to a resource by the URL as written (absolute, or relative to
    ``base_url``); both spellings are looked for. Empty when no fragment mentions it (the
    URL then came from a stylesheet or a template).
    """
    url = refusal.url
    spellings = {url}
    if url.startswith("file:"):
        path = Path(url2pathname(unquote(urlsplit(url).path)))
        spellings.add(str(path))
        try:
            spellings.add(path.relative_to(base_url).as_posix())
        except ValueError:
            pass
    return [key for key, html in fragments.items()
            if any(s in html or s.replace("&", "&amp;") in html for s in spellings)]
