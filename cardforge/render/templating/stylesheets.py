"""Stylesheets found on a template search path, with their relative ``url()``s made absolute.

A face or booklet document is laid out from a string, so a stylesheet's ``url(paper.svg)``
must be turned into the file URL next to the stylesheet it was written in. Stylesheets are
read by the environment's loader, so through the trust boundary like templates.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import jinja2

from cardforge.boundary.trust import Refused
from cardforge.errors import RenderError

_RELATIVE_URL = re.compile(r"""url\(\s*(['"]?)(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^'")\s]+)\1\s*\)""")


def absolute_urls(css: str, folder: Path) -> str:
    """``css`` with each relative ``url(x)`` replaced by the file URL of ``folder/x``."""
    return _RELATIVE_URL.sub(lambda m: f'url("{(folder / m.group(2)).resolve().as_uri()}")', css)


def read_source(env: jinja2.Environment, name: str) -> tuple[str, Path] | None:
    """``(text, file)`` of ``name``, the first found on ``env``'s search path, or None when no
    folder has it. Raises RenderError naming the file when the trust boundary refuses it
    (outside the workspace, not a regular file, too large, not UTF-8)."""
    try:
        source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
    except jinja2.TemplateNotFound:
        return None
    except Refused as exc:
        raise RenderError(f"{exc.location}: stylesheet cannot be read: {exc.reason}",
                          hint=exc.hint or "keep stylesheets inside the workspace, as regular files"
                          ) from None
    return source, Path(filename or ".")


def load_stylesheet(env: jinja2.Environment, name: str, *, required: bool = True) -> str | None:
    """The text of stylesheet ``name``, the first found on ``env``'s search path, with relative
    ``url()``s made absolute against its own folder; None when it is missing and not
    ``required``. Raises RenderError when a required stylesheet is missing, or one found
    cannot be read (see :func:`read_source`)."""
    found = read_source(env, name)
    if found is None:
        if required:
            raise RenderError(f"stylesheet {name} not found", hint="it belongs in templates/_base/")
        return None
    source, filename = found
    return absolute_urls(source, filename.parent)


def face_stylesheet(env: jinja2.Environment) -> str:
    """``print.css`` then ``style.css`` (each the first found on the search path; the
    game's style.css is optional), relative ``url()``s made absolute. The card's sizes come
    before it as CSS variables (:func:`cardforge.render.layout.face_layout.page_css`). Raises RenderError
    when ``print.css`` is missing."""
    optional = load_stylesheet(env, "style.css", required=False)
    css = "\n".join([load_stylesheet(env, "print.css") or "", *([optional] if optional else [])])
    found = [read_source(env, name) for name in ("print.css", "style.css")]
    remember_sources(css, [(path, text) for text, path in filter(None, found)],
                     lambda: embedded_sources(env))
    return css


MAX_EMBEDDED_FILES = 400
"""Template files read to trace a CSS warning, at most (a game's folder and _base hold ~30)."""


def embedded_sources(env: jinja2.Environment) -> list[tuple[Path, str]]:
    """(path, text) of the other files on ``env``'s search path a face's CSS can come from:
    each template holding a ``<style>`` block and each stylesheet besides print.css and
    style.css (one an ``@import`` reads), first found on the path only. Read only to trace
    a warning (:func:`remember_sources`); a file the trust boundary refuses is left out."""
    names = [n for n in env.loader.list_templates()  # type: ignore[union-attr]
             if n.endswith((".j2", ".css")) and n not in ("print.css", "style.css")]
    found: list[tuple[Path, str]] = []
    for name in names[:MAX_EMBEDDED_FILES]:
        try:
            read = read_source(env, name)
        except RenderError:
            continue
        if read is not None and (name.endswith(".css") or "<style" in read[0]):
            found.append((read[1], read[0]))
    return found


Sources = list[tuple[Path, str]]
_SOURCES: dict[str, tuple[Sources, Callable[[], Sources] | None]] = {}
_KEPT = 8  # stylesheets remembered, at most (a build uses one or two)


def remember_sources(css: str, sources: Sources, more: Callable[[], Sources] | None = None) -> None:
    """Keep the files (path, text) stylesheet ``css`` was made of, so that a warning
    WeasyPrint gives about a declaration of a document holding ``css`` can be traced back
    to its file and line (:func:`sources_in`); ``more`` gives, when a warning is traced,
    the other files its document's CSS may come from (:func:`embedded_sources`)."""
    _SOURCES.pop(css, None)
    _SOURCES[css] = (sources, more)
    while len(_SOURCES) > _KEPT:
        del _SOURCES[next(iter(_SOURCES))]


def sources_in(document_css: str) -> Sources:
    """The files of every remembered stylesheet that ``document_css`` holds, then the other
    files those stylesheets' documents may take CSS from."""
    kept = [kept for css, kept in _SOURCES.items() if css and css in document_css]
    return _unique([*(s for sources, _ in kept for s in sources),
                    *(s for _, more in kept if more is not None for s in more())])


def all_sources() -> Sources:
    """The files of every stylesheet remembered in this process, the one remembered last
    first (that of the game being built, when one of several games fails: two games may
    hold the same mistaken declaration), then the other files their documents may take
    CSS from, each once."""
    kept = list(reversed(_SOURCES.values()))
    return _unique([*(s for sources, _ in kept for s in sources),
                    *(s for _, more in kept if more is not None for s in more())])


def _unique(sources: Sources) -> Sources:
    seen: dict[Path, str] = {}
    for path, text in sources:
        seen.setdefault(path, text)
    return list(seen.items())
