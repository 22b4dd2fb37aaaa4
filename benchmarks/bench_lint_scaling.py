"""Benchmark: how ``cardforge lint`` grows with the size of a Comic Creator project.

For each ``--sizes`` entry (default 1,000, 10,000 and 50,000) writes the workspace of
``benchmarks/shipped_shape.py``: the shipped game.yaml (deck counts and marks rewritten),
that many cards in the shipped deck proportions (26 : 38 : 20 Experience, Skill and Assist
cards), every shipped card copied over and over as its own entry with its own id and
English and Japanese name, the game-ending card once, and the shipped rules with catalogs
(cards.pot, rules.pot and each language's .po) updated to hold every generated text, so
the translation rules read catalogs the size of the game. ``--outliers`` Experience cards
get a planted VP far off CC103's curve.

Each size is timed as a user runs it (``cardforge lint -w <project> --format json``, a fresh
process, interpreter start-up included), best of ``--runs``, and printed with the time per
card and the ratio to linear growth, ``(time(n) / time(first)) / (n / first)`` (1.0 is
linear; above 1 grows faster than the cards).

Usage: ``python benchmarks/bench_lint_scaling.py [--sizes 1000,10000,50000] [--runs 1]
[--outliers 3]``. Results are recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_lint import time_lint  # noqa: E402
from shipped_shape import byte_compile_cardforge, deck_sizes, shipped_shape_workspace  # noqa: E402


def main() -> None:
    """Time each size and print the per-card time and the ratio to linear."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--outliers", type=int, default=3)
    args = parser.parse_args()
    byte_compile_cardforge()  # as installed: no module compiled again by each command
    first_size, first_seconds = 0, 0.0  # the first size's, which the ratios compare with
    for size in (int(s) for s in args.sizes.split(",") if s):
        with tempfile.TemporaryDirectory() as tmp:
            workspace = Path(tmp)
            shipped_shape_workspace(workspace, size, args.outliers, catalogs=True)
            timed = time_lint(workspace, args.runs)
        seconds, code, codes = timed.best, timed.code, timed.codes
        if not first_size:
            first_size, first_seconds = size, seconds
        ratio = (seconds / first_seconds) / (size / first_size)
        cc103 = codes.get("CC103", 0)
        print(f"{size:6d} cards ({', '.join(f'{n} {d}' for d, n in deck_sizes(size).items())}): "
              f"{seconds:7.2f} s  {seconds / size * 1e6:6.0f} µs/card  ratio to linear "
              f"{ratio:4.2f}  (exit {code}; CC103: {cc103}; problems: {sum(codes.values())})",
              flush=True)


if __name__ == "__main__":
    main()
