"""The resident process: warm up once, then fork a child for each command it is handed.

Started by :func:`cardforge.resident.client.start_server` as
``python -m cardforge.resident.server SOCKET``. It holds a lock beside the socket for its whole
life (a second one started meanwhile exits at once), imports cardforge with its rules and
libraries and lays out a warm-up page (:func:`warm`), then listens. Each connection is
checked to come from this user (``SO_PEERCRED``), its request read
(:mod:`cardforge.resident.wire`, with a timeout) and a child forked to run it
(:mod:`cardforge.resident.child`); the resident process itself never runs a command. It
exits, removing its socket, after :data:`IDLE_S` seconds without a command, or when the code,
fonts or libraries it was started with change on disk (its socket's name, the identity of
:mod:`cardforge.resident.place`, no longer matches).
"""

from __future__ import annotations

import fcntl
import gc
import os
import socket
import struct
import sys
import time
from pathlib import Path

from cardforge.resident import place, wire

IDLE_S = 900.0
"""Seconds without a command after which the resident process exits (15 minutes)."""

CHECK_S = 10.0
"""How often (s) the process checks that its identity still matches the code on disk."""

REQUEST_TIMEOUT_S = 5.0
"""How long (s) a connection may take to send its request."""

IDLE_ENV = "CARDFORGE_RESIDENT_IDLE_S"
"""Overrides :data:`IDLE_S` (tests use a second)."""


NOT_WARMED = ("cardforge.preview", "cardforge.resident", "cardforge.games", "cardforge.__main__",
              "cardforge.commands.stats", "cardforge.commands.stats_plots", "cardforge.balance",
              "cardforge.lint.rules.cf011")
"""Modules (and packages) :func:`warm` leaves to the children: the preview's server, the game
packs (found through their entry points instead), and what imports numpy, whose BLAS starts
threads, and a process must have one thread when it forks."""


def warm() -> None:
    """Import what ``build`` and ``lint`` use (every rule of every installed game pack, the
    layout and PDF libraries) and lay out a warm-up page, so each child starts warm. Any
    failure is left for the command to meet and report."""
    import importlib
    import pkgutil

    import cardforge

    skipped = NOT_WARMED
    for module in pkgutil.walk_packages(cardforge.__path__, "cardforge."):
        if not module.name.startswith(skipped):
            try:
                importlib.import_module(module.name)
            except Exception:  # noqa: BLE001, S112 - an optional module's library may be absent
                continue
    try:
        from cardforge.lint.rule import all_rules
        from cardforge.packs import discover
        from cardforge.render import workers

        all_rules(discover().values())
        workers._warm()  # noqa: SLF001 - the same warm-up a layout worker does
    except Exception:  # noqa: BLE001 - warming is an optimisation, never a failure
        pass


def _peer_uid(conn: socket.socket) -> int:
    creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]


def log_path(path: Path) -> Path:
    """The log beside the socket ``path``: one line per command served."""
    return path.with_suffix(".log")


def _handle(conn: socket.socket, listener: socket.socket, log: Path) -> int | None:
    """Read one request from ``conn`` and fork its child; the child's pid, or None when the
    connection was refused (another user, a bad request)."""
    if _peer_uid(conn) != os.getuid():
        return None
    conn.settimeout(REQUEST_TIMEOUT_S)
    reader = wire.Reader(conn, max_fds=3)
    try:
        request = wire.request_from(reader.next())
        if len(reader.fds) != 3:
            raise wire.WireError("stdin, stdout and stderr must be attached")
    except (OSError, wire.WireError):
        for fd in reader.fds:
            os.close(fd)
        return None
    conn.settimeout(None)
    pid = os.fork()
    if pid == 0:
        listener.close()
        from cardforge.resident import child

        child.run(conn, request, reader.fds, log)
    for fd in reader.fds:
        os.close(fd)
    return pid


def serve(path: Path) -> None:
    """Warm up, then serve commands on the socket ``path`` until idle (see the module)."""
    lock = open(path.with_suffix(".lock"), "a")  # noqa: SIM115 - held for the process's life
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return  # another resident process for the same identity runs or is starting
    warm()
    gc.freeze()  # the children share the warm objects' pages instead of copying them on collection
    idle_s = float(os.environ.get(IDLE_ENV, IDLE_S))
    path.unlink(missing_ok=True)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(os.fsencode(path))
    os.chmod(path, 0o600)
    listener.listen(16)
    listener.settimeout(1.0)
    children: set[int] = set()
    last = checked = time.monotonic()
    try:
        while True:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                conn = None
            if conn is not None:
                with conn:
                    pid = _handle(conn, listener, log_path(path))
                if pid is not None:
                    children.add(pid)
                last = time.monotonic()
            children = {pid for pid in children if not _ended(pid)}
            now = time.monotonic()
            if not children and now - last > idle_s:
                return
            if now - checked > CHECK_S:
                checked = now
                if place.socket_path(os.environ) != path:
                    return  # cardforge, a library or the fonts changed: a new process will serve
    finally:
        path.unlink(missing_ok=True)  # ours: the lock kept any other process from binding it
        listener.close()  # a command still waiting to be accepted runs in its own process


def _ended(pid: int) -> bool:
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return done == pid


def main() -> None:
    """``python -m cardforge.resident.server SOCKET``."""
    if len(sys.argv) != 2:
        sys.exit("usage: python -m cardforge.resident.server SOCKET")
    serve(Path(sys.argv[1]))


if __name__ == "__main__":
    main()
