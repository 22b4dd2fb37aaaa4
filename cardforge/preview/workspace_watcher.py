"""Following the workspace: every save starts a rebuild of what it touched.

One thread watches the workspace with watchfiles (inotify on Linux, no polling) and runs
the rebuilds itself, one at a time: saves made during a rebuild are gathered into the next
one. The output and cache folders are not watched (the preview writes there), nor the
folders watchfiles leaves out by default (``.git``, ``.venv``…) and editors' swap files.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import watchfiles

from cardforge.preview.preview_rebuild import Rebuilder
from cardforge.preview.preview_views import ProblemView

STEP_MS = 50
"""A change is acted on once the workspace has been quiet this long (ms)..."""

DEBOUNCE_MS = 400
"""...or this long after the first change, whichever comes first (ms)."""


class Watcher(threading.Thread):
    """Runs the first full rebuild, then a rebuild per batch of saves, until :meth:`stop`.

    ``ignored``: folders whose changes are not the user's (output, cache). ``on_error`` is
    told of a rebuild that failed unexpectedly (a bug): the preview keeps running and shows it.
    """

    def __init__(self, rebuilder: Rebuilder, ignored: list[Path],
                 on_error: Callable[[str], object] | None = None) -> None:
        super().__init__(name="cardforge-preview-watcher", daemon=True)
        self.rebuilder = rebuilder
        self.filter = watchfiles.DefaultFilter(ignore_paths=[str(p.resolve()) for p in ignored])
        self.stop_event = threading.Event()
        self.ready = threading.Event()
        self.on_error = on_error

    def run(self) -> None:
        """Watch and rebuild until stopped (the thread's body)."""
        built = False
        for changes in watchfiles.watch(self.rebuilder.workspace, watch_filter=self.filter,
                                        debounce=DEBOUNCE_MS, step=STEP_MS, stop_event=self.stop_event,
                                        rust_timeout=200, yield_on_timeout=True, raise_interrupt=False):
            if not built:  # the watcher runs from here on: saves during the first build are kept
                built = True
                self._rebuild(None)
                self.ready.set()
            elif changes:
                self._rebuild({Path(path) for _, path in changes})

    def _rebuild(self, changed: set[Path] | None) -> None:
        try:
            self.rebuilder.rebuild(changed)
        except Exception as exc:  # noqa: BLE001 - a bug must not stop the preview; it is shown
            said = f"internal error while rebuilding: {type(exc).__name__}: {str(exc)[:300]}"
            self.rebuilder.problems = (ProblemView("", 1, 1, "preview", "error", said,
                                                   "this is a bug in cardforge; please report it"),)
            self.rebuilder.state.publish(self.rebuilder.views, self.rebuilder.problems)
            if self.on_error:
                self.on_error(said)

    def stop(self) -> None:
        """Stop watching (within about 200 ms of the current rebuild's end)."""
        self.stop_event.set()
