"""Booklets: an HTML document laid out by WeasyPrint into pages, and those pages imposed
for saddle stitching with pikepdf.

Lengths are mm unless a name ends in ``_pt``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pikepdf
import weasyprint

from cardforge.boundary.resources import templates_dir
from cardforge.errors import RenderError
from cardforge.model.paper_units import PAPER, mm_to_pt
from cardforge.render.cache.content_cache import Made
from cardforge.render.layout import weasyprint_changes as layout_setup
from cardforge.render.layout.face_layout import captured_warnings, raise_for_messages
from cardforge.render.layout.page_overflow import measure_pages
from cardforge.render.layout.safe_fetcher import SafeFetcher, make_url_fetcher
from cardforge.render.layout.url_fetcher import (
    Refusal,
    refused_in,
    shown,
    spelled,
    stylesheet_files,
    written_in,
)


def booklet_roots(workspace: Path) -> tuple[Path, Path]:
    """The only folders a booklet of ``workspace`` reads files from, in this order: the
    workspace and the built-in templates."""
    return (workspace, templates_dir())


def layout_booklet(html: str, base_url: Path, workspace: Path,
                   units: Mapping[str, Any] | None = None, *,
                   fetcher: SafeFetcher | None = None) -> weasyprint.Document:
    """Lay ``html`` out (relative URLs against the folder ``base_url``; only files inside
    ``workspace`` and the built-in templates are read, through ``fetcher``, by default a new
    :func:`~cardforge.render.layout.safe_fetcher.make_url_fetcher` of :func:`booklet_roots`) and return
    the WeasyPrint document.

    Raises MissingFontError for a glyph no installed font has; RenderError for any other
    WeasyPrint warning or a refused URL, named where it is written: the stylesheet or SVG
    file and line, else the rules block (``units``: element id → a block with a
    ``location``, :class:`~cardforge.booklet.booklet_html.BookletHTML`) whose HTML links to it.
    """
    roots = list(booklet_roots(workspace))
    fetcher = fetcher or make_url_fetcher(roots)
    layout_setup.prepare()  # as for faces
    with captured_warnings() as messages:
        document = weasyprint.HTML(string=html, base_url=base_url.resolve().as_uri() + "/",
                                   url_fetcher=fetcher).render()
    if fetcher.refusals:
        refusal = fetcher.refusals[0]
        hint = "booklets may only use files inside the workspace"
        body = html.split("</head>", 1)[-1]  # the stylesheet is in the head
        if refusal.where is None and not refused_in(refusal, {"": body}, base_url):
            places = written_in(refusal.url, stylesheet_files(roots), base_url)
            if places:
                raise RenderError(f"{places[0]}: cannot use {shown(refusal.url)}: {refusal.reason}",
                                  hint=hint)
        where = refusal.where or _block_linking(body, refusal, base_url, units or {}) or "the rules"
        raise RenderError(f"{where}: cannot use {shown(refusal.url)}: {refusal.reason}", hint=hint)
    raise_for_messages(messages)
    return document


def _block_linking(html: str, refusal: Refusal, base_url: Path, units: Mapping[str, Any]) -> str | None:
    """The location of the block (an element id of ``units``) in whose HTML ``refusal``'s
    URL is written, or None."""
    spellings = spelled(refusal.url, base_url)
    at = min((i for i in (html.find(s) for s in spellings) if i >= 0), default=-1)
    if at < 0:
        return None
    for unit in reversed(re.findall(r'\bid="([^"]+)"', html[:at])):
        if unit in units:
            return str(units[unit].location)
    return None


def write_booklet_pdf(document: weasyprint.Document) -> bytes:
    """The laid-out ``document`` as PDF bytes. Raises RenderError for a WeasyPrint warning."""
    with captured_warnings() as messages:
        pdf = document.write_pdf()
    raise_for_messages(messages)
    return pdf


def lay_out_booklet_pdf(html: str, base_url: Path, workspace: Path, units: Mapping[str, Any],
                        fetcher: SafeFetcher | None = None) -> Made:
    """Lay ``html`` out as :func:`layout_booklet` does (through ``fetcher``, e.g. the
    content cache's recording one), measure its pages for the blocks ``units`` names
    (element ids) and write it as PDF. Raises what :func:`layout_booklet` and
    :func:`write_booklet_pdf` raise."""
    document = layout_booklet(html, base_url, workspace, units, fetcher=fetcher)
    measured = measure_pages(document.pages, units)
    return Made(write_booklet_pdf(document), measured)


def saddle_order(page_count: int) -> list[tuple[int | None, int | None]]:
    """The sides of a saddle-stitched booklet of ``page_count`` pages, in print order.

    The count is padded with blank pages (None) to a multiple of 4. Each sheet has two
    sides, front then back, and each side is (left page, right page) as 0-based indexes:
    sheet k of a padded count N carries (N−1−2k, 2k) on its front and (2k+1, N−2−2k) on its
    back. Printed duplex flipping on the short edge, stacked and folded, the pages read in
    order. Raises ValueError for a count below 1.
    """
    if page_count < 1:
        raise ValueError(f"a booklet needs at least one page, not {page_count}")
    padded = -(-page_count // 4) * 4

    def page(index: int) -> int | None:
        return index if index < page_count else None

    sides: list[tuple[int | None, int | None]] = []
    for k in range(padded // 4):
        sides.append((page(padded - 1 - 2 * k), page(2 * k)))
        sides.append((page(2 * k + 1), page(padded - 2 - 2 * k)))
    return sides


def impose_saddle(booklet: pikepdf.Pdf, paper: str) -> pikepdf.Pdf:
    """Two booklet pages side by side on each landscape ``paper`` sheet side, in
    :func:`saddle_order`; each page scaled (never up) to fit its half and centred in it,
    blank halves left empty. Each sheet side states its boxes (pt): TrimBox and BleedBox
    span both halves' page trims and bleeds (a blank half as if the first page were
    there), inside the MediaBox (the sheet). Raises ValueError for an unknown paper."""
    if paper not in PAPER:
        raise ValueError(f"unknown paper {paper!r}; known: {', '.join(sorted(PAPER))}")
    height_mm, width_mm = PAPER[paper]  # landscape: the portrait sizes swapped
    sheet_w, sheet_h = mm_to_pt(width_mm), mm_to_pt(height_mm)
    out = pikepdf.Pdf.new()
    forms: dict[int, tuple[pikepdf.Object, float, float, float, float]] = {}

    def form(index: int) -> tuple[pikepdf.Object, float, float, float, float]:
        if index not in forms:
            page = booklet.pages[index]
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            forms[index] = (out.copy_foreign(page.as_form_xobject()), x0, y0, x1 - x0, y1 - y0)
        return forms[index]

    for left, right in saddle_order(len(booklet.pages)):
        ops, xobjects = [], pikepdf.Dictionary()
        trims, bleeds = [], []
        for half, index in enumerate((left, right)):
            xobj, x0, y0, w, h = form(0 if index is None else index)
            scale = min(1.0, (sheet_w / 2) / w, sheet_h / h)
            dx = half * sheet_w / 2 + (sheet_w / 2 - w * scale) / 2 - x0 * scale
            dy = (sheet_h - h * scale) / 2 - y0 * scale
            page = booklet.pages[0 if index is None else index]
            trims.append(_placed(page.obj.get("/TrimBox", page.mediabox), scale, dx, dy))
            bleeds.append(_placed(page.obj.get("/BleedBox", page.mediabox), scale, dx, dy))
            if index is None:
                continue
            name = f"/P{index}"
            xobjects[name] = xobj
            ops.append(b"q %.4f 0 0 %.4f %.4f %.4f cm %s Do Q" % (scale, scale, dx, dy, name.encode()))
        out.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=pikepdf.Name.Page, MediaBox=pikepdf.Array([0, 0, round(sheet_w, 4), round(sheet_h, 4)]),
            TrimBox=_pdf_box(trims), BleedBox=_pdf_box(bleeds),
            Resources=pikepdf.Dictionary(XObject=xobjects), Contents=out.make_stream(b"\n".join(ops)))))
    return out


def _placed(box: pikepdf.Array, scale: float, dx: float, dy: float) -> tuple[float, ...]:
    """A page's PDF rectangle (pt) where ``scale`` then the shift (``dx``, ``dy``) put it."""
    x0, y0, x1, y1 = (float(v) for v in box)
    return (min(x0, x1) * scale + dx, min(y0, y1) * scale + dy,
            max(x0, x1) * scale + dx, max(y0, y1) * scale + dy)


def _pdf_box(boxes: list[tuple[float, ...]]) -> pikepdf.Array:
    """The smallest PDF rectangle (pt, 4 decimals) holding every one of ``boxes``."""
    return pikepdf.Array([round(min(b[0] for b in boxes), 4), round(min(b[1] for b in boxes), 4),
                          round(max(b[2] for b in boxes), 4), round(max(b[3] for b in boxes), 4)])
