"""Card faces to PDF pages: one WeasyPrint document, one face per page, trim size + bleed.

Each page's CSS box is the trim (``@page { size: W H; bleed: B; margin: 0 }``); WeasyPrint
then writes MediaBox = trim + bleed on every side and TrimBox = the trim, so the imposer can
place faces by their TrimBox. The face itself (``<section class="face">``) is the full
bleed box: it starts ``B`` mm outside the trim, so art painted to its edges runs into the
bleed. Between them sits ``div.face-frame``, an inline-block the size of the trim:
WeasyPrint lays an inline-block out in one piece, never breaking it across pages, so text
too long for its box stays on its face (clipped where the template says ``overflow:
hidden``) and its overflow can be measured (:mod:`cardforge.render.layout.text_overflow`) instead of
spilling onto the next face's page. Any WeasyPrint warning or error (a missing image, a
refused URL, a glyph no font has, bad CSS) fails the render: a card sheet with a hole in it
is not a success.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from cardforge.errors import MissingFontError, RenderError
from cardforge.render.layout import weasyprint_changes as layout_setup
from cardforge.render.layout.font_configs import font_config_for
from cardforge.render.layout.font_origins import FontOrigin, font_origins
from cardforge.render.layout.installed_fonts import font_installed
from cardforge.render.layout.text_overflow import Overflow, measure_page
from cardforge.render.layout.underlay_pages import draw_underlays
from cardforge.render.layout.underlays import split
from cardforge.render.templating.css_constants import fold_constants
from cardforge.render.templating.css_places import located
from cardforge.render.templating.stylesheets import sources_in

if TYPE_CHECKING:
    from weasyprint.urls import URLFetcher

FONT_PACKAGES = "fonts-noto-cjk (Japanese, Chinese, Korean) and fonts-dejavu-core (Latin)"
"""Debian packages providing the fonts the built-in templates name."""

BENIGN = ("Using fontTools instead of HarfBuzz-Subset", "Please install HarfBuzz version")
"""Starts of WeasyPrint warnings about the host's libraries, not about the faces: ignored.
(Installing Debian's libharfbuzz-subset0 silences the first.)"""


def page_css(width_mm: float, height_mm: float, bleed_mm: float, safe_mm: float = 0.0) -> str:
    """The CSS that makes each ``section.face`` one page of trim ``width_mm`` × ``height_mm``
    with ``bleed_mm`` of bleed, and exposes the sizes on ``:root`` as ``--trim-w``,
    ``--trim-h``, ``--bleed``, ``--safe`` (the safe-area inset from the trim) and
    ``--safe-inset`` (the same from the bleed edge), lengths in mm. Templates size and place
    things with these, never with the card's size written out."""
    w, h, b, s = width_mm, height_mm, bleed_mm, safe_mm
    return f"""
@page {{ size: {w}mm {h}mm; bleed: {b}mm; margin: 0; }}
:root {{ --trim-w: {w}mm; --trim-h: {h}mm; --bleed: {b}mm; --safe: {s}mm; --safe-inset: {s + b}mm; }}
html, body {{ margin: 0; padding: 0; }}
section.face {{
  display: block; position: relative; width: {w}mm; height: {h}mm; overflow: visible;
  break-inside: avoid; break-after: page;
}}
section.face > .face-frame {{
  display: inline-block; position: relative; width: {w}mm; height: {h}mm; vertical-align: top;
}}
.face-frame > .face-bleed {{
  position: absolute; top: -{b}mm; left: -{b}mm; width: {w + 2 * b}mm; height: {h + 2 * b}mm;
  overflow: hidden;
}}
section.face:last-child {{ break-after: auto; }}
"""


def faces_html(fragments: Sequence[str], css: str, width_mm: float, height_mm: float,
               bleed_mm: float, safe_mm: float = 0.0) -> str:
    """The whole document: page CSS (:func:`page_css`), then ``css``, its constant custom
    properties folded in (:func:`~cardforge.render.templating.css_constants.fold_constants`), then each
    fragment in its own ``<section class="face" data-face="<index>">``. Fragments are
    trusted HTML (rendered by the sandboxed templates); ``css`` must not contain ``</style>``."""
    if "</style" in css.lower():
        raise RenderError("a stylesheet contains '</style>'", hint="remove it from the CSS")
    sections = "\n".join(f'<section class="face" data-face="{i}"><div class="face-frame">'
                         f'<div class="face-bleed">{fragment}</div></div></section>'
                         for i, fragment in enumerate(fragments))
    style = fold_constants(f"{page_css(width_mm, height_mm, bleed_mm, safe_mm)}\n{css}", fragments)
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8">'
            f"<style>{style}</style></head><body>{sections}</body></html>")


def render_faces_pdf(fragments: Sequence[str], css: str, width_mm: float, height_mm: float,
                     bleed_mm: float, *, base_url: Path, url_fetcher: URLFetcher,
                     safe_mm: float = 0.0, pdf_variant: str | None = None) -> bytes:
    """Lay out ``fragments`` as :func:`render_faces_measured` does; return only the PDF."""
    return render_faces_measured(fragments, css, width_mm, height_mm, bleed_mm, base_url=base_url,
                                 url_fetcher=url_fetcher, safe_mm=safe_mm, pdf_variant=pdf_variant)[0]


def render_faces_measured(fragments: Sequence[str], css: str, width_mm: float, height_mm: float,
                          bleed_mm: float, *, base_url: Path, url_fetcher: URLFetcher,
                          safe_mm: float = 0.0, pdf_variant: str | None = None,
                          origins: dict[str, FontOrigin] | None = None,
                          ) -> tuple[bytes, list[list[Overflow]]]:
    """Lay out ``fragments`` (one HTML face each) as pages of one PDF; return its bytes and,
    per page, the overflow of each ``data-field`` box on it (:func:`measure_page`, mm). A
    fragment layered over an underlay (:mod:`cardforge.render.layout.underlays`) has each distinct
    underlay laid out once for the document and drawn under it
    (:func:`~cardforge.render.layout.underlay_pages.draw_underlays`); its own layer is measured.

    Sizes are in mm: trim ``width_mm`` × ``height_mm``, ``bleed_mm`` on every side, the safe
    area ``safe_mm`` inside the trim (CSS variables only, see :func:`page_css`). Relative
    URLs resolve against ``base_url`` (a folder) and are fetched by ``url_fetcher`` (see
    :func:`cardforge.render.layout.safe_fetcher.make_url_fetcher`). ``pdf_variant`` is WeasyPrint's (e.g.
    ``"pdf/x-1a"``: a CMYK output intent, PDF/X metadata), None for a plain PDF. Documents
    whose CSS adds no font share the process's font configuration
    (:func:`~cardforge.render.layout.font_configs.font_config_for`). ``origins``, when
    given, receives the original of each font embedded, by BaseFont
    (:func:`~cardforge.render.layout.font_origins.font_origins`).

    Raises MissingFontError when text needed a glyph no installed font has; RenderError when
    WeasyPrint logged any other warning or error (its messages are listed), when a CSS
    gradient has a CMYK colour (WeasyPrint cannot draw it), when there are
    no fragments, or when the page count differs from the number of fragments (a face
    spilled onto another page).
    """
    if not fragments:
        raise RenderError("no card faces to render")
    layers = [split(fragment) for fragment in fragments]
    underlays = list(dict.fromkeys(underlay for underlay, _ in layers if underlay is not None))
    pages = [face for _, face in layers] + underlays  # each distinct underlay once, after the faces
    html = faces_html(pages, css, width_mm, height_mm, bleed_mm, safe_mm)
    base = base_url.resolve().as_uri() + "/"
    import weasyprint  # only where pages are laid out (the workers), never at import

    layout_setup.prepare()

    with captured_warnings() as messages:
        variant = {"pdf_variant": pdf_variant} if pdf_variant else {}
        document = weasyprint.HTML(string=html, base_url=base, url_fetcher=url_fetcher).render(
            font_config=font_config_for(html), **variant)
        measures = [measure_page(page) for page in document.pages[:len(fragments)]]
        try:
            pdf = document.write_pdf(**variant)
        except NotImplementedError:  # WeasyPrint 70 converts gradient stops to sRGB, not CMYK
            raise RenderError("a CSS gradient has a CMYK colour (device-cmyk(), or a palette "
                              "variable in a CMYK build): WeasyPrint draws gradients in RGB only",
                              hint="give the gradient's element a flat colour under .print-cmyk, or "
                                   "draw it flat (templates/_base/print-flat.html.j2)") from None
    if messages:
        raise_for_messages(messages, sources_in(css))
    if origins is not None:
        origins.update(font_origins(document))
    if len(document.pages) != len(pages):
        raise RenderError(
            f"{len(fragments)} card faces{f' and {len(underlays)} underlays' if underlays else ''} "
            f"made {len(document.pages)} pages",
            hint="a face's content broke onto another page; give fixed heights to the "
                 "face's blocks or shorten the text")
    if underlays:
        page_of = {underlay: len(fragments) + i for i, underlay in enumerate(underlays)}
        pdf = draw_underlays(pdf, [None if underlay is None else page_of[underlay] for underlay, _ in layers])
    return pdf, measures


def raise_for_messages(messages: Sequence[str], sources: Sequence[tuple[Path, str]] = ()) -> None:
    """Raise the error the WeasyPrint log ``messages`` call for (nothing if empty).

    Missing glyphs raise MissingFontError naming the characters and the font packages;
    anything else raises RenderError listing up to ten messages, a CSS warning at the file,
    line and column of ``sources`` ((path, text) of the stylesheets) that holds the
    declaration it quotes (:mod:`cardforge.render.templating.css_places`).
    """
    if not messages:
        return
    glyphs = [m for m in messages if ".notdef glyph" in m]
    if glyphs:
        chars = sorted({m.rsplit("(", 1)[-1].rstrip(")") for m in glyphs})
        raise MissingFontError(f"no installed font has a glyph for {', '.join(chars)}",
                               hint=f"install {FONT_PACKAGES}")
    traced = [located(message, sources) for message in messages]
    listed = "\n  ".join(t or m for t, m in zip(traced[:10], messages[:10], strict=True))
    more = f"\n  ... and {len(messages) - 10} more" if len(messages) > 10 else ""
    raise RenderError(f"rendering card faces failed:\n  {listed}{more}",
                      hint="fix the CSS at the places named above" if all(traced)
                      else "fix the image paths, fonts or CSS named above")


SCRIPT_FONTS: tuple[tuple[str, re.Pattern[str], str, str], ...] = (
    ("Japanese", re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"),
     "Noto Sans CJK JP", "fonts-noto-cjk"),
    ("Latin", re.compile(r"[A-Za-z]"), "DejaVu Sans", "fonts-dejavu-core"),
)
"""(script, characters of it, font family the built-in CSS names for it, Debian package)."""


def require_fonts(fragments: Sequence[str]) -> None:
    """Raise MissingFontError when ``fragments`` contain text of a script in SCRIPT_FONTS
    whose font is not installed (:func:`cardforge.render.layout.installed_fonts.font_installed`:
    fontconfig's ``fc-list``, or the platform's font folders where there is none)."""
    text = "".join(fragments)
    for script, chars, family, package in SCRIPT_FONTS:
        if chars.search(text) and not font_installed(family):
            raise MissingFontError(f"{script} text needs the font {family!r}, which is not "
                                   "installed", hint=f"install the Debian package {package}")


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
        except Exception:  # a malformed log call must not hide the render's outcome
            message = str(record.msg)
        if not message.startswith(BENIGN):
            self.messages.append(message)


@contextmanager
def captured_warnings() -> Iterator[list[str]]:
    """Collect the messages of WARNING-or-worse records WeasyPrint logs inside the block.

    The handler is attached to the ``weasyprint`` logger only for the block's duration
    (and the logger opened to warnings if it was set quieter); the yielded list fills as
    records arrive. Not thread-safe: one render per process at a time.
    """
    logger = logging.getLogger("weasyprint")
    handler = _Collector()
    level = logger.level
    if logger.getEffectiveLevel() > logging.WARNING:  # an app silenced warnings: not ours
        logger.setLevel(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
