"""The served-vs-fresh job's report (.ci/served_vs_fresh.sh): each worker appends one JSON
line a command to ``<REPORT>/<worker>.jsonl``; :func:`summary` prints the counts, the
reasons commands were not served or not compared, the command shapes run against those the
suite ran (tests/resident/shape_cover.py) and every difference.

Run as ``python -m tests.resident.svf_report REPORT``: exit status 1 when a command
differed, none was served, a shape the suite ran was not run served, or a listed test ran no
build or lint (tests/resident/served_tests.txt is out of date).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from tests.resident.shape_cover import EXPECTED, shape, write_expected

REPORT = "CARDFORGE_SERVED_VS_FRESH_REPORT"
"""A folder each worker appends its report to (``<worker>.jsonl``, one line a command)."""


def report(record: dict[str, Any]) -> None:
    """Append ``record`` (test, argv, cwd, outcome, code, served, reason, differences) to
    this worker's report, when :data:`REPORT` names a folder."""
    folder = os.environ.get(REPORT)
    if not folder:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(Path(folder) / f"{worker}.jsonl", "a", encoding="utf-8") as stream:
        stream.write(json.dumps(record) + "\n")


def expect(shapes: dict[str, set[tuple[str, ...]]], seconds: dict[str, float], chosen: list[str]) -> None:
    """At the end of a suite whose ``chosen`` tests ran served too: note every shape its
    tests ran (test id → shapes, ``seconds`` each took) for :func:`summary`, when
    :data:`REPORT` names a folder."""
    folder = os.environ.get(REPORT)
    if folder:
        entries = {test: {"shapes": sorted(ran), "seconds": seconds.get(test, 0.0)}
                   for test, ran in shapes.items()}
        write_expected(Path(folder), entries, chosen)


def summary(folder: Path) -> int:
    """Print what the report in ``folder`` holds (commands compared, served, not served and
    why, command shapes run and missing); 1 when a command differed, none was served, a
    shape in ``folder/expected.json`` was not run or a test it lists ran no build or lint,
    else 0."""
    records = [json.loads(line) for log in sorted(folder.glob("*.jsonl"))
               for line in log.read_text(encoding="utf-8").splitlines()]
    compared = [r for r in records if r["outcome"] in ("equal", "differ")]
    served = [r for r in compared if r.get("served")]
    shapes = {shape(r["argv"], r.get("code")) for r in records}
    tests = {r["test"] for r in records}
    print(f"served vs fresh: {len(records)} build and lint commands of {len(tests)} tests "
          f"({len(shapes)} command shapes); {len(compared)} compared, {len(served)} of them served")
    missing: list[tuple[str, ...]] = []
    idle: list[str] = []
    expected_file = folder / EXPECTED
    if expected_file.is_file():
        expected = json.loads(expected_file.read_text(encoding="utf-8"))
        wanted = {tuple(s) for s in expected["shapes"]}
        missing = sorted(wanted - shapes)
        print(f"  the suite: {len(wanted)} command shapes in {expected['tests']} tests; "
              f"{len(expected['chosen'])} tests chosen to run them all ({expected['seconds']} s in "
              f"the suite); {len(wanted) - len(missing)} run here")
        for lost in missing:
            print(f"  MISSING shape: {' '.join(lost)}")
        idle = sorted(set(expected["chosen"]) - tests)
        for test in idle:
            print(f"  LISTED but ran no build or lint: {test}")
        if missing or idle:
            print("  (tests/resident/served_tests.txt is out of date: run the suite, then "
                  "python -m tests.resident.shape_cover)")
    reasons: dict[str, int] = {}
    for r in records:
        if r["outcome"] == "not compared" or not r.get("served"):
            why = str(r.get("reason"))
            reasons[why] = reasons.get(why, 0) + 1
    for why, count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"  {count} not served or not compared: {why}")
    differed = [r for r in compared if r["outcome"] == "differ"]
    for r in differed:
        print(f"  DIFFER {r['test']}: cardforge {' '.join(r['argv'])}")
        print("    " + "\n    ".join(r["differences"]))
    return 1 if differed or not served or missing or idle else 0


if __name__ == "__main__":
    sys.exit(summary(Path(sys.argv[1])))
