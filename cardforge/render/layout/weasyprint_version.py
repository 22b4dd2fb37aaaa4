"""The WeasyPrint cardforge runs on, checked when first imported, before anything of
WeasyPrint's internals is: another major version is refused with one line naming the
version needed, never with the traceback its changed internals would give later (62.3 has
no ``URLFetcher``; 69.0 warns on the templates' ``box-shadow``, which fails every render).
Imported first by the modules that import WeasyPrint (:mod:`cardforge.render.layout.weasyprint_changes`,
:mod:`cardforge.render.layout.safe_fetcher`); a clean lint, which lays nothing out, imports neither.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from cardforge.errors import CardforgeError

WEASYPRINT_MAJORS = range(70, 71)
"""The WeasyPrint major versions cardforge runs on (pyproject: ``weasyprint>=70.0,<71``)."""

WANTED = f">={WEASYPRINT_MAJORS.start}.0,<{WEASYPRINT_MAJORS.stop}"


def check_weasyprint(installed: str) -> None:
    """Raise CardforgeError (one line and a hint) unless ``installed`` (a version string)
    has a major version in :data:`WEASYPRINT_MAJORS`."""
    try:
        major = int(installed.split(".")[0])
    except ValueError:
        major = -1
    if major not in WEASYPRINT_MAJORS:
        raise CardforgeError(f"cardforge needs WeasyPrint {WANTED} (installed: {installed})",
                             hint=f"pip install 'weasyprint{WANTED}'")


try:
    _installed = version("weasyprint")
except PackageNotFoundError:
    raise CardforgeError("cardforge needs WeasyPrint, which is not installed",
                         hint=f"pip install 'weasyprint{WANTED}'") from None
check_weasyprint(_installed)
