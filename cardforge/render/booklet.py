"""Booklets: an HTML document laid out by WeasyPrint into pages, and those pages imposed
for saddle stitching with pikepdf.

Lengths are mm unless a name ends in ``_pt``.
"""

from __future__ import annotations

from pathlib import Path

import weasyprint

from cardforge.errors import RenderError
from cardforge.render.faces import captured_warnings, raise_for_messages
from cardforge.render.fetcher import make_url_fetcher, refused_in
from cardforge.resources import templates_dir


def layout_booklet(html: str, base_url: Path, workspace: Path) -> weasyprint.Document:
    """Lay ``html`` out (relative URLs against the folder ``base_url``; only files inside
    ``workspace`` and the built-in templates are read) and return the WeasyPrint document.

    Raises MissingFontError for a glyph no installed font has; RenderError for any other
    WeasyPrint warning or a refused URL.
    """
    fetcher = make_url_fetcher([workspace, templates_dir()])
    with captured_warnings() as messages:
        document = weasyprint.HTML(string=html, base_url=base_url.resolve().as_uri() + "/",
                                   url_fetcher=fetcher).render()
    if fetcher.refusals:
        refusal = fetcher.refusals[0]
        users = refused_in(refusal, {"the rules": html}, base_url) or ["a stylesheet"]
        raise RenderError(f"{', '.join(users)}: cannot use {refusal.url}: {refusal.reason}",
                          hint="booklets may only use files inside the workspace")
    raise_for_messages(messages)
    return document


def write_booklet_pdf(document: weasyprint.Document) -> bytes:
    """The laid-out ``document`` as PDF bytes. Raises RenderError for a WeasyPrint warning."""
    with captured_warnings() as messages:
        pdf = document.write_pdf()
    raise_for_messages(messages)
    return pdf
