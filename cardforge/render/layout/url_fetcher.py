"""WeasyPrint's url_fetcher for cardforge: local files inside allowed folders, nothing else.

Card data arrives in pull requests, so a face must never reach the network or read a file
outside the workspace (``art: /etc/passwd``, ``art: ../../secrets.png``, a symlink pointing
out). :func:`~cardforge.render.layout.safe_fetcher.make_url_fetcher` returns a
:class:`~cardforge.render.layout.safe_fetcher.SafeFetcher` (the WeasyPrint class is kept in that
module, so only processes that lay pages out import WeasyPrint): it answers ``data:`` URLs and
``file:`` URLs whose *resolved* path (symlinks followed) lies inside one of the allowed
roots, read through :func:`cardforge.boundary.trust.read_bytes` (regular files only, size limits,
never blocking on a device or FIFO). What it serves is checked before WeasyPrint decodes
it: a raster image's pixel count from its header (:func:`~cardforge.render.pdf.page_raster.check_pixels`),
an SVG's nesting depth and declarations (:func:`~cardforge.render.templating.safe_svg.check_svg`). Every
other URL raises :class:`URLRefused`, which WeasyPrint logs as a failed load. Each refusal
is also recorded in :attr:`SafeFetcher.refusals` so the build can stop with a RenderError
naming the URL and where it is written (the card that asked for it, via
:func:`refused_in`; the stylesheet or SVG file and line, via :attr:`Refusal.where` and
:func:`written_in`).

Written against WeasyPrint 70, whose fetchers are :class:`weasyprint.urls.URLFetcher`
subclasses overriding ``fetch(url, headers=None) -> URLFetcherResponse``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from cardforge.boundary import trust
from cardforge.problem import Location
from cardforge.render.templating.requested_urls import css_links, file_url_path


class URLRefused(ValueError):
    """A URL the fetcher will not answer; WeasyPrint catches it and logs a load failure."""


@dataclass(frozen=True)
class Refusal:
    """One URL that was not served: ``url`` as WeasyPrint asked for it, ``reason`` in words,
    ``where`` the file:line:col that links to it when the fetcher knows (an SVG or CSS file
    it served), else None."""

    url: str
    reason: str
    where: str | None = None


def shown(url: str, most: int = 120) -> str:
    """``url`` for a message: cut to ``most`` characters (a ``data:`` URL may be megabytes)."""
    return url if len(url) <= most else f"{url[:most - 1]}…"


def spelled(url: str, base_url: Path) -> set[str]:
    """``url`` and the ways a document may have written it (a path, relative to ``base_url``)."""
    spellings = {url}
    if url.startswith("file:"):
        path = file_url_path(urlsplit(url).path)
        spellings.add(str(path))
        try:
            spellings.add(path.relative_to(base_url).as_posix())
        except ValueError:
            pass
    return spellings


def refused_in(refusal: Refusal, fragments: Mapping[str, str], base_url: Path) -> list[str]:
    """Keys of ``fragments`` (e.g. card ids → face HTML) whose HTML mentions ``refusal.url``.

    A face refers to a resource by the URL as written (absolute, or relative to
    ``base_url``); both spellings are looked for. Empty when no fragment mentions it (the
    URL then came from a stylesheet or a template).
    """
    spellings = spelled(refusal.url, base_url)
    return [key for key, html in fragments.items()
            if any(s in html or s.replace("&", "&amp;") in html for s in spellings)]


def stylesheet_files(roots: Iterable[Path]) -> list[Path]:
    """The stylesheets a face or booklet may use under ``roots`` (the workspace and the
    built-in templates): ``*.css`` in each root's ``templates/<folder>/`` and ``<folder>/``."""
    found: dict[Path, None] = {}
    for root in roots:
        for pattern in ("templates/*/*.css", "*/*.css"):
            found.update(dict.fromkeys(sorted(Path(root).glob(pattern))))
    return list(found)


def written_in(url: str, stylesheets: Iterable[Path], base_url: Path) -> list[Location]:
    """Where ``url`` (as WeasyPrint asked for it) is written in ``stylesheets``: each
    ``url()`` or ``@import`` that leads to it, a relative one from its file's folder (as
    written, or with symlinks followed, as the stylesheet loader makes it absolute), a
    rooted one from ``base_url``. Files that cannot be read are skipped."""
    wanted = unquote(url)
    base = base_url.resolve().as_uri() + "/"
    found = []
    for path in stylesheets:
        try:
            links = css_links(trust.read_text(path, "template"))
        except trust.Refused:
            continue
        for link in links:
            if wanted in _candidates(link.url.strip(), path.parent, base):
                found.append(Location(path, link.line, link.col))
    return found


def _candidates(written: str, folder: Path, base: str) -> set[str]:
    """The URLs (unquoted) ``written`` in a stylesheet in ``folder`` may have become."""
    found = {unquote(urljoin(base, written))}
    if ":" not in written.split("/", 1)[0] and not written.startswith(("/", "#")):
        found.add(unquote(urljoin(folder.resolve().as_uri() + "/", written)))
        try:
            found.add(unquote((folder / unquote(written)).resolve().as_uri()))
        except (OSError, RuntimeError, ValueError):
            pass
    return found
