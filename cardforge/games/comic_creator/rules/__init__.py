"""Comic Creator's lint rules (codes CC…), one module each."""

from types import ModuleType

MODULES: tuple[ModuleType, ...] = ()
