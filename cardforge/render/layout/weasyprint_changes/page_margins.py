"""No page-margin boxes made for a page whose stylesheets give it none.

After laying out each page, WeasyPrint makes its sixteen margin boxes (``@top-left`` …
``@bottom-right-corner``): for each, it looks up the page's style for that box, falls back
to the page's anonymous style, builds a box and resolves its percentages, and keeps only
the boxes whose ``content`` makes them generated. A box is generated only when a stylesheet
gives it content. A card face's document gives none, so every face's page built and dropped
sixteen boxes (about 4 % of a face's layout, profiled on Comic Creator fronts).

:func:`install` makes WeasyPrint look at the sixteen styles' ``content`` first, as it
does for each box, and skip building the boxes when none is generated: the page gets no
margin box, as before, and what looking at them changed (each style's counter properties
made explicit) is changed as before. A page with a generated margin box is laid out by
WeasyPrint's own code. Does nothing
if WeasyPrint's internals are not the ones this was written against.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

_lock = threading.Lock()
_original: dict[str, Any] = {}
"""WeasyPrint's ``make_margin_boxes`` as ``weasyprint.layout`` calls it, while installed."""

_NOT_GENERATED = ("normal", "inhibit", "none")
"""``content`` values of a margin box that is not generated (WeasyPrint's test)."""

MARGIN_BOXES = tuple(f"@{side}-{place}" for side, places in (
    ("top", ("left-corner", "left", "center", "right", "right-corner")),
    ("bottom", ("left-corner", "left", "center", "right", "right-corner")),
    ("left", ("top", "middle", "bottom")),
    ("right", ("top", "middle", "bottom"))) for place in places)
"""The sixteen page-margin boxes of CSS Paged Media, by at-keyword."""


def install() -> None:
    """Make WeasyPrint skip the margin boxes of a page that has none styled (see the
    module); once per process, later calls do nothing. Imports WeasyPrint's ``layout``."""
    from weasyprint import layout
    from weasyprint.layout import page

    with _lock:
        if _original or not callable(getattr(layout, "make_margin_boxes", None)) or \
                not callable(getattr(page, "_standardize_page_based_counters", None)):
            return
        _original["make"] = layout.make_margin_boxes
        _original["standardize"] = page._standardize_page_based_counters
        layout.make_margin_boxes = _make_margin_boxes


def uninstall() -> None:
    """Put WeasyPrint's own function back (for tests comparing both); nothing if not installed."""
    from weasyprint import layout

    with _lock:
        if _original:
            layout.make_margin_boxes = _original.pop("make")
            _original.clear()


def _make_margin_boxes(context: Any, page: Any, state: Any) -> Iterable[Any]:
    """WeasyPrint's margin boxes of ``page``; none, without building them, when none of
    :data:`MARGIN_BOXES` has content (WeasyPrint's user-agent stylesheet styles all sixteen,
    so each has a style; only ``content`` makes one generated)."""
    standardize = _original["standardize"]
    for keyword in MARGIN_BOXES:
        style = context.style_for(page.page_type, keyword)
        if style is None:
            style = page.style.anonymous_style
        standardize(style, keyword)  # as WeasyPrint's own making of the box does, first
        if style["content"] not in _NOT_GENERATED:
            return _original["make"](context, page, state)
    return ()
