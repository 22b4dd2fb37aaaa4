"""What cardforge changes in WeasyPrint before it lays anything out, in one call.

Every change leaves every page as WeasyPrint draws it and only saves work:
:mod:`cardforge.render.html_patterns` (the HTML parser's patterns made once),
:mod:`cardforge.render.svg_forms` (each distinct inline SVG parsed once a document and drawn
once a size), :mod:`cardforge.render.style_sharing` (equivalent elements' computed styles
shared across a document's faces), :mod:`cardforge.render.page_margins` (no margin boxes
built for a page with none styled) and :mod:`cardforge.render.sized_arrays` (font subsetting without a C type
declared for every array length). Every place that renders with WeasyPrint calls :func:`prepare` first, so a
document comes out the same whichever process, and whatever it did before, made it.
"""

from __future__ import annotations

from cardforge.render import html_patterns, page_margins, sized_arrays, style_sharing, svg_forms


def prepare() -> None:
    """Install the changes (once per process; later calls do nothing). Imports WeasyPrint."""
    html_patterns.install()
    svg_forms.install()
    style_sharing.install()
    page_margins.install()
    sized_arrays.install()
