"""Benchmark: loading a 10,000-row XLSX deck file (Comic Creator's Skill deck shape).

Generates ``--rows`` Skill cards the way benchmarks/shipped_shape.py does (each shipped
card copied over and over with its own id and English and Japanese names; abilities as
``abilities.1.kind``… columns, marks as a ``marks[]`` list column), writes them as XLSX
with ``cardforge.spreadsheet.deck_convert.encode`` (the writer ``cardforge convert`` uses),
then times, in this process, best of ``--runs``:

- ``load_sheet``: the file read through the trust boundary, the cells read by
  python-calamine (and the XML searched for error cells), the rows turned into the located
  Document (the target: under 1 s);
- the two halves of that: reading the cells, and making the Document;
- for comparison, ``load_yaml`` of the same deck written as YAML.

Usage: ``python benchmarks/bench_sheet_load.py [--rows 10000] [--runs 5]``. Results are
recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shipped_shape import _deck_entries  # noqa: E402

from cardforge.loading.yaml_source import load_yaml  # noqa: E402
from cardforge.spreadsheet import load_sheet  # noqa: E402
from cardforge.spreadsheet.cell_grid import read_grid  # noqa: E402
from cardforge.spreadsheet.deck_convert import encode  # noqa: E402
from cardforge.spreadsheet.sheet_deck import deck_document  # noqa: E402


def best(runs: int, call: Callable[[], object]) -> tuple[float, list[float]]:
    """The fastest of ``runs`` timed calls, and all of them (seconds)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times), times


def main() -> None:
    """Generate the deck, time the loads, print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardforge-sheet-bench-") as folder:
        root = Path(folder)
        data = {"deck": "skill", "cards": _deck_entries("skill", args.rows, 0)}
        yaml_file = root / "skill.yaml"
        yaml_file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200),
                             encoding="utf-8")
        xlsx = root / "skill.xlsx"
        xlsx.write_bytes(encode(data, "xlsx", yaml_file))
        doc = load_sheet(xlsx)
        assert not doc.left_out and doc.data == data, "the sheet reads back the generated cards"
        grid = read_grid(xlsx)
        rows = [
            ("load_sheet (read + Document)", best(args.runs, lambda: load_sheet(xlsx))),
            ("  reading the cells (calamine)", best(args.runs, lambda: read_grid(xlsx))),
            ("  making the Document", best(args.runs, lambda: deck_document(grid, xlsx))),
            ("load_yaml of the same deck", best(args.runs, lambda: load_yaml(yaml_file))),
        ]
        print(f"{args.rows:,} rows x {len(grid.rows[1])} columns; XLSX {xlsx.stat().st_size / 1e6:.1f} MB, "
              f"YAML {yaml_file.stat().st_size / 1e6:.1f} MB")
        print(f"| measurement | best of {args.runs} | all runs |\n|---|---|---|")
        for name, (fastest, times) in rows:
            print(f"| {name} | {fastest:.3f} s | {', '.join(f'{t:.3f}' for t in times)} |")


if __name__ == "__main__":
    main()
