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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import synthetic_workspace  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cardforge = Path(sys.executable).with_name("cardforge")
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        synthetic_workspace(workspace, args.cards, args.cards)
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            done = subprocess.run([str(cardforge), "lint", "-w", str(workspace), "--format", "json"],
                                  capture_output=True, text=True, check=False)
            times.append(time.perf_counter() - started)
        problems = json.loads(done.stdout or "[]")
    codes: dict[str, int] = {}
    for problem in problems if isinstance(problems, list) else problems.get("problems", []):
        codes[problem.get("code", "?")] = codes.get(problem.get("code", "?"), 0) + 1
    print(f"cardforge lint, {args.cards} cards: best {min(times):.2f} s of {args.runs} "
          f"({', '.join(f'{t:.2f}' for t in times)}); exit {done.returncode}; "
          f"problems by code: {codes or 'none'}")


if __name__ == "__main__":
    main()
