"""WeasyPrint's font subsetting without a C type declared for every array length.

When WeasyPrint embeds a font it subsets it with HarfBuzz, passing the glyph ids kept as a
C array made by ``ffi.new(f'hb_codepoint_t[{n}]', ids)`` (``weasyprint.pdf.fonts``). cffi
parses each distinct declaration once per process with pycparser: about 5 ms for every new
length ``n`` (measured on this project's machine, 2026-11-28), and a face that embeds four
fonts meets up to eight new lengths, so a worker laying out its first faces, or the one
face a one-card edit needs, spent some 40 ms a face declaring array types.

:func:`install` gives ``weasyprint.pdf.fonts`` a stand-in for its ``ffi`` that makes such an
array as ``ffi.new('hb_codepoint_t[]', ids)`` instead: the same C array (cffi sizes an open
array from its initializer), one declaration for every length. Every other use of ``ffi``
goes to WeasyPrint's own. Does nothing if the module has no ``ffi`` (other WeasyPrint
versions lay out as before).
"""

from __future__ import annotations

import re
import threading
from typing import Any

_SIZED = re.compile(r"([A-Za-z_][A-Za-z0-9_ ]*)\[(\d+)\]")
"""A declaration of a fixed-length array of a named type: ``hb_codepoint_t[83]``."""

_lock = threading.Lock()


class SizedArrays:
    """Stands in for a cffi ``FFI``: :meth:`new` of ``T[n]`` with an initializer of length
    ``n`` is made as ``T[]``; everything else is the wrapped FFI's."""

    def __init__(self, ffi: Any) -> None:
        self.wrapped = ffi

    def new(self, cdecl: str, init: Any = None) -> Any:
        """A new C object of type ``cdecl`` (see the class)."""
        match = _SIZED.fullmatch(cdecl) if isinstance(cdecl, str) else None
        if match and init is not None and hasattr(init, "__len__") and len(init) == int(match[2]):
            return self.wrapped.new(f"{match[1]}[]", init)
        return self.wrapped.new(cdecl, init)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)


def install() -> None:
    """Give ``weasyprint.pdf.fonts`` its stand-in ``ffi`` (once per process; later calls do
    nothing). Imports WeasyPrint's ``pdf.fonts``."""
    from weasyprint.pdf import fonts

    with _lock:
        ffi = getattr(fonts, "ffi", None)
        if ffi is not None and not isinstance(ffi, SizedArrays):
            fonts.ffi = SizedArrays(ffi)


def uninstall() -> None:
    """Give ``weasyprint.pdf.fonts`` back its own ``ffi`` (nothing if not installed)."""
    from weasyprint.pdf import fonts

    with _lock:
        ffi = getattr(fonts, "ffi", None)
        if isinstance(ffi, SizedArrays):
            fonts.ffi = ffi.wrapped
