"""The resident processes the served-vs-fresh job starts (tests/resident/differential.py):
one for each environment a test's commands run in, in a runtime folder of this worker's,
ended with the session; and the served run of a command through them.

A test's ``preexec_fn`` runs for the served run too, but without the address-space limit it
may set (``ulimit -v``, which the resident process refuses by design: the attack tests set
one), so those commands are served too; the fresh run keeps it.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REAL_RUN = subprocess.run
"""subprocess.run as it was before the plugin wrapped it (the plugin imports this module
before it does)."""


def serve(args: list[str], argv: list[str], cwd: Path, env: dict[str, str],
          kwargs: dict[str, Any]) -> tuple[subprocess.CompletedProcess[Any], str | None]:
    """Run ``args`` (``cardforge argv``) in ``cwd`` with a resident process listening for
    ``env``: its result, and None when it was served, else why not (the log's reason)."""
    reason = servers.ensure(args, argv, cwd, env)
    before = servers.log_lines()
    preexec = kwargs.get("preexec_fn")
    if preexec is not None:
        kwargs = {**kwargs, "preexec_fn": without_memory_limits(preexec)}
    done = REAL_RUN(args, **kwargs, env=env, check=False)
    if reason is None:
        after = servers.log_lines()
        new = [line for log, lines in after.items() for line in lines[len(before.get(log, [])):]]
        if not any(" exit " in line for line in new):
            refused = [line.split(" refused ", 1)[-1] for line in new if " refused " in line]
            reason = f"refused {refused[-1]}" if refused else "not served (no line in the log)"
    return done, reason


def without_memory_limits(preexec: Any) -> Any:
    """``preexec`` (a test's ``preexec_fn``) with the address-space and data limits it sets
    left out: the resident process refuses a command under them by design (its child starts
    with the warm process's memory, resident_child.MEMORY_LIMITS), so the served run goes
    without and is compared with the fresh run under them (which the attack tests check
    ends without a MemoryError)."""
    import resource

    skipped = {getattr(resource, name) for name in ("RLIMIT_AS", "RLIMIT_DATA") if hasattr(resource, name)}

    def run() -> None:
        real = resource.setrlimit

        def setrlimit(which: int, limits: tuple[int, int]) -> None:
            if which not in skipped:
                real(which, limits)

        resource.setrlimit = setrlimit  # type: ignore[assignment]
        try:
            preexec()
        finally:
            resource.setrlimit = real  # type: ignore[assignment]

    return run


class Servers:
    """The resident processes this worker started, one per environment, in a runtime
    folder of its own (so two xdist workers never share one)."""

    def __init__(self) -> None:
        self._runtime: Path | None = None
        self._started: dict[str, subprocess.Popen[bytes]] = {}

    def runtime(self) -> Path:
        """This worker's runtime folder (``XDG_RUNTIME_DIR`` of the served runs)."""
        if self._runtime is None:  # short: a socket's path may have at most ~100 bytes
            self._runtime = Path(tempfile.mkdtemp(prefix="cf-svf-", dir="/tmp"))
        return self._runtime

    def log_lines(self) -> dict[str, list[str]]:
        """Each resident process's log (by its file's name): its lines."""
        folder = self.runtime() / "cardforge"
        return {log.name: log.read_text(encoding="utf-8").splitlines()
                for log in sorted(folder.glob("*.log"))} if folder.is_dir() else {}

    def ensure(self, args: list[str], argv: list[str], cwd: Path, env: dict[str, str]) -> str | None:
        """Start the resident process that serves ``args`` run in ``cwd`` with ``env``
        unless it runs; None, or why none will serve it."""
        # where the command's Python finds cardforge: its folder first for `python -m`, the
        # script's for the console script
        start = str(cwd) if Path(args[0]).name != "cardforge" else str(Path(args[0]).parent)
        # asked each time: the identity also covers the code and data on disk, which a test
        # may edit between two commands (tests/render/test_cache_code_digest.py)
        code = ("import os, sys\nfrom cardforge.resident import resident_place as p\n"
                f"print(p.wanted({argv[:1]!r}, os.environ), p.socket_path(os.environ) or '')\n")
        done = REAL_RUN([sys.executable, "-c", code], cwd=start, env=env, capture_output=True,
                        text=True, timeout=300, check=False)
        words = done.stdout.split()
        if done.returncode != 0 or len(words) != 2:
            return f"no socket path: {done.stderr.strip()[-300:]}"
        path, wanted = words[1], words[0] == "True"
        if not wanted:
            return "the resident process is not wanted here (resident_place.wanted)"
        if path not in self._started or self._started[path].poll() is not None:
            log = open(self.runtime() / "servers.err", "ab")  # noqa: SIM115 - the process keeps it
            self._started[path] = subprocess.Popen(
                [sys.executable, "-m", "cardforge.resident.resident_server", path], cwd="/", env=env,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
            log.close()
            end = time.monotonic() + 300
            while not Path(path).is_socket():
                if self._started[path].poll() is not None or time.monotonic() > end:
                    return "the resident process did not start (see servers.err)"
                time.sleep(0.05)
        return None

    def stop(self) -> None:
        """End every resident process started here and remove the runtime folder."""
        for process in self._started.values():
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except OSError:
                    pass
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        self._started.clear()
        if self._runtime is not None:
            shutil.rmtree(self._runtime, ignore_errors=True)
            self._runtime = None


servers = Servers()
"""This worker's resident processes."""
