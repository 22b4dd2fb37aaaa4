"""``cardforge stats --plot``: charts of what ``stats`` computes, as PNG and SVG.

Every number comes from data already computed: the cost curves count the costs game.yaml's
``card_costs:`` and ``balance:`` name (:mod:`cardforge.lint.card_costs`, :mod:`cardforge.balance.cost_curve`),
the value chart draws the pack's statistics :class:`~cardforge.model.stats_table.Table` (probability and
number columns; against a ``card_costs:`` entry's ``value:`` where one is declared, e.g.
Comic Creator's VP against the odds of paying), the fit chart each ``balance:`` entry's
verdicts, the cards out of line labelled by id. matplotlib is imported only here, and this
module only when ``--plot`` is given. Output is reproducible: Agg, no dates, fixed SVG ids.
Names and labels come from the workspace, so they are drawn as plain text: matplotlib's
math parsing (``$…$``, backslashes) is off (``text.parse_math``), and TeX is never used.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardforge.balance.cost_curve import Result
from cardforge.boundary.atomic import write_atomically
from cardforge.lint.card_costs import CostEntry, DeclarationError, card_reader, items, read_entries
from cardforge.loading.field_paths import value_at
from cardforge.model.game_model import Game
from cardforge.model.stats_table import Table

SIZE = (8.0, 5.0)
"""Figure size in inches; at :data:`DPI` the PNGs are 1200 × 750 pixels (taller for long tables)."""
DPI = 150


@dataclass(frozen=True)
class CostCurve:
    """How many cards of ``deck`` (copies counted) have each cost at ``field``: ``counts``
    maps the cost as shown (``"RUN3"``, ``"2"``) to the count, in cost order."""

    deck: str
    field: str
    counts: dict[str, int]


def _ordered(counts: dict[str, int]) -> dict[str, int]:
    """Numbers in increasing order, then texts (dice costs) in the order the deck first has them."""
    def order(item: tuple[int, str]) -> tuple[int, float]:
        try:
            return (0, float(item[1]))
        except ValueError:
            return (1, float(item[0]))

    return {label: counts[label] for _, label in sorted(enumerate(counts), key=order)}


def _number(value: Any) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def cost_curves(game: Game, results: list[Result]) -> list[CostCurve]:
    """One :class:`CostCurve` per (deck, cost field) that game.yaml's ``card_costs:`` or
    ``balance:`` names, in declaration order, over the whole deck (an entry's ``where:`` is
    not applied: the curve is the deck's); an entry with no deck counts each deck separately,
    a card with several costs at the field (``effects.*.value``) counts each.
    Raises nothing for unreadable costs: they are left out (lint reports them)."""
    curves: dict[tuple[str, str], dict[str, int]] = {}
    for entry in read_entries(game):
        if not isinstance(entry, CostEntry):
            continue
        field = str(entry.raw["cost"]["field"])
        whole_deck = replace(entry, raw={k: v for k, v in entry.raw.items() if k != "where"})
        for item in items(whole_deck, game):
            counts = curves.setdefault((item.card.deck, field), {})
            counts[item.shown] = counts.get(item.shown, 0) + item.card.quantity
    for result in results:
        entry = result.entry
        if entry is None or result.error is not None or entry.deck not in game.decks:
            continue
        key = (entry.deck, ".".join(entry.cost))
        if key in curves:
            continue
        counts = curves.setdefault(key, {})
        for card in game.decks[entry.deck].cards:
            value = value_at(card.data, entry.cost)
            if isinstance(value, int | float) and not isinstance(value, bool):
                counts[_number(value)] = counts.get(_number(value), 0) + card.quantity
    return [CostCurve(deck, field, _ordered(counts))
            for (deck, field), counts in curves.items() if counts]


def _pyplot():
    """matplotlib's pyplot on the Agg backend, set for reproducible, searchable output."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "cardforge",
                                "font.size": 9, "axes.titlesize": 11,
                                "text.parse_math": False, "text.usetex": False})
    import matplotlib.pyplot as plt

    return plt


def _save(plt, figure, stem: Path) -> list[Path]:
    """Write ``stem``.png and ``stem``.svg atomically; close the figure; return both paths."""
    written = []
    for suffix, metadata in ((".png", {"Software": None}), (".svg", {"Date": None, "Creator": None})):
        buffer = io.BytesIO()
        figure.savefig(buffer, format=suffix[1:], dpi=DPI, metadata=metadata)
        data = buffer.getvalue()
        path = stem.with_name(stem.name + suffix)
        write_atomically(path, lambda handle, data=data: handle.write(data))
        written.append(path)
    plt.close(figure)
    return written


def _cost_curve_chart(plt, game: Game, curve: CostCurve):
    from matplotlib.ticker import MaxNLocator

    figure, axes = plt.subplots(figsize=SIZE)
    labels, counts = list(curve.counts), list(curve.counts.values())
    bars = axes.bar(range(len(labels)), counts, color="#4c72b0")
    for index, text in enumerate(axes.bar_label(bars, labels=[str(c) for c in counts], padding=2)):
        text.set_gid(f"count-{index}")  # <g id="count-0"> round the label: tests read the counts back
    axes.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 8 else 0, ha="right"
                    if len(labels) > 8 else "center")
    axes.set_xlabel("cost" if curve.field == "cost" else f"cost ({curve.field})")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylabel("cards (copies counted)")
    axes.set_ylim(0, max(counts) * 1.15)
    axes.set_title(f"{game.spec.name('en')}: cost curve of deck {curve.deck!r}")
    figure.tight_layout()
    return figure


def _row_label(table: Table, row: dict[str, Any]) -> str:
    return str(row.get("card", row.get(table.columns[0].key, "")))


def _values(game: Game) -> tuple[str, dict[str, Any]] | None:
    """A ``card_costs:`` entry's ``value`` (its text and each card's value by id), or None."""
    for entry in read_entries(game):
        if not isinstance(entry, CostEntry):
            continue
        try:
            reader = card_reader(game, entry, "value")
        except DeclarationError:
            continue
        if reader is not None:
            found = {}
            for card in game.cards():
                try:
                    found[card.id] = reader.value(card, game)
                except Exception:  # noqa: BLE001 - a card the expression cannot read is not drawn
                    continue
            return reader.text, found
    return None


def _value_chart(plt, game: Game, table: Table):
    """The pack's table drawn: each probability column against a declared value, or each
    row's probabilities / first number; None when the table has neither."""
    probabilities = [c for c in table.columns if c.kind == "probability"]
    numbers = [c for c in table.columns if c.kind == "number"]
    labels = [_row_label(table, row) for row in table.rows]
    values = _values(game) if probabilities and all("card" in row for row in table.rows) else None
    if values is not None:
        name, by_card = values
        figure, axes = plt.subplots(figsize=SIZE)
        for column in probabilities:
            points = [(float(row[column.key]) * 100, by_card.get(row["card"])) for row in table.rows
                      if isinstance(by_card.get(row["card"]), int | float)
                      and row.get(column.key) is not None]
            axes.scatter([p for p, _ in points], [v for _, v in points], label=column.label, alpha=0.7)
        axes.set_xlabel("chance to pay the cost (%)")
        axes.set_ylabel(name)
        axes.set_xlim(-3, 103)
        axes.legend(title="pool")
        axes.set_title(f"{game.spec.name('en')}: {name} against the chance of paying")
    elif probabilities:
        height = max(SIZE[1], 0.22 * len(labels) + 1.5)
        figure, axes = plt.subplots(figsize=(SIZE[0], height))
        for column in probabilities:
            axes.plot([float(row[column.key]) * 100 if row.get(column.key) is not None else None
                       for row in table.rows], range(len(labels)), "o", label=column.label, alpha=0.8)
        axes.set_yticks(range(len(labels)), labels)
        axes.invert_yaxis()
        axes.set_xlabel("chance (%)")
        axes.set_xlim(-3, 103)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=min(3, len(probabilities)),
                    frameon=False)
        axes.set_title(table.title, wrap=True)
    elif numbers:
        column = numbers[0]
        height = max(SIZE[1], 0.22 * len(labels) + 1.5)
        figure, axes = plt.subplots(figsize=(SIZE[0], height))
        axes.barh(range(len(labels)), [float(row.get(column.key) or 0) for row in table.rows],
                  color="#55a868")
        axes.set_yticks(range(len(labels)), labels)
        axes.invert_yaxis()
        axes.set_xlabel(column.label)
        axes.set_title(table.title, wrap=True)
    else:
        return None
    axes.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def _fit_chart(plt, game: Game, result: Result):
    """Each judged card's cost against what the other cards predict; out of line labelled."""
    entry, judged = result.entry, [v for v in result.verdicts if v.judged]
    if entry is None or result.fit is None or not judged:
        return None
    figure, axes = plt.subplots(figsize=SIZE)
    normal = [v for v in judged if not v.out_of_line]
    axes.scatter([v.predicted for v in normal], [v.cost for v in normal], color="#4c72b0", label="cards")
    odd = result.out_of_line
    if odd:
        axes.scatter([v.predicted for v in odd], [v.cost for v in odd], color="#c44e52", label="out of line")
    for v in odd:
        axes.annotate(v.card.id, (v.predicted, v.cost), textcoords="offset points", xytext=(6, 4),
                      color="#c44e52")
    low = min(min(v.cost for v in judged), min(v.predicted for v in judged)) - 0.5
    high = max(max(v.cost for v in judged), max(v.predicted for v in judged)) + 0.5
    axes.plot([low, high], [low, high], color="grey", linestyle="--", linewidth=1, label="cost = predicted")
    axes.set_xlim(low, high)
    axes.set_ylim(low, high)
    axes.set_xlabel("cost predicted from the other cards")
    cost = ".".join(entry.cost)
    axes.set_ylabel("cost" if cost == "cost" else f"cost ({cost})")
    r2 = "–" if result.fit.r2 is None else f"{result.fit.r2:.2f}"
    axes.set_title(f"{game.spec.name('en')}: cost against power, deck {entry.deck!r} (R² {r2})")
    axes.legend(loc="upper left")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def write_plots(game: Game, table: Table | None, results: list[Result], folder: Path,
                say: Callable[[str], object]) -> list[Path]:
    """Write ``<game>-<chart>.png`` and ``.svg`` under ``folder`` (created): a cost curve per
    deck and cost field, the value chart of the pack's ``table`` and a fit chart per
    ``balance:`` entry. Calls ``say`` with a line for each chart kind the game has nothing
    for. Returns the paths written, in order. Raises OSError when a file cannot be written."""
    plt = _pyplot()
    written: list[Path] = []
    curves = cost_curves(game, results)
    for curve in curves:
        same_deck = sum(c.deck == curve.deck for c in curves) > 1
        slug = "-".join(part for part in curve.field.split(".") if part != "*")
        name = f"cost-curve-{curve.deck}" + (f"-{slug}" if same_deck else "")
        written += _save(plt, _cost_curve_chart(plt, game, curve), folder / f"{game.id}-{name}")
    if not curves:
        say("no cost curve: game.yaml's card_costs: and balance: name no numbered or dice costs")
    figure = _value_chart(plt, game, table) if table is not None else None
    if figure is not None:
        written += _save(plt, figure, folder / f"{game.id}-values")
    else:
        say("no value chart: the game's statistics have no probability or number column")
    fits = 0
    for result in results:
        figure = _fit_chart(plt, game, result)
        if figure is not None and result.entry is not None:
            fits += 1
            same_deck = sum(r.entry is not None and r.entry.deck == result.entry.deck for r in results) > 1
            suffix = f"-{result.index + 1}" if same_deck else ""
            written += _save(plt, figure, folder / f"{game.id}-fit-{result.entry.deck}{suffix}")
    if not fits:
        say("no cost-vs-power chart: game.yaml declares no balance: entry that could be fitted")
    return written

