"""The changes cardforge makes to WeasyPrint's internals, and the one switch that installs them.

Every change leaves every page as WeasyPrint draws it and only saves work:
:mod:`~cardforge.render.layout.weasyprint_changes.html_patterns` (the HTML parser's patterns
made once), :mod:`~cardforge.render.layout.weasyprint_changes.svg_forms` (each distinct inline
SVG parsed once a document and drawn once a size),
:mod:`~cardforge.render.layout.weasyprint_changes.style_sharing` (equivalent elements' computed
styles shared across a document's faces),
:mod:`~cardforge.render.layout.weasyprint_changes.page_margins` (no margin boxes built for a page
with none styled) and :mod:`~cardforge.render.layout.weasyprint_changes.sized_arrays` (font
subsetting without a C type declared for every array length). Every place that renders with
WeasyPrint calls :func:`prepare` first, so a document comes out the same whichever process, and
whatever it did before, made it. This package is the one switch: nothing outside it installs a
change. It may import only :mod:`cardforge.render.layout.weasyprint_version`, WeasyPrint and
the libraries under it: nothing else of cardforge's rendering (a contract).

The changes reach into WeasyPrint's internals, which any release may change. They were
written for the versions in :data:`WRITTEN_FOR`, where they are installed at once. On any
other version a process first lays out :data:`SELF_TEST_HTML` (inline SVGs, shared styles,
pages with and without margin boxes, subset fonts) with WeasyPrint alone and then with the
changes, and keeps the changes only when both come out the same, pixel for pixel; else they
are turned off for the process with one line on stderr (:data:`OFF_NOTICE`): builds are
slower, pages are WeasyPrint's own. That a function of the right name exists decides nothing.
"""

from __future__ import annotations

import sys
import threading

from cardforge.render.layout import weasyprint_version  # noqa: F401

# weasyprint_version refuses another WeasyPrint major on import (the changes import WeasyPrint lazily)
from cardforge.render.layout.weasyprint_changes import (  # noqa: F401
    html_patterns,
    page_margins,
    sized_arrays,
    style_sharing,
    svg_forms,
)

WRITTEN_FOR = ("70.0",)
"""The WeasyPrint versions the changes were written for and are tested on (the suite's
layout tests compare each with WeasyPrint's own pages)."""

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
"""A two-page document that goes through every change: parsed HTML, two equal inline
SVGs, elements whose styles can be shared, a page without and one with a margin box, and
text whose font is subset."""

OFF_NOTICE = ("cardforge: WeasyPrint {version} is not a version cardforge's layout speed-ups were "
              "written for ({written}) and they changed its test page ({why}), so they are off: "
              "pages are WeasyPrint's own, builds are slower")
"""The one line a process prints when it turns the changes off."""

_lock = threading.Lock()
_verdict: dict[str, bool] = {}


def prepare() -> None:
    """Install the changes (once per process; later calls do nothing) where they are known
    to be right: on a version of :data:`WRITTEN_FOR`, or on another whose self-test layout
    came out the same with them. Imports WeasyPrint."""
    with _lock:
        if "on" not in _verdict:
            import weasyprint

            version = weasyprint.__version__
            why = None if version in WRITTEN_FOR else self_test()
            _verdict["on"] = why is None
            if why is not None:
                print(OFF_NOTICE.format(version=version, written=", ".join(WRITTEN_FOR), why=why),
                      file=sys.stderr)
        if _verdict["on"]:
            _install()


def _install() -> None:
    html_patterns.install()
    svg_forms.install()
    style_sharing.install()
    page_margins.install()
    sized_arrays.install()


def _uninstall() -> None:
    for change in (svg_forms, style_sharing, page_margins, sized_arrays, html_patterns):
        change.uninstall()


def self_test() -> str | None:
    """Lay out :data:`SELF_TEST_HTML` without the changes and with them; None when both
    give the same pages (rendered at 72 dpi), else why not (left uninstalled then)."""
    _uninstall()
    try:
        plain = _pages()
    except Exception as exc:  # noqa: BLE001 - WeasyPrint itself fails: the builds will say how
        return f"WeasyPrint alone failed: {type(exc).__name__}"
    try:
        _install()
        changed = _pages()
    except Exception as exc:  # noqa: BLE001 - any failure of a change turns the changes off
        _uninstall()
        return f"{type(exc).__name__}: {exc}"[:160]
    if changed != plain:
        _uninstall()
        return "its pages differ"
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
