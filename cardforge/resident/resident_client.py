"""The command's side of a resident process: hand it the command, forward signals, wait.

:func:`connect` finds the resident process for this command (None when the command may not
be served, see :mod:`cardforge.resident.resident_place`, or none is listening); :meth:`Connection.serve`
sends the :class:`~cardforge.resident.resident_wire.Request` with stdin, stdout and stderr attached,
forwards SIGINT, SIGTERM and SIGHUP to the child running the command (to its process group,
as a terminal would) and returns the child's exit status. When no process was listening,
:func:`starter` gives the call that starts one once the command has run here
(:func:`start_server`), so that the next command is served.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Callable, Sequence

from cardforge.resident import resident_place as place
from cardforge.resident import resident_wire as wire

CONNECT_TIMEOUT_S = 5.0
"""How long (s) a command waits to be let in by the resident process (a stopped one)."""

ANSWER_TIMEOUT_S = 30.0
"""How long (s) a command waits for the resident process to start serving it."""

FORWARDED = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals passed on to the child running the command (Ctrl-C, kill, a closed terminal); those
this platform has (Windows has no SIGHUP, and no resident process: this module is only
imported there, by every command, to find that out)."""


class Connection:
    """A connected resident process, ready to serve one command."""

    def __init__(self, sock: socket.socket, argv: list[str]) -> None:
        self._sock = sock
        self._argv = argv

    def serve(self) -> int | None:
        """Have the command run and return its exit status: the child's own, 128 + the
        signal's number when a forwarded signal ended it, 2 with a message on stderr when
        the resident process failed while running it. None when it never started the
        command (it was exiting, or did not answer): the command is then run here."""
        forwarder = _Forwarder()
        try:
            request = wire.Request(argv=self._argv, cwd=os.getcwd(), env=dict(os.environ), umask=_umask(),
                                   rlimits=rlimits())
            wire.send(self._sock, request.as_message(), _standard_fds())
            reader = wire.Reader(self._sock)
            self._sock.settimeout(ANSWER_TIMEOUT_S)
            child = reader.next().get("pid")
            self._sock.settimeout(None)
            if not isinstance(child, int) or child <= 1:
                raise wire.WireError("no child process named")
        except (OSError, wire.WireError):
            self._sock.close()
            forwarder.restore()  # the command runs here, and is stopped as any command is
            return 128 + forwarder.seen[-1] if forwarder.seen else None
        forwarder.reached(child)
        try:
            code = reader.next().get("exit")
        except (OSError, wire.WireError) as exc:
            if forwarder.seen:
                return 128 + forwarder.seen[-1]
            print(f"cardforge: the resident build process failed: {exc}\n  hint: run the command "
                  f"again, or with {place.RESIDENT_ENV}=0 to run it without one", file=sys.stderr)
            return 2
        return code if isinstance(code, int) and 0 <= code <= 255 else 2


class _Forwarder:
    """Catches :data:`FORWARDED` signals from now on and passes them to the child's process
    group once :meth:`reached` names it (those caught before, at once)."""

    def __init__(self) -> None:
        self.seen: list[int] = []
        self._child: int | None = None
        self._before = {signum: signal.signal(signum, self._caught) for signum in FORWARDED}

    def restore(self) -> None:
        """Put back the handlers there were before."""
        for signum, handler in self._before.items():
            signal.signal(signum, handler)

    def _caught(self, signum: int, _frame: object) -> None:
        self.seen.append(signum)
        self._send(signum)

    def reached(self, child: int) -> None:
        """Forward to ``child``'s group from now on, and the signals caught so far."""
        self._child = child
        for signum in self.seen:
            self._send(signum)

    def _send(self, signum: int) -> None:
        if self._child is not None:
            try:
                os.killpg(self._child, signum)
            except OSError:  # it has just ended
                pass


def rlimits() -> dict[str, list[int]]:
    """Every resource limit of this process (``RLIMIT_*`` name → [soft, hard]): the child
    running the command applies them all (``ulimit -f``, ``-v``, ``-t``, ``-u`` …)."""
    import resource

    found: dict[str, list[int]] = {}
    for name in dir(resource):
        if name.startswith("RLIMIT_"):
            try:
                found[name] = list(resource.getrlimit(getattr(resource, name)))
            except (OSError, ValueError):
                continue
    return found


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _standard_fds() -> list[int]:
    """Descriptors 0, 1 and 2, each first opened on /dev/null if it is closed here (so that
    no socket or file takes its number)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)
    return [0, 1, 2]


def connect(argv: Sequence[str]) -> Connection | None:
    """The resident process that will serve ``argv``, connected; None when the command may
    not be served or no process is listening."""
    if not place.wanted(argv, os.environ):
        return None
    path = place.socket_path(os.environ)
    if path is None:
        return None
    _standard_fds()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT_S)
        sock.connect(os.fsencode(path))
        sock.settimeout(None)
        if wire.peer_uid(sock) != os.getuid():  # not ours, whatever the folder said: never talk to it
            raise ConnectionRefusedError(path)
    except OSError:
        sock.close()
        return None
    return Connection(sock, list(argv))


def starter(argv: Sequence[str]) -> Callable[[], None] | None:
    """The call that starts a resident process for the commands after ``argv``, when
    ``argv`` may be served; else None."""
    if not place.wanted(argv, os.environ):
        return None
    return start_server


def start_server() -> None:
    """Start the resident process for this environment in the background (its own session,
    no terminal, from the root folder so that no workspace's files can shadow a module), if
    the socket's folder is safe. Returns at once; a process already starting or running
    makes the new one exit at once."""
    import subprocess

    path = place.socket_path(os.environ)
    if path is None:
        return
    try:
        subprocess.Popen([sys.executable, "-m", "cardforge.resident.resident_server", os.fsdecode(path)],
                         cwd="/", stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)
    except OSError:  # no process could be started: the next command runs here again
        pass
