"""What cardforge changes in WeasyPrint before it lays anything out, in one call.

Both changes leave every page as WeasyPrint draws it and only save work:
:mod:`cardforge.render.html_patterns` (the HTML parser's patterns made once) and
:mod:`cardforge.render.svg_forms` (each distinct inline SVG parsed once a document and drawn
once a size). Every place that renders with WeasyPrint calls :func:`prepare` first, so a
document comes out the same whichever process, and whatever it did before, made it.
"""

from __future__ import annotations

from cardforge.render import html_patterns, svg_forms


def prepare() -> None:
    """Install both changes (once per process; later calls do nothing). Imports WeasyPrint."""
    html_patterns.install()
    svg_forms.install()
