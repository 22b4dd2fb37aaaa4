"""Benchmark: how ``cardforge lint`` grows with the size of a Comic Creator project.

Generates a Comic Creator workspace of ``n`` cards for each ``--sizes`` entry (default
1,000, 10,000 and 50,000) in the shipped deck proportions, 26 : 38 : 20 Experience, Skill
and Assist cards (the shipped decks' card counts, copies included): the shipped game.yaml
and every card of the shipped decks copied over and over, each copy its own entry
(quantity 1) with its own id and English and Japanese name, so every Experience card is a
point of CC103's curve. The game-ending card is copied once only. ``--outliers`` Experience
cards get a planted VP far off the curve. Like bench_build.synthetic_workspace, but with
all three decks; bench_build is left as it is.

Each size is timed as a user runs it (``cardforge lint -w <project> --format json``, a fresh
process, interpreter start-up included), best of ``--runs``, and printed with the time per
card and the ratio to linear growth, ``(time(n) / time(first)) / (n / first)`` (1.0 is
linear; above 1 grows faster than the cards).

Usage: ``python benchmarks/bench_lint_scaling.py [--sizes 1000,10000,50000] [--runs 1]
[--outliers 3]``. Results are recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_lint import time_lint  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "cards" / "comic-creator"
PROPORTIONS = {"experience": 26, "skill": 38, "assist": 20}


def _shipped_cards(deck: str) -> list[dict]:
    """The entries of the shipped ``deck`` file."""
    return yaml.safe_load((SHIPPED / f"{deck}.yaml").read_text(encoding="utf-8"))["cards"]


def deck_sizes(cards: int) -> dict[str, int]:
    """``cards`` split over the decks in the shipped proportions (the rest to Skill)."""
    total = sum(PROPORTIONS.values())
    sizes = {deck: cards * share // total for deck, share in PROPORTIONS.items()}
    sizes["skill"] += cards - sum(sizes.values())
    return sizes


def scaled_workspace(root: Path, cards: int, outliers: int = 0) -> Path:
    """A workspace with the shipped game.yaml and ``cards`` generated cards (see the module
    documentation); every ``cards // outliers``-th Experience card's VP is planted far off
    the curve (30 on an easy cost, 0 on a hard one). Returns the game folder."""
    game = root / "cards" / "comic-creator"
    game.mkdir(parents=True)
    shutil.copy(SHIPPED / "game.yaml", game / "game.yaml")
    for deck, size in deck_sizes(cards).items():
        shipped = _shipped_cards(deck)
        enders = [c for c in shipped if c.get("ends_game")]
        pattern = [c for c in shipped if not c.get("ends_game")]
        entries = [dict(c, quantity=1) for c in enders[:size]]
        every = max(1, size // outliers) if outliers and deck == "experience" else 0
        for i in range(size - len(entries)):
            card = dict(pattern[i % len(pattern)], quantity=1)
            card["id"] = f"{card['id']}-{i:05d}"
            card["name"] = {"en": f"{card['name']['en']} {i}", "ja": f"{card['name']['ja']}{i}"}
            if every and i % every == every // 2:
                card["vp"] = 30 if card["vp"] <= 3 else 0
            entries.append(card)
        text = yaml.safe_dump({"deck": deck, "cards": entries}, allow_unicode=True, sort_keys=False,
                              width=200)
        (game / f"{deck}.yaml").write_text(text, encoding="utf-8")
    return game


def main() -> None:
    """Time each size and print the per-card time and the ratio to linear."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--outliers", type=int, default=3)
    args = parser.parse_args()
    first: tuple[int, float] | None = None
    for size in (int(s) for s in args.sizes.split(",") if s):
        with tempfile.TemporaryDirectory() as tmp:
            workspace = Path(tmp)
            scaled_workspace(workspace, size, args.outliers)
            timed = time_lint(workspace, args.runs)
        seconds, code, codes = timed.best, timed.code, timed.codes
        first = first or (size, seconds)
        ratio = (seconds / first[1]) / (size / first[0])
        cc103 = codes.get("CC103", 0)
        print(f"{size:6d} cards ({', '.join(f'{n} {d}' for d, n in deck_sizes(size).items())}): "
              f"{seconds:7.2f} s  {seconds / size * 1e6:6.0f} µs/card  ratio to linear "
              f"{ratio:4.2f}  (exit {code}; CC103: {cc103}; problems: {sum(codes.values())})",
              flush=True)


if __name__ == "__main__":
    main()
