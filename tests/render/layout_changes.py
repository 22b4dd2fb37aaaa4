"""Turning one of cardforge's changes to WeasyPrint (:mod:`cardforge.render.layout.weasyprint_changes`)
off and on, for tests that compare its pages with WeasyPrint's own."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType

import pytest


@contextmanager
def switched(module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[bool], None]]:
    """``installed(flag)``: ``module``'s change (its ``install``/``uninstall``) on or off;
    while off, the layout's own call to ``install`` does nothing. On again afterwards, as
    every layout in cardforge has it."""
    install = module.install

    def installed(flag: bool) -> None:
        if flag:
            monkeypatch.setattr(module, "install", install)
            install()
        else:
            module.uninstall()
            monkeypatch.setattr(module, "install", lambda: None)

    try:
        yield installed
    finally:
        install()
