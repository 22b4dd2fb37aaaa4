"""Realistic card lists as a designer keeps them, for the ``cardforge new --cards`` tests:
a CSV kingdom list (a notes column, multi-line quoted rules text, ``|`` keyword lists) and
an XLSX treasure list with names and texts in two languages."""

from __future__ import annotations

import csv
from pathlib import Path

import xlsxwriter

TYPES = ("Action", "Attack", "Victory")


def kingdom_rows(count: int = 40) -> list[dict[str, object]]:
    """``count`` kingdom designs: name, type, cost, copies, VP, keywords, rules text."""
    rows = []
    for i in range(count):
        kind = TYPES[i % 3]
        rules = {"Action": f"+{i % 3 + 1} Cards\n+1 Action",
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


def treasure_rows(count: int = 20) -> list[dict[str, object]]:
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
