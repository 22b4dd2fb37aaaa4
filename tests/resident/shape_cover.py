"""Which tests the served-vs-fresh job runs (.ci/served_vs_fresh.sh, docs/ci.md): the fewest,
cheapest tests of the suite's last run that between them run every command shape.

A command's *shape* is its subcommand, the names of the options it is given (values aside)
and the exit status the fresh run gave: ``("lint", "--format", "-w", "exit 1")``. The suite
notes each test's shapes and its seconds in pytest's cache (:data:`CACHE_FILE`, written by
tests/resident/differential.py); :func:`cover` picks, greedily, the test that adds the most
shapes not yet covered per second it took (ties: the test's id), until every shape is.

The chosen tests are kept in :data:`LISTED` (committed): .ci/run runs the suite with
``CARDFORGE_SERVED_VS_FRESH`` naming it, so those tests run their builds and lints served and
fresh within the suite's own run (tests/resident/differential.py), and the job's summary
(tests/resident/svf_report.py) fails when the suite ran a shape they did not, or a listed
test ran no build or lint. After a change of the tests' commands, run the suite, then
``python -m tests.resident.shape_cover`` (it rewrites :data:`LISTED` from pytest's cache).
Tests under :data:`LEFT_OUT` are never chosen, and their shapes not asked for. Exit status 2
when the cache holds no shapes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

CACHE_KEY = "cardforge/command-shapes"
"""pytest's cache entry: test id → {"shapes": [shape, ...], "seconds": float}."""

CACHE_FILE = Path(".pytest_cache/v") / CACHE_KEY
"""Where pytest keeps :data:`CACHE_KEY`, from the repository's root."""

LEFT_OUT = "tests/resident/"
"""Tests not chosen: they start and check resident processes of their own."""

EXPECTED = "expected.json"
"""The file in the job's report folder naming the shapes the chosen tests must run."""

LISTED = Path(__file__).with_name("served_tests.txt")
"""The chosen tests' ids, one a line (``#`` lines are comments)."""


def shape(argv: Sequence[str], code: int | None) -> tuple[str, ...]:
    """The shape of ``cardforge argv`` (``argv[0]`` the subcommand) that exited ``code``:
    the subcommand, its option names sorted (``--out=x`` counts as ``--out``) and
    ``"exit <code>"``."""
    options = sorted({word.split("=", 1)[0] for word in argv[1:] if word.startswith("-") and word != "-"})
    return (argv[0], *options, f"exit {code}")


def cover(entries: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The ids of tests (``entries``: id → {"shapes": [...], "seconds": s}) that together run
    every shape any of them runs, chosen greedily by new shapes per second (one second
    added to each test's time, so that a test covering more shapes wins a close call);
    sorted."""
    shapes = {test: {tuple(s) for s in entry.get("shapes", ())} for test, entry in entries.items()}
    seconds = {test: float(entry.get("seconds") or 0.0) for test, entry in entries.items()}
    needed = set().union(*shapes.values()) if shapes else set()
    chosen: list[str] = []
    while needed:
        best = max(sorted(shapes), key=lambda t: len(shapes[t] & needed) / (seconds[t] + 1.0))
        chosen.append(best)
        needed -= shapes.pop(best)
    return sorted(chosen)


def shapes_of(entries: Mapping[str, Mapping[str, Any]], tests: Iterable[str]) -> list[list[str]]:
    """Every shape the ``tests`` ran, as sorted lists."""
    return sorted({tuple(s) for test in tests for s in entries[test].get("shapes", ())})  # type: ignore[misc]


def read_listing(text: str) -> list[str]:
    """The test ids of a :data:`LISTED` file's ``text``: its lines but blank ones and ``#`` comments."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def write_expected(report: Path, entries: Mapping[str, Mapping[str, Any]], chosen: Sequence[str]) -> None:
    """Write :data:`EXPECTED` in ``report``: every shape the tests of ``entries`` (id →
    {"shapes", "seconds"}) but those under :data:`LEFT_OUT` ran, and the ``chosen`` tests'
    ids and seconds, for the job's summary."""
    entries = {test: entry for test, entry in entries.items() if not test.startswith(LEFT_OUT)}
    seconds = sum(float(entries[t].get("seconds") or 0) for t in chosen if t in entries)
    expected = {"shapes": shapes_of(entries, entries), "tests": len(entries), "chosen": list(chosen),
                "seconds": round(seconds, 1)}
    (report / EXPECTED).write_text(json.dumps(expected, indent=1), encoding="utf-8")


def main(listing: Path = LISTED, cache_file: Path = CACHE_FILE) -> int:
    """Write the chosen tests' ids to ``listing`` (from the suite's last run, in
    ``cache_file``) and print how many; 2 without a cache."""
    try:
        entries = json.loads(cache_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        entries = None
    entries = {test: entry for test, entry in (entries or {}).items() if not test.startswith(LEFT_OUT)}
    if not entries:
        print(f"no command shapes in {cache_file}: run the whole suite once first", file=sys.stderr)
        return 2
    chosen = cover(entries)
    listing.write_text("# tests/resident/shape_cover.py: the tests .ci/run serves too, between them\n"
                       "# every build and lint shape the suite runs.\n"
                       "# Rewritten by python -m tests.resident.shape_cover\n"
                       + "".join(f"{test}\n" for test in chosen), encoding="utf-8")
    shapes = len(shapes_of(entries, entries))
    print(f"{listing}: {len(chosen)} of {len(entries)} tests run all {shapes} shapes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
