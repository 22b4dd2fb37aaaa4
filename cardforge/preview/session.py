"""One running preview: the server, the watcher and the rebuilds, started and stopped together."""

from __future__ import annotations

from cardforge import trust
from cardforge.preview.rebuild import PreviewOptions, Rebuilder
from cardforge.preview.server import PreviewServer, start
from cardforge.preview.state import PreviewState
from cardforge.preview.watcher import Watcher


class PreviewSession:
    """Starts serving ``options``'s workspace on 127.0.0.1:``port`` (0: a free port) and
    watching it; the first rebuild runs in the watcher's thread (:meth:`wait_ready`).

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
        self.server: PreviewServer
        self.server, self._thread = start(port, self.state)
        self.watcher = Watcher(self.rebuilder, ignored=[config.cache, config.out])
        self.watcher.start()

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
