"""``cardforge stats GAME``: print the statistics table a game pack computes, then the cost
curve of each entry of game.yaml's ``balance:`` (:mod:`cardforge.balance.cost_curve`: weights,
intercept, R², the cards out of line). A game without a pack table (a workspace game)
prints its cost curves alone.

Formats: ``table`` prints each table in turn; ``csv`` the pack's table, then (after a blank
line) one long table of every fit, a row per term (``deck,cost,where,term,weight,r2,cards``);
``json`` the pack's table as an object with a ``balance`` list (each fit, and each card's
cost, prediction from the other cards and deleted residual)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import click

from cardforge.balance.cost_curve import Result, judge_game
from cardforge.boundary import trust
from cardforge.commands import shown
from cardforge.errors import ConfigError
from cardforge.loading.parse_cache import ParseCache
from cardforge.model.game_model import Game
from cardforge.model.game_packs import discover
from cardforge.model.stats_table import Column, Table, number_text, probability_text
from cardforge.spreadsheet.cells import formula_safe
from cardforge.workspace.game_loading import MANIFEST, find_game_dirs, load_game
from cardforge.workspace.workspace_config import load_config


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
        writer.writerow([f"{float(v):.6f}" if isinstance(v, Fraction) else ("" if v is None else
                         formula_safe(v) if isinstance(v, str) else v)
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


def _where(result: Result) -> str:
    entry = result.entry
    return ", ".join(f"{'.'.join(k)}={v}" for k, v in entry.where.items()) if entry else ""


def balance_table(game: Game, result: Result) -> Table:
    """One balance entry's fit as a Table: a row per term (the intercept, then each
    column's weight in cost points per unit), and notes (R², cards, what was left out, the
    cards out of line or not judged, why nothing could be judged)."""
    entry = result.entry
    where = f", where {_where(result)}" if entry and entry.where else ""
    title = (f"{game.spec.name('en')}: cost curve of deck {entry.deck!r} ({'.'.join(entry.cost)}{where})"
             if entry else f"{game.spec.name('en')}: balance entry {result.index + 1}")
    table = Table(title, [Column("term", "term"), Column("weight", "weight", "number")])
    if result.error is not None:
        table.notes.append(f"cannot fit: {result.error.message}")
        return table
    fit = result.fit
    if fit is not None:
        table.rows = [{"term": "intercept", "weight": fit.intercept},
                      *({"term": name, "weight": fit.weights[name]} for name in fit.columns)]
        r2 = "–" if fit.r2 is None else f"{fit.r2:.2f}"
        aside = " (those out of line left out)" if result.out_of_line else ""
        table.notes.append(f"R² {r2} over {fit.n} cards{aside}, {fit.p} fitted numbers; tolerance "
                           f"{entry.tolerance.points:g} point(s) and {entry.tolerance.deviations:g} "
                           "standard deviations of the other cards' misses")
        if fit.dropped:
            table.notes.append(f"left out (constant, or made of the others): {', '.join(fit.dropped)}")
        if fit.r2 is not None and fit.r2 < entry.min_r2:
            table.notes.append(f"R² below {entry.min_r2:g}: the costs explain little, the verdicts "
                               "are unreliable and lint (CF011) judges no card; add power terms")
    if result.too_few:
        table.notes.append(f"cannot judge: {result.too_few}")
    unjudged = [v.card.id for v in result.verdicts if not v.judged]
    if unjudged:
        table.notes.append("not judged (the other cards cannot predict it: it alone has some "
                           f"feature or value): {', '.join(unjudged)}")
    for v in [] if fit is not None and fit.r2 is not None and fit.r2 < entry.min_r2 else result.out_of_line:
        silenced = " (lint-ignore: CF011)" if "CF011" in v.card.ignored_codes else ""
        table.notes.append(f"out of line: {v.card.id}{silenced} (cost {v.cost:g}, the others "
                           f"predict {v.predicted or 0.0:.2f})")
    return table


def balance_csv(results: list[Result]) -> str:
    """Every fit as one long CSV: deck, cost, where, term, weight, r2, cards."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["deck", "cost", "where", "term", "weight", "r2", "cards"])
    for result in results:
        if result.fit is None or result.entry is None:
            continue
        fit = result.fit
        head = [formula_safe(t) for t in (result.entry.deck, ".".join(result.entry.cost), _where(result))]
        tail = ["" if fit.r2 is None else f"{fit.r2:.6f}", fit.n]
        writer.writerow([*head, "intercept", f"{fit.intercept:.6f}", *tail])
        writer.writerows([*head, formula_safe(name), f"{fit.weights[name]:.6f}", *tail]
                         for name in fit.columns)
    return buffer.getvalue().rstrip("\n")


def balance_json(result: Result) -> dict:
    """One balance entry's fit and verdicts as plain data."""
    entry, fit = result.entry, result.fit
    return {
        "deck": entry.deck if entry else None, "cost": ".".join(entry.cost) if entry else None,
        "where": _where(result) or None, "error": result.error.message if result.error else None,
        "too_few": result.too_few, "intercept": fit.intercept if fit else None,
        "weights": dict(fit.weights) if fit else {}, "r2": fit.r2 if fit else None,
        "cards": fit.n if fit else 0, "parameters": fit.p if fit else 0,
        "dropped": list(fit.dropped) if fit else [],
        "verdicts": [{"card": v.card.id, "cost": v.cost, "predicted": v.predicted,
                      "residual": v.residual, "spread": v.spread, "judged": v.judged,
                      "out_of_line": v.out_of_line} for v in result.verdicts],
    }


def _output(fmt: str, game: Game, table: Table | None, results: list[Result]) -> str:
    """The pack's ``table`` (if any) and the cost curves, in ``fmt``."""
    if fmt == "json":
        data = json.loads(as_json(table)) if table else {"title": f"{game.spec.name('en')}: cost curves"}
        if results or table is None:
            data["balance"] = [balance_json(r) for r in results]
        return json.dumps(data, ensure_ascii=False, indent=2)
    if fmt == "csv":
        parts = [as_csv(table)] if table else []
        return "\n\n".join([*parts, balance_csv(results)] if results else parts)
    return "\n\n".join([*([as_text(table)] if table else []),
                         *(as_text(balance_table(game, r)) for r in results)])


FORMATTERS = {"table": as_text, "csv": as_csv, "json": as_json}


def run(game_id: str, fmt: str, sort_by: str | None, descending: bool, workspace,
        plot: bool = False, out_dir=None) -> None:
    """Load ``game_id`` from the workspace, compute its pack's table (if it has one) and its
    cost curves (game.yaml ``balance:``), print them in ``fmt``. With ``plot``, also write
    their charts (:mod:`cardforge.commands.stats_plots`) under ``<out>/<game>/stats/`` (``out``
    is ``out_dir`` or the configured output folder) and print each path written.

    Raises ConfigError for an unknown game or column, or a game with neither a pack table nor
    a ``balance:``; DataError when the data has errors.
    """
    config = load_config(workspace, out=str(out_dir) if out_dir else None)
    specs = discover()
    if game_id not in specs and not (config.cards / game_id / MANIFEST).is_file():
        raise ConfigError(f"no game {game_id!r}: no game pack has that id and there is no "
                          f"{config.cards / game_id / MANIFEST}", hint=f"installed: {', '.join(specs)}")
    [(spec, folder)] = find_game_dirs(config.cards / game_id, specs)  # a pack's, or a workspace game
    game = load_game(folder, spec, ParseCache.at(config.cache)).clean_game(f"{game_id}'s card data")
    results = judge_game(game)
    if spec.stats is None and not results:
        raise ConfigError(f"the {game_id} game has no statistics",
                          hint="declare cost curves with `balance:` in its game.yaml")
    table = spec.stats(game) if spec.stats is not None else None
    if sort_by:
        if table is None:
            raise ConfigError(f"the {game_id} game has no statistics table to sort",
                              hint="leave out --sort")
        try:
            table = table.sorted_by(sort_by, descending)
        except KeyError as exc:
            raise ConfigError(str(exc.args[0]), hint="use a column key with --sort") from None
    click.echo(_output(fmt, game, table, results))
    if plot:
        from cardforge.commands.stats_plots import write_plots  # matplotlib only when plotting

        trust.writable(config.out, "output")

        def say(line: str) -> None:
            click.echo(f"{game_id}: {line}", err=True)

        for path in write_plots(game, table, results, config.out / game_id / "stats", say):
            click.echo(shown(path, workspace))
