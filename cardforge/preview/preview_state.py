"""The preview's current snapshot, shared by the rebuilding thread and the serving threads.

The rebuild publishes each new :class:`~cardforge.preview.preview_views.Snapshot` (faces of a game
in a language, then its lint problems, then its products); every page stream waiting in
:meth:`PreviewState.wait` wakes up and tells its page which face keys are new.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardforge.preview.preview_views import GameView, Place, ProblemView, Snapshot

if TYPE_CHECKING:
    from cardforge.preview.preview_images import ImageStore

MAX_STREAMS = 32
"""Most pages following the updates at once (each holds a server thread)."""


@dataclass(frozen=True)
class Update:
    """What one page stream tells its page: the snapshot ``version``, the face keys new
    since the version the stream last told (``new_faces``, at most :data:`MAX_TOLD`), and
    where those faces are shown (``places``, at most :data:`MAX_TOLD`), so the page can swap
    each image at once, before it fetches the rest of the view."""

    version: int
    new_faces: tuple[str, ...]
    places: tuple[Place, ...] = ()


MAX_TOLD = 500
"""New faces (and places) one update names at most."""


class PreviewState:
    """The latest snapshot, its publication, and the streams waiting for the next one;
    ``store`` holds the images the snapshots name (set by the first rebuild)."""

    def __init__(self) -> None:
        self.store: ImageStore | None = None
        self._snapshot = Snapshot(version=0, games={}, busy=True)
        self._faces: dict[int, frozenset[str]] = {0: frozenset()}
        self._changed = threading.Condition()
        self._streams = 0
        self.closing = False

    @property
    def snapshot(self) -> Snapshot:
        """The latest snapshot (a frozen object: read it freely)."""
        with self._changed:
            return self._snapshot

    def publish(self, games: dict[str, GameView], problems: tuple[ProblemView, ...] = (),
                busy: bool = False) -> Snapshot:
        """Make ``games`` (copied) and the workspace-level ``problems`` the new snapshot, raise
        the version, wake every waiting stream; return the snapshot."""
        with self._changed:
            version = self._snapshot.version + 1
            copies = {gid: replace(g, problems=list(g.problems)) for gid, g in games.items()}
            self._snapshot = Snapshot(version, copies, problems, busy)
            self._faces[version] = frozenset(self._snapshot.face_keys())
            for old in [v for v in self._faces if v < version - 50]:
                del self._faces[old]
            self._changed.notify_all()
            return self._snapshot

    def wait(self, after: int, timeout: float) -> Update | None:
        """Wait up to ``timeout`` seconds for a snapshot newer than version ``after``; the
        :class:`Update` telling it, or None (timed out, or the preview is closing)."""
        with self._changed:
            self._changed.wait_for(lambda: self._snapshot.version > after or self.closing, timeout)
            version = self._snapshot.version
            if self.closing or version <= after:
                return None
            before = self._faces.get(after, frozenset())
            new = sorted(self._faces.get(version, frozenset()) - before)[:MAX_TOLD]
            return Update(version, tuple(new), tuple(self._snapshot.places(frozenset(new), MAX_TOLD)))

    def close(self) -> None:
        """Tell every stream to end."""
        with self._changed:
            self.closing = True
            self._changed.notify_all()

    def open_stream(self) -> bool:
        """Count a new page stream in; False when :data:`MAX_STREAMS` are open already."""
        with self._changed:
            if self._streams >= MAX_STREAMS:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        """Count a page stream out."""
        with self._changed:
            self._streams -= 1
