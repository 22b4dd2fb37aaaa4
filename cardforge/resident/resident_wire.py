"""The messages between a command and the resident process: one JSON object per line.

The command sends a :class:`Request` with its standard streams attached as file descriptors
(``SCM_RIGHTS``); the child serving it answers ``{"pid": …}`` when it starts and
``{"exit": …}`` when the command ends. Every message is at most :data:`MAX_MESSAGE` bytes
and a request's fields are checked (:func:`request_from`) before anything acts on them.
"""

from __future__ import annotations

import json
import os
import socket
import struct

MAX_MESSAGE = 4 << 20
"""Bytes one message may have (a request carries the whole environment: a few kB)."""

MAX_ARGS = 10_000
"""Arguments and environment variables a request may carry."""


class WireError(Exception):
    """A message that is too long, not JSON, or not the expected shape; or a closed socket."""


class Request:
    """What a command hands the resident process: its arguments (after ``cardforge``), its
    working folder (absolute), its environment, its umask and its resource limits
    (``RLIMIT_*`` name → [soft, hard], as :func:`resource.getrlimit` gives them). (A plain
    class: importing dataclasses would cost every served command's start some 8 ms.)"""

    __slots__ = ("argv", "cwd", "env", "rlimits", "umask")

    def __init__(self, argv: list[str], cwd: str, env: dict[str, str], umask: int,
                 rlimits: dict[str, list[int]] | None = None) -> None:
        self.argv = argv
        self.cwd = cwd
        self.env = env
        self.umask = umask
        self.rlimits = rlimits or {}

    def as_message(self) -> dict[str, object]:
        """The request as a JSON-ready mapping."""
        return {"argv": self.argv, "cwd": self.cwd, "env": self.env, "umask": self.umask,
                "rlimits": self.rlimits}


def request_from(message: dict[str, object]) -> Request:
    """The :class:`Request` in ``message``; raises WireError when a field is missing or has
    the wrong type, or there are more than :data:`MAX_ARGS` arguments or variables."""
    argv, cwd, env, umask = (message.get(k) for k in ("argv", "cwd", "env", "umask"))
    if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv) and len(argv) <= MAX_ARGS):
        raise WireError("argv must be a list of strings")
    if not (isinstance(cwd, str) and cwd.startswith("/")):
        raise WireError("cwd must be an absolute path")
    if not (isinstance(env, dict) and len(env) <= MAX_ARGS
            and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
        raise WireError("env must map strings to strings")
    if not (isinstance(umask, int) and 0 <= umask <= 0o777):
        raise WireError("umask must be between 0 and 0o777")
    rlimits = message.get("rlimits", {})
    if not (isinstance(rlimits, dict) and len(rlimits) <= 64 and all(
            isinstance(k, str) and k.startswith("RLIMIT_") and isinstance(v, list) and len(v) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in v) for k, v in rlimits.items())):
        raise WireError("rlimits must map RLIMIT_* names to [soft, hard]")
    return Request(argv=argv, cwd=cwd, env=env, umask=umask, rlimits=rlimits)


def peer_uid(sock: socket.socket) -> int:
    """The user id of the process at the other end of the connected Unix socket ``sock``
    (``SO_PEERCRED``): each side checks the other is its own user."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]


def peer_pid(sock: socket.socket) -> int:
    """The process id of the process at the other end of ``sock`` (``SO_PEERCRED``)."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[0]


NAMESPACES = ("mnt", "pid", "user")
"""The namespaces a peer must share with the resident process (:func:`same_namespaces`)."""


def same_namespaces(pid: int) -> bool:
    """Whether process ``pid`` is in this process's mount, pid and user namespaces (Linux's
    ``/proc/<pid>/ns``): a process that sees other files (its own mount namespace) must not
    have this one read what is hidden from it. False when they cannot be read."""
    try:
        return all(os.readlink(f"/proc/{pid}/ns/{ns}") == os.readlink(f"/proc/self/ns/{ns}")
                   for ns in NAMESPACES)
    except OSError:
        return False


def send(sock: socket.socket, message: dict[str, object], fds: list[int] | None = None) -> None:
    """Send ``message`` as one line, with ``fds`` attached to its first byte when given."""
    data = json.dumps(message, separators=(",", ":")).encode("utf-8", "surrogateescape") + b"\n"
    if len(data) > MAX_MESSAGE:
        raise WireError(f"message of {len(data)} bytes is over the limit of {MAX_MESSAGE}")
    if fds:
        sent = socket.send_fds(sock, [data], fds)
        data = data[sent:]
    sock.sendall(data)


class Reader:
    """Reads the messages arriving on one socket, in order, and the file descriptors
    attached to them (at most ``max_fds`` in all)."""

    def __init__(self, sock: socket.socket, max_fds: int = 0) -> None:
        self._sock = sock
        self._buffer = b""
        self._max_fds = max_fds
        self.fds: list[int] = []

    def next(self) -> dict[str, object]:
        """The next message; raises WireError at the end of the stream, on a message over
        :data:`MAX_MESSAGE` bytes, or one that is not a JSON object."""
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_MESSAGE:
                raise WireError("message over the size limit")
            if self._max_fds > len(self.fds):
                chunk, fds, _flags, _addr = socket.recv_fds(self._sock, 65536, self._max_fds - len(self.fds))
                self.fds += fds
            else:
                chunk = self._sock.recv(65536)
            if not chunk:
                raise WireError("the other side closed the connection")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            message = json.loads(line.decode("utf-8", "surrogateescape"))
        except ValueError as exc:
            raise WireError(f"not JSON: {exc}") from None
        if not isinstance(message, dict):
            raise WireError("a message must be a JSON object")
        return message
