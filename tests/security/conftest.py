"""Attack tests: a workspace in a temporary folder, a canary file outside it, and the
``cardforge`` command run as a whole process (optionally under an address-space limit).

Every test plants one attack, runs cardforge, and checks with :func:`assert_contained`
that no byte of the canary reached stdout, stderr, ``out/`` or the cache, and that no file
appeared outside ``out/`` and the cache.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli_run import Run

REPO = Path(__file__).resolve().parents[2]
CANARY = "CANARY-7f3a9c-do-not-print"
GiB = 1024 ** 3


@dataclass(frozen=True)
class Attack:
    """A workspace ``ws`` (with ``cards/<game>/``), a ``canary`` file outside it and the
    folder ``outside`` that holds both (to see what appeared there)."""

    ws: Path
    canary: Path
    outside: Path
    game: str

    @property
    def root(self) -> Path:
        """``cards/<game>/`` of the workspace."""
        return self.ws / "cards" / self.game

    def run(self, *args: str, memory_gib: float | None = None, timeout: float = 300) -> Run:
        """Run ``cardforge ARGS -w ws`` as a process in ``ws``; with ``memory_gib``, under
        that address-space limit (RLIMIT_AS)."""
        def limit() -> None:
            if memory_gib is not None:
                size = int(memory_gib * GiB)
                resource.setrlimit(resource.RLIMIT_AS, (size, size))

        env = {**os.environ, "PYTHONPATH": str(REPO)}
        done = subprocess.run([sys.executable, "-m", "cardforge", *args], cwd=self.ws,
                              capture_output=True, text=True, timeout=timeout, env=env,
                              preexec_fn=limit, stdin=subprocess.DEVNULL, check=False)
        return Run.of(done)

    def files_outside(self) -> set[Path]:
        """Every file under ``outside`` but not under ``ws/out`` or ``ws/.cardforge-cache``."""
        allowed = (self.ws / "out", self.ws / ".cardforge-cache")
        return {p for p in self.outside.rglob("*")
                if not p.is_dir() and not any(p.is_relative_to(a) for a in allowed)}


def make_attack(tmp_path: Path, game: str = "dixe-on-card", *, templates: bool = False) -> Attack:
    """A workspace in ``tmp_path/ws`` holding a copy of the shipped ``game`` (and its
    templates when ``templates``), with a canary file beside it."""
    outside = tmp_path
    ws = outside / "ws"
    shutil.copytree(REPO / "cards" / game, ws / "cards" / game)
    if templates:
        shutil.copytree(REPO / "templates" / game, ws / "templates" / game)
    canary = outside / "secret.txt"
    canary.write_text(f"{CANARY}\n", encoding="utf-8")
    return Attack(ws=ws, canary=canary, outside=outside, game=game)


CRASHES = ("Traceback", "MemoryError", "RecursionError", "CF000")
"""Words that mean cardforge crashed or a rule broke instead of locating the problem."""


def assert_contained(attack: Attack, run: Run, before: set[Path]) -> None:
    """No canary byte in the output, out/ or the cache; no new file outside out/ and the cache;
    no traceback, MemoryError, RecursionError or rule failure (CF000)."""
    assert CANARY not in run.output
    for crash in CRASHES:
        assert crash not in run.output, run.output[-3000:]
    for folder in (attack.ws / "out", attack.ws / ".cardforge-cache"):
        for path in folder.rglob("*") if folder.exists() else ():
            if path.is_file():
                assert CANARY.encode() not in path.read_bytes(), path
    assert attack.files_outside() == before


def run_contained(attack: Attack, *args: str, memory_gib: float | None = None,
                  timeout: float = 300) -> Run:
    """Run ``cardforge ARGS`` in ``attack``'s workspace (see :meth:`Attack.run`) and check
    with :func:`assert_contained` that it stayed contained; return the run."""
    before = attack.files_outside()
    run = attack.run(*args, memory_gib=memory_gib, timeout=timeout)
    assert_contained(attack, run, before)
    return run


@pytest.fixture
def attack(tmp_path: Path) -> Attack:
    """A DiXe on Card workspace with a canary beside it."""
    return make_attack(tmp_path)
