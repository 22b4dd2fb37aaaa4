"""The URLs a face's HTML or a stylesheet really asks WeasyPrint for, and nothing else.

Card text is escaped into a face, so a card named ``url(/dev/zero)`` prints those
characters: WeasyPrint never fetches them. Only markup and CSS do: the ``src``, ``href``,
``data``, ``poster`` and ``background`` attributes, CSS ``url()`` (in ``<style>``
elements, ``style`` attributes and SVG paint attributes such as ``fill``) and
``@import``. :func:`html_links` and :func:`css_links` find exactly those (CSS with
tinycss2, WeasyPrint's own CSS tokenizer, so comments and strings are not mistaken for
URLs), for the face cache to hash what a face links to and for error messages to say
where a refused URL is written.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import tinycss2

URL_ATTRIBUTES = frozenset({"src", "href", "xlink:href", "data", "poster", "background"})
"""HTML and SVG attributes whose value WeasyPrint fetches as a URL."""

CSS_ATTRIBUTES = frozenset({"style", "fill", "stroke", "filter", "mask", "clip-path", "marker",
                            "marker-start", "marker-mid", "marker-end", "cursor"})
"""Attributes whose value is CSS that may hold ``url()``."""

_WORDS = ("src", "href", "url(", "poster", "background", "<object")
"""Lower-case words without one of which a face links nothing (``data`` is fetched only on
``<object>``): most faces are passed over with a few substring searches."""

_CANDIDATE = re.compile(r"""\b(?:src|href|data|poster|background)\s*=\s*["']?(?!#)|url\(\s*["']?(?!#)""")
"""In lower-cased HTML, something that may be a link to a file (a ``#fragment`` never is):
without one, a face links nothing and is not parsed."""


KINDS = {".svg": "svg", ".css": "template", ".png": "image", ".jpg": "image", ".jpeg": "image",
         ".gif": "image", ".webp": "image", ".tif": "image", ".tiff": "image", ".bmp": "image",
         ".ttf": "font", ".otf": "font", ".woff": "font", ".woff2": "font", ".ttc": "font"}
"""File suffix → the :data:`cardforge.boundary.trust.MAX_BYTES` kind a linked file is read as
(``other`` for the rest)."""


@dataclass(frozen=True)
class Link:
    """A URL as written (not yet resolved), at ``line``:``col`` (1-based) of the text scanned."""

    url: str
    line: int = 1
    col: int = 1


def css_links(css: str) -> list[Link]:
    """Every ``url()`` and ``@import`` URL of ``css`` (a stylesheet or a declaration list),
    in order, with its position; comments and strings are not URLs."""
    found: list[Link] = []
    stack: list[Iterable[object]] = [iter(tinycss2.parse_component_value_list(css, skip_comments=True))]
    importing = False
    while stack:
        token = next(stack[-1], None)  # type: ignore[call-overload]
        if token is None:
            stack.pop()
            continue
        kind = getattr(token, "type", "")
        if kind == "whitespace":
            continue
        if kind == "url":
            found.append(Link(token.value, token.source_line, token.source_column))
        elif kind == "string" and importing:
            found.append(Link(token.value, token.source_line, token.source_column))
        elif kind == "function" and token.lower_name == "url":
            args = [t for t in token.arguments if t.type != "whitespace"]
            if args and args[0].type == "string":
                found.append(Link(args[0].value, token.source_line, token.source_column))
        elif kind == "function":
            stack.append(iter(token.arguments))
        elif kind in ("() block", "[] block", "{} block"):
            stack.append(iter(token.content))
        importing = kind == "at-keyword" and token.lower_value == "import"
    return found


class _LinkParser(HTMLParser):
    """Collects the URLs of URL attributes, CSS attributes and ``<style>`` elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self._style: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in URL_ATTRIBUTES:
                self.urls.append(value)
            elif name in CSS_ATTRIBUTES and "url(" in value.lower():
                self.urls.extend(link.url for link in css_links(value))
        if tag == "style":
            self._style = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self._style is not None:
            self.urls.extend(link.url for link in css_links("".join(self._style)))
            self._style = None

    def handle_data(self, data: str) -> None:
        if self._style is not None:
            self._style.append(data)


def html_links(html: str) -> list[str]:
    """The URLs ``html`` (a face fragment or a whole document) makes WeasyPrint fetch, as
    written, in order: URL attributes, ``url()`` in ``style`` and SVG paint attributes and in
    ``<style>`` elements. Text, other attributes (``title``, ``alt``, ``data-*``) and
    comments are not looked at; ``#fragment`` references are left out."""
    lower = html.lower()
    if not any(word in lower for word in _WORDS) or not _CANDIDATE.search(lower):
        return []
    parser = _LinkParser()
    parser.feed(html)
    parser.close()
    if parser._style is not None:  # an unclosed <style>: still CSS to WeasyPrint
        parser.handle_endtag("style")
    return [url for url in parser.urls if url.strip() and not url.strip().startswith("#")]


def kind_of(path: Path) -> str:
    """The :data:`cardforge.boundary.trust.MAX_BYTES` kind ``path`` is read as, from its suffix."""
    return KINDS.get(path.suffix.lower(), "other")


def file_url_path(url_path: str) -> Path:
    """The local path the path part of a ``file:`` URL names, decoded as WeasyPrint's own
    fetcher decodes it (``url2pathname(unquote(path))``). ``urllib.request`` is imported
    only off POSIX: there ``url2pathname`` is :func:`~urllib.parse.unquote`, and importing
    ``urllib.request`` (HTTP client, e-mail parsing) cost every build 30 ms."""
    if os.name != "posix":
        from urllib.request import url2pathname

        return Path(url2pathname(unquote(url_path)))
    return Path(unquote(unquote(url_path)))
