"""Whether a command may be served by a resident process, and where that process listens.

A resident process serves ``build`` and ``lint`` (:data:`COMMANDS`) only when the environment
variable ``CARDFORGE_RESIDENT`` is ``1`` (or ``on``, ``yes``, ``true``) and ``CI`` is not set (a CI
job runs each command once; a process left behind would only hold memory). It is off by
default: its answers are tested to equal a fresh process's after install changes
(``tests/resident/test_served_vs_fresh.py``) and for every build and lint the test suite
runs as a process (``.ci/served_vs_fresh.sh``), but a served command starts from the warm
process's memory (docs/architecture.md, "The resident process"). It listens on a
Unix socket in a folder only this user may enter (:func:`folder`): ``$XDG_RUNTIME_DIR/cardforge``
when the session has one, else ``<temp>/cardforge-<uid>``, created mode 0700 and refused unless
it is a real folder owned by this user that no one else may enter. The socket's name is the
process's identity (:func:`identity`): a digest of cardforge's code, every installed
distribution, the layout libraries and fonts (:func:`cardforge.build.build_fingerprint.environment`),
the built-in data folders (schemas, templates, profiles, sample cards: every file's size and
modification time), the interpreter and the environment variables, so a command is only
ever served by a process that would behave as it would: after an upgrade, a font installed,
a schema or template edited or a variable changed, a new process starts and the old one
ends when idle (and the old one refuses the command: :mod:`cardforge.resident.resident_server`).
"""

from __future__ import annotations

import hashlib
import os
import socket
import stat
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

RESIDENT_ENV = "CARDFORGE_RESIDENT"
"""The variable that turns the resident process on (``1``, ``on``, ``yes``, ``true``)."""

DATA_FOLDERS = ("schemas", "templates", "profiles", "cards")
"""The built-in data folders (:func:`cardforge.boundary.resources.data_dir`) in a process's identity."""

MAX_DATA_ENTRIES = 20_000
"""Files and folders of :data:`DATA_FOLDERS` stamped; past it the identity names every
process apart (a unique token), so none is ever shared."""

COMMANDS = frozenset({"build", "lint"})
"""The commands a resident process serves: one-shot commands whose start-up is most of a
rebuild's time. ``preview`` runs for hours and is its own resident process."""

VOLATILE_ENV = frozenset({"PWD", "OLDPWD", "SHLVL", "_", "COLUMNS", "LINES", "WINDOWID",
                          "TERM_SESSION_ID", "SSH_CLIENT", "SSH_CONNECTION", "SSH_TTY", "TMUX_PANE",
                          "STY", "SECURITYSESSIONID", "ITERM_SESSION_ID"})
"""Variables left out of the identity: they change from one shell to the next and no
library reads them while starting up (the command's child still gets them all)."""

MAX_SOCKET_PATH = 100
"""Bytes a Unix socket's path may have (Linux allows 107, macOS 103)."""


def wanted(argv: Sequence[str], environ: Mapping[str, str]) -> bool:
    """True when the command ``argv`` (the arguments after ``cardforge``) may be served by a
    resident process: its first argument is one of :data:`COMMANDS`, the variables allow it
    (see the module's docstring) and this system passes file descriptors over Unix sockets."""
    if not argv or argv[0] not in COMMANDS:
        return False
    if environ.get(RESIDENT_ENV, "").strip().lower() not in {"1", "on", "yes", "true"}:
        return False
    if environ.get("CI"):
        return False
    return (hasattr(socket, "AF_UNIX") and hasattr(socket, "send_fds") and hasattr(os, "fork")
            and sys.platform.startswith("linux"))


def folder(environ: Mapping[str, str]) -> Path | None:
    """The folder the sockets live in, created if needed (mode 0700); None when it cannot be
    made or is not safe: not a real folder, owned by another user, or open to others."""
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    try:
        base = Path(runtime) / "cardforge" if runtime and os.path.isabs(runtime) else \
            Path(_temp_dir(environ)) / f"cardforge-{os.getuid()}"
        base.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(base)
    except OSError:
        return None
    private = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077
    return base if private else None


def _temp_dir(environ: Mapping[str, str]) -> str:
    """The temporary folder :func:`tempfile.gettempdir` would choose on Linux (``TMPDIR``,
    ``TEMP``, ``TMP``, then ``/tmp``, ``/var/tmp``, ``/usr/tmp``), without importing
    tempfile (7 ms of a served command's start). Raises FileNotFoundError when none is a folder."""
    candidates = [environ.get(name, "") for name in ("TMPDIR", "TEMP", "TMP")]
    for candidate in [*candidates, "/tmp", "/var/tmp", "/usr/tmp"]:
        if candidate and os.path.isdir(candidate):
            return os.path.abspath(candidate)
    raise FileNotFoundError("no temporary folder")


def identity(environ: Mapping[str, str]) -> str:
    """A hex digest (32 characters) naming the resident process that may serve a command run
    with ``environ`` by this interpreter and this cardforge (see the module's docstring)."""
    from cardforge.build import build_fingerprint

    lines = [build_fingerprint.environment(), sys.executable,
        str(Path(build_fingerprint.__file__).parents[1])]
    lines.append(build_fingerprint.data_folders(DATA_FOLDERS, MAX_DATA_ENTRIES))
    lines += sorted(f"{k}={v}" for k, v in environ.items() if k not in VOLATILE_ENV)
    data = "\0".join(lines).encode("utf-8", "surrogateescape")
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def socket_path(environ: Mapping[str, str]) -> Path | None:
    """Where the resident process for ``environ`` listens (it may not be running); None when
    no safe folder exists or the path would be too long for a socket."""
    base = folder(environ)
    if base is None:
        return None
    path = base / f"{identity(environ)}.sock"
    return path if len(os.fsencode(path)) <= MAX_SOCKET_PATH else None
