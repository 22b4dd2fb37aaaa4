"""Links and images in rule text: which URLs a booklet may use, judged before rendering.

Rule text is untrusted, and WeasyPrint fetches every image a booklet shows, so each URL is
checked here first, where the rules file and line are known (the fetcher, which refuses
the same URLs later, knows neither):

- an **image** must be a file inside the workspace, named by a path relative to the game
  folder (``rules/images/setup.png``); ``http:``, ``file:``, ``data:``, absolute paths and
  paths leading out (``../../secret.png``, a link pointing out) are refused;
- a **link** may go to a web page (``https:``, ``http:``), a mail address (``mailto:``)
  or a heading of the booklet (``#…``); nothing is fetched for a link, but ``file:``,
  ``javascript:`` and paths on the machine that builds the booklet are refused.
"""

from __future__ import annotations

import stat
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from cardforge.booklet.placeholders import locate
from cardforge.booklet.rules_markdown import CODE, markdown
from cardforge.boundary import trust
from cardforge.problem import Location, Problem

if TYPE_CHECKING:  # markdown-it is imported when text is parsed (booklet.markdown.markdown)
    from markdown_it.token import Token

LINK_SCHEMES = ("http", "https", "mailto")
"""URL schemes a link in rule text may use (besides ``#heading`` links)."""

IMAGE_HINT = "put the image in the game folder and name it by a relative path, e.g. rules/setup.png"
LINK_HINT = "link to a web page (https:…), a mail address (mailto:…) or a heading (#…)"


def inline_tokens(text: str) -> list[Token]:
    """The tokens of one block's inline Markdown ``text`` (what :func:`check` judges and
    the booklet then renders)."""
    return markdown().parseInline(text)


def urls(tokens: Sequence[Token]) -> Iterator[tuple[str, str]]:
    """(``"image"`` or ``"link"``, URL) of every image and link in ``tokens`` (the result of
    ``markdown().parse`` or ``parseInline``), in reading order."""
    for token in tokens:
        if token.type == "image":
            yield "image", str(token.attrGet("src") or "")
        elif token.type == "link_open":
            yield "link", str(token.attrGet("href") or "")
        if token.children:
            yield from urls(token.children)


def refusal(kind: str, url: str, game_root: Path) -> tuple[str, str] | None:
    """Why a ``kind`` (``"image"``/``"link"``) to ``url`` may not appear in the rules of the
    game at ``game_root``, as (reason, hint); None when it may."""
    parts = urlsplit(url)
    if kind == "link":
        if url.startswith("#") or (parts.scheme.lower() in LINK_SCHEMES and (parts.netloc or parts.path)):
            return None
        return f"link to {url!r} is not allowed", LINK_HINT
    if parts.scheme or parts.netloc:
        return f"image {url!r} is not a file of the workspace ({parts.scheme or 'network'} " \
               "URLs are not fetched)", IMAGE_HINT
    path = unquote(parts.path)
    if not path or path.startswith("/"):
        return f"image {url!r} is not a relative path", IMAGE_HINT
    target = game_root / path
    try:
        resolved = trust.resolve(target)
        if not stat.S_ISREG(resolved.stat().st_mode):
            return f"image {url!r} is not a regular file", IMAGE_HINT
    except trust.Refused as exc:
        return f"image {url!r}{' ' if exc.reason.startswith('is ') else ': '}{exc.reason}", \
            exc.hint or IMAGE_HINT
    except OSError as exc:
        return f"image {url!r} cannot be read: {exc.strerror or exc}", IMAGE_HINT
    return None


def check(tokens: Sequence[Token], where: Location, game_root: Path,
          lines: Sequence[str] | None = None, note: str = "") -> list[Problem]:
    """A :data:`~cardforge.booklet.rules_markdown.CODE` Problem for each refused link or image in
    ``tokens`` (of the block at ``where``; see :func:`inline_tokens`), located at the URL
    itself when the file's ``lines`` are given, with ``note`` (e.g. `` (in the en
    translation)``) after the reason."""
    found = []
    for kind, url in urls(tokens):
        refused = refusal(kind, url, game_root)
        if refused is not None:
            reason, hint = refused
            found.append(Problem(locate(url, where, lines), CODE, reason + note, hint=hint))
    return found
