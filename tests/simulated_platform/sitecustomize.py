"""Run Python as on another platform: the Linux-only features cardforge could reach for are
removed before anything imports cardforge.

This folder is put first on ``PYTHONPATH`` (with ``CARDFORGE_SIMULATE_PLATFORM`` set) by
``.ci/simulated_platform.sh`` and by ``tests/conftest.py``, so every Python process of a test
run — pytest, its workers, each ``cardforge`` command a test starts, each spawned layout
worker — starts without them:

- ``windows``: no ``os.fork`` (nor ``forkpty``/``register_at_fork``), ``os.O_NONBLOCK``,
  ``O_NOFOLLOW``, ``O_CLOEXEC``, ``os.pread``/``pwrite``, ``os.nice``; no
  ``signal.SIGALRM``/``SIGHUP``/``setitimer``/``getitimer``/``alarm``; no ``socket.AF_UNIX``,
  ``send_fds``/``recv_fds``, ``SO_PEERCRED``, ``SCM_RIGHTS``; ``import fcntl`` fails; and
  ``spawn`` is the only start method.
- ``macos``: ``spawn`` is the only start method (fork exists there but is unsafe) and there
  is no ``SO_PEERCRED``.

What stays Linux is the rest of the interpreter (``sys.platform``, ``os.name``, paths): this
finds the code that reaches for a missing feature, not every difference a real Windows has.
"""

from __future__ import annotations

import os
import sys

ENV = "CARDFORGE_SIMULATE_PLATFORM"
PLATFORMS = ("windows", "macos")

REMOVED = {
    "windows": {
        # os.statvfs stays: Linux's own multiprocessing.heap needs it (cardforge guards it anyway)
        "os": ("fork", "forkpty", "register_at_fork", "O_NONBLOCK", "O_NOFOLLOW", "O_CLOEXEC", "pread",
               "pwrite", "nice"),
        "signal": ("SIGALRM", "SIGHUP", "setitimer", "getitimer", "alarm", "ITIMER_REAL"),
        "socket": ("AF_UNIX", "send_fds", "recv_fds", "SO_PEERCRED", "SCM_RIGHTS"),
    },
    "macos": {"socket": ("SO_PEERCRED",)},
}
"""Per platform: module name → the attributes removed from it."""

UNIMPORTABLE = {"windows": ("fcntl",), "macos": ()}
"""Per platform: the modules ``import`` fails for."""


def simulate(platform: str) -> None:
    """Remove ``platform``'s missing features from this interpreter (see the module
    docstring). Raises ValueError for a platform not in :data:`PLATFORMS`."""
    if platform not in PLATFORMS:
        raise ValueError(f"{ENV}={platform!r}: expected one of {', '.join(PLATFORMS)}")
    import importlib

    for module_name, names in REMOVED[platform].items():
        module = importlib.import_module(module_name)
        for name in names:
            if hasattr(module, name):
                delattr(module, name)
    for module_name in UNIMPORTABLE[platform]:
        sys.modules[module_name] = None  # type: ignore[assignment]  # import raises ImportError
    _spawn_only()


def _spawn_only() -> None:
    """Make ``spawn`` the only start method, as on Windows (and the default on macOS)."""
    import multiprocessing
    from multiprocessing import context

    for method in ("fork", "forkserver"):
        context._concrete_contexts.pop(method, None)
    default = context._default_context
    default._actual_context = context._concrete_contexts["spawn"]
    context.DefaultContext.get_all_start_methods = lambda self: ["spawn"]  # type: ignore[method-assign]
    multiprocessing.get_all_start_methods = default.get_all_start_methods


def active() -> str | None:
    """The platform simulated in this process, or None."""
    return os.environ.get(ENV) or None


if active():
    simulate(active())  # type: ignore[arg-type]
