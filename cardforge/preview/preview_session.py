"""One running preview: the server, the watcher and the rebuilds, started and stopped together."""

from __future__ import annotations

import sys

from cardforge.boundary import trust
from cardforge.preview.preview_rebuild import PreviewOptions, Rebuilder
from cardforge.preview.preview_server import PreviewServer, start
from cardforge.preview.preview_state import PreviewState
from cardforge.preview.workspace_watcher import Watcher
from cardforge.render.workers import layout_workers as workers

SWITCH_INTERVAL_S = 0.001
"""How long one thread of the preview runs Python before another may (s; Python's default
is 0.005): the page's requests (an event, the new face's image) are answered between the
steps of a rebuild that keys a thousand faces in another thread, instead of each waiting
up to 5 ms at every turn."""


class PreviewSession:
    """Starts serving ``options``'s workspace on 127.0.0.1:``port`` (0: a free port) and
    watching it; the first rebuild runs in the watcher's thread (:meth:`wait_ready`). The
    ``options.jobs`` face layout workers (:func:`cardforge.render.workers.layout_workers.warm_pool`) are
    started first, before any thread, and live as long as the session: a save's new face is
    sent to a warm worker as soon as its template is rendered, instead of being laid out in
    this process after every face is keyed.

    Raises ConfigError for a bad configuration or a workspace with no game, CardforgeError
    for a game asked for that is not there or a cache folder that cannot be written, OSError
    when the port is taken.
    """

    def __init__(self, options: PreviewOptions, port: int = 0) -> None:
        self.state = PreviewState()
        self.rebuilder = Rebuilder(options, self.state)
        config = self.rebuilder.config()
        self.rebuilder.targets(config)  # a game asked for that is not there stops here
        trust.writable(config.cache, "cache")
        workers.warm_pool(options.jobs)
        self.server: PreviewServer
        try:
            self.server, self._thread = start(port, self.state)
        except OSError:
            workers.close_pool()
            raise
        self.watcher = Watcher(self.rebuilder, ignored=[config.cache, config.out])
        _quick_switching(+1)
        try:
            self.watcher.start()
        except RuntimeError:  # no thread could be started: nothing runs
            _quick_switching(-1)
            raise

    @property
    def url(self) -> str:
        """The page's address, ``http://127.0.0.1:<port>/``."""
        return self.server.url

    def wait_ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the first rebuild; whether it finished."""
        return self.watcher.ready.wait(timeout)

    def stop(self) -> None:
        """Stop watching and serving; page streams end."""
        self.state.close()
        self.watcher.stop()
        self.server.shutdown()
        self.server.server_close()
        self.watcher.join(timeout=30)
        workers.close_pool()
        _quick_switching(-1)


_running: list[float] = []  # the switch interval before the first running session, per session


def _quick_switching(change: int) -> None:
    """Count a session started (+1) or stopped (-1): :data:`SWITCH_INTERVAL_S` holds while
    any runs, the interval before the first is restored after the last."""
    if change > 0:
        _running.append(_running[0] if _running else sys.getswitchinterval())
        sys.setswitchinterval(SWITCH_INTERVAL_S)
    elif _running:
        before = _running.pop()
        if not _running:
            sys.setswitchinterval(before)
