"""What runs in the child the resident process forks for one command: become that command's
process (its terminal, folder, environment, umask and arguments), run it, report its status.

The child is its own process group, so the signals the command's process forwards reach the
child and the layout workers and lint it starts, as a terminal's Ctrl-C would.
"""

from __future__ import annotations

import io
import os
import resource
import signal
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import NoReturn

from cardforge import exit_fast
from cardforge.resident import wire


def run(conn: socket.socket, request: wire.Request, fds: list[int], log: Path) -> NoReturn:
    """Run ``request`` in this (freshly forked) process with ``fds`` as its stdin, stdout and
    stderr, note it in ``log`` (:func:`note`), send ``{"exit": status}`` on ``conn`` and end
    the process with that status. A failure to become the command's process (its folder is
    gone) is reported on its stderr with status 2."""
    code = 2
    started = time.monotonic()
    adopted = False
    try:
        os.register_at_fork(after_in_child=conn.close)  # the command's workers never hold it
        os.setpgid(0, 0)
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD, signal.SIGALRM):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        wire.send(conn, {"pid": os.getpid()})
        _adopt_streams(fds, request.env)
        adopted = True
        os.environ.clear()
        os.environ.update(request.env)
        os.umask(request.umask)
        sys.argv = ["cardforge", *request.argv]
        try:
            os.chdir(request.cwd)
        except OSError as exc:
            print(f"cardforge: cannot enter the working folder {request.cwd}: {exc.strerror}\n"
                  "  hint: run the command from a folder that exists", file=sys.stderr)
        else:
            code = _command(request.argv)
    except BaseException:  # noqa: BLE001 - whatever happened, the command's process must hear back
        code = 2
        if adopted:
            traceback.print_exc()
    finally:
        note(log, f"{os.getpid()} {request.argv[:1]} exit {code} in {time.monotonic() - started:.2f} s, "
                  f"cpu {_cpu_seconds():.2f} s")
        exit_fast.flush_streams()
        try:
            wire.send(conn, {"exit": code})
        except (OSError, wire.WireError):
            pass
        os._exit(code)


MAX_LOG_BYTES = 1 << 20
"""Size past which the log is started again."""


def note(log: Path, line: str) -> None:
    """Append ``line`` with the time to ``log`` (one line per command served: pid, command,
    exit status, seconds, CPU seconds), starting it again past :data:`MAX_LOG_BYTES`; a log that cannot
    be written is skipped."""
    try:
        mode = "w" if log.exists() and log.stat().st_size > MAX_LOG_BYTES else "a"
        with open(log, mode, encoding="utf-8") as stream:
            stream.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {line}\n")
    except OSError:
        pass


def _cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and the children it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _command(argv: list[str]) -> int:
    """The command's exit status, run as the ``cardforge`` entry point runs it."""
    from cardforge import cli

    exit_fast.arm()
    return cli.status(argv)


def _adopt_streams(fds: list[int], env: dict[str, str]) -> None:
    """Make ``fds`` this process's descriptors 0, 1 and 2, and ``sys.stdin``, ``sys.stdout``
    and ``sys.stderr`` text streams on them with the encodings and error handlers Python gave
    the resident process (started with the same environment: its identity says so),
    line-buffered on a terminal as Python's are (unbuffered under ``PYTHONUNBUFFERED``)."""
    for target, fd in zip((0, 1, 2), fds, strict=True):
        if fd != target:
            os.dup2(fd, target)
            os.close(fd)
    line_buffered = "PYTHONUNBUFFERED" not in env
    encoding, errors = _codec(sys.__stdin__)
    sys.stdin = io.TextIOWrapper(open(0, "rb", closefd=False), encoding=encoding, errors=errors)
    for name, fd, like in (("stdout", 1, sys.__stdout__), ("stderr", 2, sys.__stderr__)):
        encoding, errors = _codec(like)
        stream = io.TextIOWrapper(open(fd, "wb", closefd=False), encoding=encoding, errors=errors,
                                  line_buffering=line_buffered and (os.isatty(fd) or name == "stderr"),
                                  write_through=name == "stderr" or not line_buffered)
        setattr(sys, name, stream)


def _codec(stream: io.TextIOBase | None) -> tuple[str, str]:
    """The encoding and error handler of one of the resident process's standard streams."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    errors = getattr(stream, "errors", None) or "strict"
    return encoding, errors
