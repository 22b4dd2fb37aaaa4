"""WeasyPrint's libraries open without the slow library search, and with it when they must."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys
import textwrap
from types import ModuleType

import pytest

from cardforge.proc import library_loading

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the hook is Linux-only")


def test_weasyprint_imports_without_searching_for_libraries() -> None:
    probe = textwrap.dedent("""
        import ctypes.util
        searched = []
        real = ctypes.util.find_library
        ctypes.util.find_library = lambda name: searched.append(name) or real(name)
        import cardforge, weasyprint
        from weasyprint.text import ffi
        print(len(searched), ffi.pango is not None, ffi.harfbuzz_subset is not None)
    """)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "True", "True"]


class _Loader:
    """A module loader whose libraries open only when the search is on."""

    def __init__(self) -> None:
        self.runs: list[bool] = []

    def create_module(self, spec: object) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        searching = ctypes.util.find_library is not library_loading._not_searched
        self.runs.append(searching)
        if not searching:
            print("advice WeasyPrint prints before it fails")
            raise OSError("cannot load library 'libpango-1.0-0'")
        for name in library_loading.LIBRARIES:
            setattr(module, name, object())


def test_a_library_only_the_search_finds_is_opened_by_running_the_module_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    real = _Loader()
    module = ModuleType(library_loading.FFI_MODULE)
    library_loading._DirectLoader(real).exec_module(module)  # type: ignore[arg-type]
    assert real.runs == [False, True]
    assert all(getattr(module, name) is not None for name in library_loading.LIBRARIES)
    assert ctypes.util.find_library is not library_loading._not_searched  # restored
    assert capsys.readouterr().out == ""  # the failed attempt's advice is not shown


def test_a_missing_optional_library_is_looked_for_with_the_search() -> None:
    runs: list[bool] = []

    class Optional(_Loader):
        def exec_module(self, module: ModuleType) -> None:
            searching = ctypes.util.find_library is not library_loading._not_searched
            runs.append(searching)
            for name in library_loading.LIBRARIES:
                setattr(module, name, object() if searching or name != "harfbuzz_subset" else None)

    module = ModuleType(library_loading.FFI_MODULE)
    library_loading._DirectLoader(Optional()).exec_module(module)  # type: ignore[arg-type]
    assert runs == [False, True]
    assert module.harfbuzz_subset is not None
