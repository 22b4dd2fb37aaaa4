"""What the tests that run cardforge as a whole process read back from it."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Run:
    """One finished ``cardforge`` process: exit ``code``, ``stdout`` and ``stderr`` (text)."""

    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """stdout and stderr together (for assertions and their messages)."""
        return self.stdout + self.stderr

    @classmethod
    def of(cls, done: subprocess.CompletedProcess[str]) -> Run:
        """The Run of a process run with ``capture_output=True, text=True``."""
        return cls(done.returncode, done.stdout, done.stderr)


def modules_loaded(argv: list[str], modules: tuple[str, ...], cwd: Path) -> str:
    """Run ``cardforge argv`` in a fresh interpreter (through ``cli.status``) in ``cwd``;
    its stderr, ending with ``LOADED [those of modules it imported] <exit code>``."""
    script = ("import sys\nfrom cardforge.cli import status\n"
              f"code = status({argv!r})\n"
              f"print('LOADED', [m for m in {modules!r} if m in sys.modules], code, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=cwd, capture_output=True, text=True,
                          timeout=180, stdin=subprocess.DEVNULL, check=False)
    return done.stderr
