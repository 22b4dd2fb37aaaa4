"""What the tests that run cardforge as a whole process read back from it."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass


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
