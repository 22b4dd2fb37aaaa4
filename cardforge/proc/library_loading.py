"""WeasyPrint's native libraries opened by their file names, without a library search.

WeasyPrint opens Pango, HarfBuzz, fontconfig and GObject through cffi, trying several
spellings of each name (Windows, macOS and Linux ones). cffi hands every spelling that does
not open at once to :func:`ctypes.util.find_library`, which on Linux runs ``ldconfig -p``
and the C compiler (``gcc``) as subprocesses, in every process that imports WeasyPrint
(each face worker and each booklet build; docs/benchmarks.md has what that costs).
The Linux spellings WeasyPrint also tries (``libpango-1.0.so.0``, …) open directly.

:func:`install` adds an import hook that runs WeasyPrint's ``weasyprint.text.ffi`` module
with that search switched off (and its printed advice, if every spelling fails, muted); if
a library then fails to open or an optional one is missing, the module is run again as
WeasyPrint ships it, so a system whose libraries only the search finds still works,
only slower. Nothing else imported is affected.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType

TYPE_CHECKING = False  # importing typing would cost a served command's start ~10 ms
if TYPE_CHECKING:
    from typing import Any

FFI_MODULE = "weasyprint.text.ffi"
"""The WeasyPrint module that opens the native libraries."""

LIBRARIES = ("gobject", "pango", "harfbuzz", "harfbuzz_subset", "fontconfig", "pangoft2")
"""The module's attributes that hold the opened libraries (None when one failed to open)."""


def _not_searched(name: str) -> None:
    """Stands in for :func:`ctypes.util.find_library`: finds nothing, runs nothing."""
    return None


class _DirectLoader:
    """Runs the wrapped loader's module with the library search off; again with it on if a
    library did not open. (Loader and finder are plain classes: importing ``importlib.abc``
    and ``ctypes`` would cost every cardforge command ~10 ms.)"""

    def __init__(self, real: Any) -> None:
        self.real = real

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        import contextlib
        import ctypes.util
        import io

        searched = ctypes.util.find_library
        ctypes.util.find_library = _not_searched
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                self.real.exec_module(module)
            if all(getattr(module, name, None) is not None for name in LIBRARIES):
                return
        except OSError:
            pass
        finally:
            ctypes.util.find_library = searched
        self.real.exec_module(module)  # as shipped: the slow search, and its error if any


class _Finder:
    """Gives :data:`FFI_MODULE` the :class:`_DirectLoader`; every other import is left alone."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != FFI_MODULE:
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _DirectLoader(spec.loader)
        return spec


def install() -> None:
    """Add the import hook (once; on Linux only, where the search spawns subprocesses).
    Call it before WeasyPrint is first imported; later calls do nothing."""
    if not sys.platform.startswith("linux") or any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())
