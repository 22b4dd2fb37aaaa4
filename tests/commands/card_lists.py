"""Realistic card lists as a designer keeps them, for the ``cardforge new --cards`` tests:
a CSV kingdom list (a notes column, multi-line quoted rules text, ``|`` keyword lists,
``$2`` and ``3 VP`` symbols), an XLSX treasure list with names and texts in two languages
and a JSON event list (names and texts nested per language, keyword arrays, ``$1`` and ``⚔``
symbols, a notes key)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import xlsxwriter

TYPES = ("Action", "Attack", "Victory")


def kingdom_rows(count: int = 30) -> list[dict[str, object]]:
    """``count`` kingdom designs: name, type, cost, copies, VP, keywords, rules text."""
    rows = []
    for i in range(count):
        kind = TYPES[i % 3]
        rules = {"Action": f"+{i % 3 + 1} Cards\n+1 Action\nGain ${i % 3 + 1}.",
                 "Attack": "Each other player discards\ndown to 3 cards.",
                 "Victory": f"Worth {i % 4 + 1} VP at the end of the game."}[kind]
        rows.append({"Name": f"{['Moat', 'Mine', 'Estate', 'Smithy', 'Harbor'][i % 5]} {i + 1}", "Type": kind,
                     "Cost": i % 7 + 2, "Qty": 10 if kind != "Victory" else 8,
                     "VP": i % 4 if kind == "Victory" else 0,
                     "Keywords": "duration|reaction" if i % 4 == 0 else "duration",
                     "Rules Text": rules, "# notes": "too strong?" if i % 9 == 0 else ""})
    return rows


def write_kingdom_csv(path: Path, rows: list[dict[str, object]]) -> Path:
    """``rows`` as a CSV file (every multi-line cell quoted, as spreadsheets write it)."""
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def treasure_rows(count: int = 15) -> list[dict[str, object]]:
    """``count`` treasure designs with English and French names and texts."""
    return [{"name.en": f"Silver Hoard {i + 1}", "name.fr": f"Trésor d'argent {i + 1}", "Value": i % 3 + 1,
             "Copies": 5, "text.en": f"Gives {i % 3 + 1} coins.", "text.fr": f"Donne {i % 3 + 1} pièces."}
            for i in range(count)]


def write_treasure_xlsx(path: Path, rows: list[dict[str, object]]) -> Path:
    """``rows`` as an XLSX workbook, header row first, numbers as number cells."""
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("Treasures")
    sheet.write_row(0, 0, list(rows[0]))
    for number, row in enumerate(rows, start=1):
        sheet.write_row(number, 0, list(row.values()))
    book.close()
    return path


EVENT_KINDS = ("Weather", "Festival", "Raid")


def event_rows(count: int = 15) -> list[dict[str, object]]:
    """``count`` event designs as JSON objects: names and effects per language, keyword arrays."""
    rows: list[dict[str, object]] = []
    for i in range(count):
        kind = EVENT_KINDS[i % 3]
        rows.append({"Title": {"en": f"Harvest Storm {i + 1}", "fr": f"Tempête des moissons {i + 1}"},
                     "Kind": kind, "Copies": i % 2 + 1, "Tags": ["season", "global"][:i % 2 + 1],
                     "Effect": {
                         "en": f"Each player gains ${i % 4 + 1}.\n⚔ Raiders take {i % 2 + 1} VP.",
                         "fr": f"Chaque joueur gagne ${i % 4 + 1}.\n⚔ Les pillards prennent {i % 2 + 1} VP."},
                     "#designer": "playtest twice" if i % 5 == 0 else None})
    return rows


def write_events_json(path: Path, rows: list[dict[str, object]]) -> Path:
    """``rows`` as a JSON list, indented as an exporter writes it."""
    path.write_text(json.dumps(rows, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


SYMBOLS = {"$#": "coin", "# VP": "vp", "⚔": "swords"}
"""The symbols these lists write, as ``new --cards`` should read them."""
