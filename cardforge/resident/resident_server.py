"""The resident process: warm up once, then fork a child for each command it is handed.

Started by :func:`cardforge.resident.resident_client.start_server` as
``python -m cardforge.resident.resident_server SOCKET``. It holds a lock beside the socket for its whole
life (a second one started meanwhile exits at once), imports cardforge with its rules and
libraries and lays out a warm-up page (:func:`warm`), then listens. Each connection is
checked to come from this user (``SO_PEERCRED``), its request read
(:mod:`cardforge.resident.resident_wire`, with a timeout) and a child forked to run it
(:mod:`cardforge.resident.resident_child`); the resident process itself never runs a command. It
exits, removing its socket, after :data:`IDLE_S` seconds without a command, or when the code,
fonts or libraries it was started with change on disk (its socket's name, the identity of
:mod:`cardforge.resident.resident_place`, no longer matches).
"""

from __future__ import annotations

import fcntl
import gc
import os
import selectors
import signal
import socket
import sys
import time
from pathlib import Path

from cardforge.resident import resident_child as child
from cardforge.resident import resident_place as place
from cardforge.resident import resident_wire as wire

IDLE_S = 900.0
"""Seconds without a command after which the resident process exits (15 minutes)."""

CHECK_S = 10.0
"""How often (s) the process checks that its identity still matches the code on disk."""

REQUEST_TIMEOUT_S = 5.0
"""How long (s) a connection may take to send its request."""

IDLE_ENV = "CARDFORGE_RESIDENT_IDLE_S"
"""Overrides :data:`IDLE_S` (tests use a second)."""


STARTS_THREADS = ("cardforge.commands.stats_command", "cardforge.commands.stats_plots", "cardforge.balance",
                  "cardforge.lint.game_design_rules.cf011")
"""Modules that import numpy, whose BLAS starts threads: a process must have one thread when
it forks, so the resident process neither imports them nor runs their lint rules."""

NOT_WARMED = ("cardforge.preview", "cardforge.resident", "cardforge.games", "cardforge.__main__",
              *STARTS_THREADS)
"""Modules (and packages) :func:`warm` leaves to the children: the preview's server, the game
packs (found through their entry points instead), and :data:`STARTS_THREADS`."""


def warm() -> None:
    """Import what ``build`` and ``lint`` use (every rule of every installed game pack, the
    layout and PDF libraries), lay out a warm-up page and warm up on the sample games
    (:func:`cardforge.resident.resident_warmup.warm_sample_games`), so each child starts warm. Any
    failure is left for the command to meet and report."""
    import cardforge

    _import_all(cardforge.__path__, "cardforge.")
    try:
        from cardforge.lint.rule import all_rules
        from cardforge.model.game_packs import discover
        from cardforge.render.workers import layout_workers as workers
        from cardforge.resident.resident_warmup import warm_sample_games

        all_rules(discover().values())
        workers._warm()  # noqa: SLF001 - the same warm-up a layout worker does
        warm_sample_games(skipped=STARTS_THREADS)
    except Exception:  # noqa: BLE001 - warming is an optimisation, never a failure
        pass


def _import_all(path: list[str], prefix: str) -> None:
    """Import every module and package under ``path`` but :data:`NOT_WARMED` (which are not
    even entered); one that fails to import is left out."""
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules(path, prefix):
        if module.name.startswith(NOT_WARMED):
            continue
        try:
            imported = importlib.import_module(module.name)
        except Exception:  # noqa: BLE001, S112 - an optional module's library may be absent
            continue
        if module.ispkg:
            _import_all(list(getattr(imported, "__path__", [])), module.name + ".")


def log_path(path: Path) -> Path:
    """The log beside the socket ``path``: one line per command served, and the process's
    start and end."""
    return path.with_suffix(".log")


_loaded: dict[str, str] = {}
"""Every module file the resident process has loaded (path → size and modification time),
taken once it is warm; :func:`refusal` checks them before each command."""


_stale: list[bool] = []
"""Not empty once :func:`refusal` found a loaded module changed: the process then ends."""


def _module_stamps() -> dict[str, str]:
    """Path → ``size mtime_ns`` of the file of every module loaded in this process."""
    stamps: dict[str, str] = {}
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if isinstance(name, str) and name not in stamps:
            try:
                info = os.stat(name)
                stamps[name] = f"{info.st_size} {info.st_mtime_ns}"
            except OSError:
                stamps[name] = "absent"
    return stamps


def refusal(request: wire.Request, path: Path) -> str | None:
    """Why the process listening on ``path`` must not serve ``request`` (the command then
    runs in its own process), or None: a command other than :data:`place.COMMANDS`; an
    environment whose identity (:func:`place.socket_path`: code, installed distributions,
    data folders, fonts, variables, as they are now) is not this process's; a module this
    process loaded that changed on disk since (an edited library file); or a resource limit
    the child could not apply (a hard limit above this process's own)."""
    if not request.argv or request.argv[0] not in place.COMMANDS:
        return "not build or lint"
    if place.socket_path(request.env) != path:
        return "another identity"
    if _loaded and _module_stamps() != _loaded:
        _stale.append(True)  # the serving loop ends: a process started next loads the new code
        return "a loaded module changed"
    return child.rlimits_refusal(request.rlimits)


def _handle(conn: socket.socket, close_in_child: list[object], log: Path, path: Path) -> int | None:
    """Read one request from ``conn`` and fork its child; the child's pid, or None when the
    connection was refused (another user, a bad request, :func:`refusal`) or no child could
    be forked. ``close_in_child`` (the listener, the lock, the selector, other commands'
    connections) is closed in the child."""
    fds: list[int] = []
    try:
        if wire.peer_uid(conn) != os.getuid() or not wire.same_namespaces(wire.peer_pid(conn)):
            return None
        conn.settimeout(REQUEST_TIMEOUT_S)
        reader = wire.Reader(conn, max_fds=3)
        try:
            request = wire.request_from(reader.next())
        finally:
            fds = reader.fds
        if len(fds) != 3:
            raise wire.WireError("stdin, stdout and stderr must be attached")
        refused = refusal(request, path)
        if refused is not None:
            child.note(log, f"refused {request.argv[:1]}: {refused}")
            raise wire.WireError(refused)
        conn.settimeout(None)
        pid = os.fork()
    except Exception:  # noqa: BLE001 - a bad request or a failed fork refuses this one command
        for fd in fds:
            os.close(fd)
        return None
    if pid == 0:
        try:
            for inherited in close_in_child:
                inherited.close()  # type: ignore[attr-defined]
            child.run(conn, request, fds, log)
        finally:
            os._exit(2)
    for fd in fds:
        os.close(fd)
    return pid


def serve(path: Path) -> None:
    """Warm up, then serve commands on the socket ``path`` until idle (see the module)."""
    lock = open(path.with_suffix(".lock"), "a")  # noqa: SIM115 - held for the process's life
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return  # another resident process for the same identity runs or is starting
    signal.signal(signal.SIGTERM, _end)
    signal.signal(signal.SIGHUP, _end)
    warm()
    _loaded.update(_module_stamps())
    gc.freeze()  # the children share the warm objects' pages instead of copying them on collection
    idle_s = float(os.environ.get(IDLE_ENV, IDLE_S))
    log = log_path(path)
    path.unlink(missing_ok=True)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(os.fsencode(path))
    os.chmod(path, 0o600)
    bound = os.stat(path).st_ino
    listener.listen(16)
    child.note(log, f"{os.getpid()} resident process listening")
    watched = selectors.DefaultSelector()
    watched.register(listener, selectors.EVENT_READ)
    commands: dict[int, socket.socket | None] = {}  # child pid → its command's connection, while open
    last = checked = time.monotonic()
    reason = "stopped"
    try:
        while True:
            for key, _ in watched.select(timeout=1.0):
                if key.fileobj is listener:
                    conn, _ = listener.accept()
                    open_conns = [c for c in commands.values() if c is not None]
                    pid = _handle(conn, [listener, lock, watched, *open_conns], log, path)
                    if pid is None:
                        conn.close()
                    else:
                        commands[pid] = conn
                        watched.register(conn, selectors.EVENT_READ, pid)
                    last = time.monotonic()
                else:  # the command's process hung up (it ended, or was killed): so does its child
                    watched.unregister(key.fileobj)
                    key.fileobj.close()  # type: ignore[union-attr]
                    commands[key.data] = None
                    _stop(key.data)
            for pid in [pid for pid in commands if _ended(pid)]:
                conn = commands.pop(pid)
                if conn is not None:
                    watched.unregister(conn)
                    conn.close()
            now = time.monotonic()
            if _stale and not commands:
                reason = "a module it loaded changed on disk"
                return
            if not commands and now - last > idle_s:
                reason = "idle"
                return
            if now - checked > CHECK_S:
                checked = now
                if place.socket_path(os.environ) != path:
                    reason = "cardforge, a library, the fonts or the environment changed"
                    return
    finally:
        try:
            if os.stat(path).st_ino == bound:  # not one a later process bound after ours was removed
                path.unlink()
        except OSError:
            pass
        listener.close()  # a command still waiting to be accepted runs in its own process
        child.note(log, f"{os.getpid()} resident process ended: {reason}")


def _stop(pid: int) -> None:
    """End the command run by child ``pid`` (its process group), unless it has ended."""
    if not _ended(pid):
        try:
            os.killpg(pid, signal.SIGTERM)
        except OSError:
            pass


def _end(signum: int, _frame: object) -> None:
    """End the serving loop (its ``finally`` removes the socket): SIGTERM or SIGHUP arrived."""
    raise SystemExit(0)


def _ended(pid: int) -> bool:
    """Whether child ``pid`` has ended (it is then reaped)."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return done == pid


def main() -> None:
    """``python -m cardforge.resident.resident_server SOCKET``."""
    if len(sys.argv) != 2:
        sys.exit("usage: python -m cardforge.resident.resident_server SOCKET")
    serve(Path(sys.argv[1]))


if __name__ == "__main__":
    main()
