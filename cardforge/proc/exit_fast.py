"""Ending a one-shot ``cardforge`` run without tearing down what it built.

A build holds large PDF object graphs (a 1,000-card game's sheets are some 11,000 qpdf
objects), and freeing them when the function that wrote them returns is work done after
every byte is already on disk (docs/benchmarks.md has what it costs). The ``cardforge``
entry point (:func:`cardforge.cli.run`) calls :func:`arm` and ends the process with
:func:`exit_now`, which flushes the standard streams and exits without the interpreter's
teardown; a one-shot command (``cardforge build``) calls :func:`enable`; writers then
:func:`keep` what they no longer need instead of freeing it, only when both were called (a
command run in-process, as tests do, keeps nothing). Nothing that needs a clean exit is
skipped: every file is written atomically (:func:`cardforge.boundary.atomic.write_atomically`)
and renamed into place before its writer returns — outputs synced to disk first, cache
entries without ``fsync``, since a torn entry after a crash is refused when read — and
worker pools are closed by the build itself. A long-lived process (``cardforge preview``)
never enables it, so nothing is kept there.
"""

from __future__ import annotations

import os
import sys

_kept: list[object] = []
_armed = False
_enabled = False


def arm() -> None:
    """Say the process will end with :func:`exit_now` (the entry point's call)."""
    global _armed
    _armed = True


def enable() -> None:
    """Keep what :func:`keep` is given until the process exits (one-shot commands only)."""
    global _enabled
    _enabled = True


def keep(value: object) -> None:
    """Free ``value`` only with the process, if both :func:`arm` and :func:`enable` were
    called; else do nothing (it is freed as usual when its last reference goes)."""
    if _armed and _enabled:
        _kept.append(value)


def flush_streams() -> None:
    """Flush stdout and stderr, as far as they can be (a closed pipe or stream, or none at
    all, is passed over: nothing more can be said)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass


def exit_now(code: int) -> None:
    """Flush stdout and stderr (:func:`flush_streams`), then end the process with ``code`` at once."""
    flush_streams()
    os._exit(code)
