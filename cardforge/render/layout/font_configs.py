"""One WeasyPrint font configuration per process for the documents that add no fonts.

WeasyPrint makes a ``FontConfiguration`` for every document it lays out unless given one:
fontconfig loads its configuration and font list again (``FcInitLoadConfigAndFonts``),
Pango gets a new font map, and every cache hung on them (fonts, their metrics and shaping,
the struts of line boxes, font features) starts empty. A face worker lays out a document
every 25 faces, so each chunk paid that again; text that fits
(:mod:`cardforge.render.layout.text_fit`) lays out one small document per size it tries, so
there it is most of a layout's time (what it saves: docs/benchmarks.md,
``benchmarks/bench_mechanisms.py font_configs --figure fit``). :func:`font_config_for` gives the documents
of one process whose stylesheet has no ``@font-face`` rule the same configuration: what it
holds is then only what fontconfig finds installed, the same for each of them, and its
caches are keyed by what they cache. A stylesheet with ``@font-face`` adds its fonts to the
configuration it is given, so such a document, and one that fetches a stylesheet (which
could have one), gets a fresh one, as before. A forked process
(a worker, a resident process's child) makes its own, never its parent's.
"""

from __future__ import annotations

import os
import re
from typing import Any

_MAY_ADD_FONTS = re.compile(r"@font-face|@import|<link\b", re.IGNORECASE)
"""What may add fonts to a configuration: a ``@font-face`` rule, or a stylesheet fetched
(``@import``, ``<link>``) that could hold one."""
_shared: dict[int, Any] = {}
"""Process id → that process's shared ``FontConfiguration``."""


def font_config_for(css: str) -> Any | None:
    """The process's shared ``weasyprint.text.fonts.FontConfiguration`` for a document
    whose whole HTML (stylesheets included) is ``css``, or None (WeasyPrint then makes one
    for the document) when it has an ``@font-face`` rule or fetches a stylesheet
    (``@import``, ``<link>``). Imports WeasyPrint."""
    if _MAY_ADD_FONTS.search(css):
        return None
    pid = os.getpid()
    config = _shared.get(pid)
    if config is None:
        from weasyprint.text.fonts import FontConfiguration

        _shared.clear()  # a parent's, inherited through fork: never used here
        config = _shared[pid] = FontConfiguration()
    return config
