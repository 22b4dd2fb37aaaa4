"""The changes cardforge makes to WeasyPrint's internals, and the one switch that installs them.

Three changes leave every page as WeasyPrint draws it and only save work:
:mod:`~cardforge.render.layout.weasyprint_changes.html_patterns` (the HTML parser's patterns
made once: tinyhtml5 2.1.0's own cache never hits),
:mod:`~cardforge.render.layout.weasyprint_changes.style_sharing` (equivalent elements'
computed styles shared across a document's faces) and
:mod:`~cardforge.render.layout.weasyprint_changes.svg_forms` (each distinct inline SVG parsed
once a document and drawn once a size, as a form). svg_forms pays under 5 % on the build's
figures but stays: drawn as forms, icons are anti-aliased one level differently at their
edges, and the printed pages are kept exactly as the reference pages hold them. One makes
files reproducible: :mod:`~cardforge.render.layout.weasyprint_changes.glyph_advances` (a
glyph's width is the font's own advance, not the one Pango gave it at the first size its
document drew it: a face's content stream no longer depends on the other faces of its
chunk; a glyph's advance on the page changes by 1/1000 em at most). Every place that renders with
WeasyPrint calls :func:`prepare` first, so a document comes out the same whichever process,
and whatever it did before, made it. This package is the one switch: nothing outside it
installs a change. It may import only :mod:`cardforge.render.layout.weasyprint_version`,
WeasyPrint and the libraries under it: nothing else of cardforge's rendering (a contract).
A change made for speed stays only while it pays at least 5 % on a whole-process figure
(``benchmarks/bench_mechanisms.py``; docs/benchmarks.md has the figures); glyph_advances
stays for the reproducible files it makes (docs/printing.md, "Reproducible files").

The changes reach into the internals of WeasyPrint and of its HTML parser, tinyhtml5, which
any release may change. They were written for the versions in :data:`WRITTEN_FOR`, where
they are installed at once. On any
other pair of versions a process first lays out :data:`SELF_TEST_HTML` (shared styles
and inline SVGs, among margin boxes and subset fonts) with WeasyPrint alone and then with the
changes, and keeps the changes only when both come out the same, pixel for pixel, and
glyph_advances' own check (:func:`~cardforge.render.layout.weasyprint_changes.glyph_advances.check`:
the widths written do not depend on the size a document drew first) passes; else they
are turned off for the process with one line on stderr (:data:`OFF_NOTICE`): builds are
slower, pages are WeasyPrint's own. That a function of the right name exists decides nothing.
"""

from __future__ import annotations

import sys
import threading

from cardforge.render.layout import weasyprint_version  # noqa: F401

# weasyprint_version refuses another WeasyPrint major on import (the changes import WeasyPrint lazily)
from cardforge.render.layout.weasyprint_changes import glyph_advances, html_patterns, style_sharing, svg_forms

WRITTEN_FOR = (("70.0", "2.1.0"),)
"""The (WeasyPrint, tinyhtml5) versions the changes were written for and are tested on (the
suite's layout tests compare each with WeasyPrint's own pages): html_patterns changes
tinyhtml5, and style_sharing and svg_forms read the element tree it builds, which WeasyPrint
70 accepts from 2.0.0b1 on, so both versions decide."""

SELF_TEST_HTML = """<!doctype html><html><head><style>
@page { size: 60mm 40mm; margin: 5mm }
@page boxed { @top-center { content: "top " counter(page) } }
.card { font: 9pt 'DejaVu Sans', sans-serif; color: #123 } .boxed { page: boxed }
p.same { border: 1px solid #456; margin: 1mm 0 }
</style></head><body>
<div class="card"><p class="same">Alpha 1</p><p class="same">Beta 2 ÄÖ</p>
<svg width="12" height="12" viewBox="0 0 2 2"><rect width="1" height="1" fill="#c00"/></svg>
<svg width="12" height="12" viewBox="0 0 2 2"><rect width="1" height="1" fill="#c00"/></svg></div>
<div class="card boxed"><p class="same">Gamma &amp; 3</p></div>
</body></html>"""
"""A two-page document that goes through every change (parsed HTML, elements whose styles
can be shared, two equal inline SVGs) among what faces hold: a page without and one with a
margin box, text whose font is subset."""

OFF_NOTICE = ("cardforge: WeasyPrint {version} is not a version cardforge's changes to its layout were "
              "written for ({written}) and they failed its self-test ({why}), so they are off: "
              "pages are WeasyPrint's own, builds are slower, and a font's widths may depend on the cache")
"""The one line a process prints when it turns the changes off."""

_lock = threading.Lock()
_verdict: dict[str, bool] = {}


def prepare() -> None:
    """Install the changes (once per process; later calls do nothing) where they are known
    to be right: on a version of :data:`WRITTEN_FOR`, or on another whose self-test layout
    came out the same with them. Imports WeasyPrint."""
    with _lock:
        if "on" not in _verdict:
            versions = installed_versions()
            why = None if versions in WRITTEN_FOR else self_test()
            _verdict["on"] = why is None
            if why is not None:
                print(OFF_NOTICE.format(version=" with tinyhtml5 ".join(versions),
                                        written=", ".join(" with tinyhtml5 ".join(v) for v in WRITTEN_FOR),
                                        why=why), file=sys.stderr)
        if _verdict["on"]:
            _install()


def installed_versions() -> tuple[str, str]:
    """(WeasyPrint's version, tinyhtml5's version) as installed; imports WeasyPrint."""
    from importlib.metadata import PackageNotFoundError, version

    import tinyhtml5
    import weasyprint

    try:
        parser = version("tinyhtml5")
    except PackageNotFoundError:
        parser = getattr(tinyhtml5, "__version__", "unknown")
    return weasyprint.__version__, parser


def _install() -> None:
    html_patterns.install()
    svg_forms.install()
    style_sharing.install()
    glyph_advances.install()


def _uninstall() -> None:
    for change in (glyph_advances, svg_forms, style_sharing, html_patterns):
        change.uninstall()


def self_test() -> str | None:
    """Lay out :data:`SELF_TEST_HTML` without the changes and with them; None when both
    give the same pages (rendered at 72 dpi) and glyph_advances' check passes, else why not
    (left uninstalled then)."""
    _uninstall()
    try:
        plain = _pages()
    except Exception as exc:  # noqa: BLE001 - WeasyPrint itself fails: the builds will say how
        return f"WeasyPrint alone failed: {type(exc).__name__}"
    try:
        _install()
        changed = _pages()
        widths = glyph_advances.check()
    except Exception as exc:  # noqa: BLE001 - any failure of a change turns the changes off
        _uninstall()
        return f"{type(exc).__name__}: {exc}"[:160]
    if changed != plain or widths is not None:
        _uninstall()
        return "its pages differ" if changed != plain else widths
    return None


def _pages() -> list[bytes]:
    """The pixels of :data:`SELF_TEST_HTML`'s pages, laid out by WeasyPrint as it is now."""
    import pypdfium2
    from weasyprint import HTML

    document = pypdfium2.PdfDocument(HTML(string=SELF_TEST_HTML).write_pdf())
    try:
        return [page.render(scale=1).to_pil().tobytes() for page in document]
    finally:
        document.close()
