"""Benchmark: rules written as data (game.yaml ``lint:``) on a generated game of ``--cards`` cards.

Generates the synthetic Comic Creator skill deck of bench_build.py, adds two per-card rules
and one per-deck rule to its game.yaml, loads it once, then times only the rules: making
them (compiling each expression) and running them through the lint engine, best of
``--runs`` (each run on a freshly loaded game, so nothing is remembered between runs).

Usage: ``python benchmarks/bench_data_rules.py [--cards 10000] [--runs 3]``. The target is
well under 1 s for 10,000 cards.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import GAME, synthetic_workspace  # noqa: E402

from cardforge.lint.data_rules import data_rules  # noqa: E402
from cardforge.lint.engine import lint_game  # noqa: E402
from cardforge.workspace.game_loading import load_game  # noqa: E402
from cardforge.workspace.workspace_config import Config  # noqa: E402

RULES = """
lint:
  - code: GM101
    expect: "quantity >= 1 && quantity <= 4"
    message: one to four copies
  - code: GM102
    expect: "size(abilities) <= 3 && has(card.text)"
    message: at most three abilities, and a text
  - code: GM103
    each: deck
    expect: "size(distinct(cards.map(c, c.id))) == size(cards)"
    message: ids repeat
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = synthetic_workspace(Path(tmp), args.cards, args.cards)
        with (folder / "game.yaml").open("a", encoding="utf-8") as manifest:
            manifest.write(RULES)
        times = []
        for _ in range(args.runs):
            loaded = load_game(folder, GAME)
            assert loaded.game is not None
            started = time.perf_counter()
            rules = data_rules(loaded.game)
            problems = lint_game(loaded, rules, Config(root=Path(tmp)))
            times.append(time.perf_counter() - started)
    print(f"{len(rules)} data rules, {args.cards} cards: best {min(times):.3f} s of {args.runs} "
          f"({', '.join(f'{t:.3f}' for t in times)}); {len(problems)} problem(s)")


if __name__ == "__main__":
    main()
