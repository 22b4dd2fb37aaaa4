"""Benchmark: ``cardforge lint`` on a generated Comic Creator project of ``--cards`` cards.

Generates the same synthetic Skill deck as bench_build.py (every card distinct: costs,
abilities, icon tokens, English and Japanese names) next to the shipped game.yaml, then
times the whole command as a user runs it (``cardforge lint -w <project> --format json``,
a fresh process, interpreter start-up included), best of ``--runs``.

Usage: ``python benchmarks/bench_lint.py [--cards 10000] [--runs 3]``. The target is under
3 s for 10,000 cards; results are recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import synthetic_workspace  # noqa: E402


@dataclass(frozen=True)
class LintTimes:
    """``runs`` timed ``cardforge lint`` processes on one workspace: their ``times`` (s),
    the last run's exit ``code`` and ``stderr``, and its problems counted by ``codes``."""

    times: list[float]
    code: int
    stderr: str
    codes: dict[str, int]

    @property
    def best(self) -> float:
        """The fastest run, in seconds."""
        return min(self.times)

    @property
    def shown(self) -> str:
        """Every time, for a report: ``2.40, 2.38, 2.36``."""
        return ", ".join(f"{t:.2f}" for t in self.times)


def time_lint(workspace: Path, runs: int, settle: Callable[[], None] | None = None) -> LintTimes:
    """Time ``cardforge lint -w WORKSPACE --format json`` as a fresh process (the console
    script beside this Python, interpreter start-up included) ``runs`` times; ``settle()``,
    when given, is called after each run, untimed (to wait for a resident process)."""
    cardforge = Path(sys.executable).with_name("cardforge")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run([str(cardforge), "lint", "-w", str(workspace), "--format", "json"],
                              capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - started)
        if settle is not None:
            settle()
    report = json.loads(done.stdout or "[]")
    codes: dict[str, int] = {}
    for problem in report if isinstance(report, list) else report.get("problems", []):
        codes[problem.get("code", "?")] = codes.get(problem.get("code", "?"), 0) + 1
    return LintTimes(times, done.returncode, done.stderr, codes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        synthetic_workspace(workspace, args.cards, args.cards)
        timed = time_lint(workspace, args.runs)
    print(f"cardforge lint, {args.cards} cards: best {timed.best:.2f} s of {args.runs} "
          f"({timed.shown}); exit {timed.code}; problems by code: {timed.codes or 'none'}")


if __name__ == "__main__":
    main()
