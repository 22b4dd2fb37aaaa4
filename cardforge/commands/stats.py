"""``cardforge stats GAME``: print the statistics table a game pack computes."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import click

from cardforge.config import load_config
from cardforge.errors import ConfigError, DataError
from cardforge.packs import discover
from cardforge.problem import Severity
from cardforge.stats import Table, number_text, probability_text
from cardforge.workspace import find_game_dirs, load_game


def _cell(value: object, kind: str) -> str:
    if value is None:
        return ""
    if kind == "probability" and isinstance(value, Fraction):
        return probability_text(value)
    if kind == "number" and isinstance(value, Fraction | float | int):
        return number_text(value)
    return str(value)


def as_text(table: Table) -> str:
    """Aligned columns with a header rule, then the notes."""
    header = [c.label for c in table.columns]
    body = [[_cell(row.get(c.key), c.kind) for c in table.columns] for row in table.rows]
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(header)]
    right = [c.kind != "text" for c in table.columns]

    def line(cells: list[str]) -> str:
        padded = (c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True))
        return "  ".join(padded)

    out = [table.title, "", line(header), "  ".join("-" * w for w in widths)]
    out += [line(r).rstrip() for r in body]
    out += ["", *table.notes]
    return "\n".join(out)


def as_csv(table: Table) -> str:
    """CSV with a header; Fractions (probabilities, exact numbers) as decimals with 6 places."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([c.key for c in table.columns])
    for row in table.rows:
        writer.writerow([f"{float(v):.6f}" if isinstance(v, Fraction) else ("" if v is None else v)
                         for v in (row.get(c.key) for c in table.columns)])
    return buffer.getvalue().rstrip("\n")


def as_json(table: Table) -> str:
    """JSON: title, columns, rows; a Fraction (probability or number) is {"exact": "p/q", "value": float}."""
    def encode(value: object) -> object:
        if isinstance(value, Fraction):
            return {"exact": str(value), "value": float(value)}
        return value

    rows = [{k: encode(v) for k, v in row.items()} for row in table.rows]
    return json.dumps({"title": table.title, "columns": [c.key for c in table.columns], "rows": rows,
                       "notes": table.notes}, ensure_ascii=False, indent=2)


FORMATTERS = {"table": as_text, "csv": as_csv, "json": as_json}


def run(game_id: str, fmt: str, sort_by: str | None, descending: bool, workspace) -> None:
    """Load ``game_id`` from the workspace, compute its pack's table, print it in ``fmt``.

    Raises ConfigError for an unknown game or column, DataError when the data has errors.
    """
    config = load_config(workspace)
    specs = discover()
    spec = specs.get(game_id)
    if spec is None:
        raise ConfigError(f"no game pack {game_id!r}", hint=f"installed: {', '.join(specs)}")
    if spec.stats is None:
        raise ConfigError(f"the {game_id} pack has no statistics")
    [(_, folder)] = find_game_dirs(config.cards / game_id, specs)
    loaded = load_game(folder, spec)
    errors = [p for p in loaded.problems if p.severity is Severity.ERROR]
    if errors or loaded.game is None:
        raise DataError(errors, what=f"{game_id}'s card data")
    table = spec.stats(loaded.game)
    if sort_by:
        try:
            table = table.sorted_by(sort_by, descending)
        except KeyError as exc:
            raise ConfigError(str(exc.args[0]), hint="use a column key with --sort") from None
    click.echo(FORMATTERS[fmt](table))
