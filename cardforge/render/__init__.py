"""Rendering: card faces to PDF pages, imposition onto printer sheets, rasters.

Importing this package checks the installed WeasyPrint against the versions cardforge is
tested on (:data:`WEASYPRINT_MAJORS`, pyproject's bounds) before anything imports it: an
older or newer major is refused with one line naming the version needed, never with the
traceback its changed internals would give later.
"""

from importlib.metadata import PackageNotFoundError, version

from cardforge.errors import CardforgeError

WEASYPRINT_MAJORS = range(70, 71)
"""The WeasyPrint major versions cardforge runs on (pyproject: ``weasyprint>=70.0,<71``)."""


def check_weasyprint(installed: str) -> None:
    """Raise CardforgeError (one line and a hint) unless ``installed`` (a version string)
    has a major version in :data:`WEASYPRINT_MAJORS`."""
    try:
        major = int(installed.split(".")[0])
    except ValueError:
        major = -1
    if major not in WEASYPRINT_MAJORS:
        wanted = f">={WEASYPRINT_MAJORS.start}.0,<{WEASYPRINT_MAJORS.stop}"
        raise CardforgeError(f"cardforge needs WeasyPrint {wanted} (installed: {installed})",
                             hint=f"pip install 'weasyprint{wanted}'")


try:
    check_weasyprint(version("weasyprint"))
except PackageNotFoundError:
    raise CardforgeError("cardforge needs WeasyPrint, which is not installed",
                         hint="pip install 'weasyprint>=70.0,<71'") from None
