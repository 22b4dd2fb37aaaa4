"""Booklets: an HTML document laid out by WeasyPrint into pages, and those pages imposed
for saddle stitching with pikepdf.

Lengths are mm unless a name ends in ``_pt``.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import weasyprint

from cardforge.errors import RenderError
from cardforge.render.faces import captured_warnings, raise_for_messages
from cardforge.render.fetcher import make_url_fetcher, refused_in
from cardforge.render.geometry import PAPER, mm_to_pt
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
    blank halves left empty. Raises ValueError for an unknown paper."""
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
        for half, index in enumerate((left, right)):
            if index is None:
                continue
            xobj, x0, y0, w, h = form(index)
            scale = min(1.0, (sheet_w / 2) / w, sheet_h / h)
            dx = half * sheet_w / 2 + (sheet_w / 2 - w * scale) / 2 - x0 * scale
            dy = (sheet_h - h * scale) / 2 - y0 * scale
            name = f"/P{index}"
            xobjects[name] = xobj
            ops.append(b"q %.4f 0 0 %.4f %.4f %.4f cm %s Do Q" % (scale, scale, dx, dy, name.encode()))
        out.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=pikepdf.Name.Page, MediaBox=pikepdf.Array([0, 0, round(sheet_w, 4), round(sheet_h, 4)]),
            Resources=pikepdf.Dictionary(XObject=xobjects), Contents=out.make_stream(b"\n".join(ops)))))
    return out
