"""Benchmark: ``cardforge build`` of the five sample games, as the README's quickstart runs it.

The repository's ``cards/``, ``templates/`` and ``profiles/`` are copied into a fresh
workspace, then timed, each a fresh ``cardforge`` process (interpreter start-up included):

- cold: no ``.cardforge-cache``, no ``out/`` (once);
- nothing changed: the same command again, best of ``--runs`` (target: under 2 s, issue 19);
- a one-card edit: one Dice Girls card's English name changed before each run (a different
  name each time, lint-clean), best and median of ``--runs``;
- forced: ``--force`` (the build manifest bypassed, so every product is made again from
  the content caches: faces, booklets, rulesheets, die faces, exports), once.

Every build must exit 0. Usage: ``python benchmarks/bench_samples.py [--runs 3]
[--markdown]``. The machine may be shared: compare figures from one run.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench_whole_process import format_table, run_process
from shipped_shape import cardforge_command

REPO = Path(__file__).resolve().parents[1]
COPIED = ("cards", "templates", "profiles")
EDITED = Path("cards") / "dice-girls"
"""The game whose card a one-card edit renames."""
SUFFIXES = ("Star", "Nova", "Lux", "Zen", "Ace", "Joy")
"""Words an edit appends to the name, one per turn."""
NAME = re.compile(r"^\s+name: \{[^}\n]*\ben: ([^,}\n]+)\}", re.MULTILINE)
"""A card's one-line name mapping; group 1 is its English name."""


def edit_one_card(workspace: Path, turn: int) -> None:
    """Rename the edited game's first card in English (``name: {…, en: <name>}``): append
    `` <turn>`` to the name, as a designer fixing a card would."""
    for deck in sorted((workspace / EDITED).glob("*.yaml")):
        text = deck.read_text(encoding="utf-8")
        found = NAME.search(text) if deck.name != "game.yaml" else None
        if found:
            word = SUFFIXES[turn % len(SUFFIXES)]
            deck.write_text(text[:found.end(1)] + f" {word}" + text[found.end(1):], encoding="utf-8")
            return
    raise SystemExit(f"no card name to edit under {EDITED}")


def seconds(values: list[float]) -> str:
    """``0.41 s (0.41, 0.39, 0.40)``: the best of ``values`` and every one."""
    return f"{min(values):.2f} s (" + ", ".join(f"{v:.2f}" for v in values) + ")"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each warm measurement")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-samples-") as tmp:
        workspace = Path(tmp)
        for name in COPIED:
            shutil.copytree(REPO / name, workspace / name)
        build = [*cardforge_command(), "build", "-w", str(workspace), "--quiet"]
        print("cold build of the five sample games...", file=sys.stderr)
        cold = run_process(build, workspace, what="cold build").seconds
        unchanged = [run_process(build, workspace, what="unchanged build").seconds for _ in range(args.runs)]
        edited = []
        for turn in range(args.runs):
            edit_one_card(workspace, turn)
            edited.append(run_process(build, workspace, what="build after an edit").seconds)
        forced = run_process([*build, "--force"], workspace, what="forced build").seconds
        outputs = len(list((workspace / "out").rglob("*.*")))
    rows = [["`build`, five sample games, cold", f"{cold:.2f} s", "", ""],
            ["`build`, five sample games, nothing changed", seconds(unchanged), "< 2 s",
             "✓" if min(unchanged) < 2 else "✗"],
            ["`build`, five sample games, one Dice Girls card renamed", seconds(edited) +
             f", median {statistics.median(edited):.2f}", "", ""],
            ["`build --force`, five sample games (every product from the content caches)",
             f"{forced:.2f} s", "", ""]]
    print(format_table(["measurement (whole process)", "cardforge", "target", "met"], rows, args.markdown))
    print(f"({outputs} files in out/)", file=sys.stderr)


if __name__ == "__main__":
    main()
