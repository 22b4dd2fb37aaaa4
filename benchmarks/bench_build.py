"""Benchmark: cardforge's build (faces once + pikepdf imposition) against a plain render.

Builds a synthetic Comic Creator deck of ``--cards`` cards (``--distinct`` designs, the rest
copies) and times, in the same run:

- cardforge: every distinct face laid out once in one WeasyPrint document, then imposed
  on A4 sheets (fronts and backs) with pikepdf;
- baseline: the same faces and the same sheets written as ONE plain WeasyPrint document:
  each A4 sheet a page holding its 9 cards absolutely positioned, each front sheet followed
  by its back sheet, every copy laid out again.

Usage: ``python benchmarks/bench_build.py [--cards 1000] [--distinct 1000]``. Prints both
times and their ratio; results are recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import io
import shutil
import tempfile
import time
from pathlib import Path
from unittest import mock

import weasyprint

from cardforge.games.comic_creator import GAME
from cardforge.render import cards as cards_module
from cardforge.render.faces import page_css
from cardforge.render.geometry import layout_grid
from cardforge.render.sheets import card_geometry, card_sheets, card_slots
from cardforge.workspace import load_game

REPO = Path(__file__).resolve().parents[1]
COSTS = ["X=X", "X=X=X", "RUN3", "RUN4", "12+", "16+", "X=X Y=Y", "EVEN3", "ODD3", "X=X=X Y=Y"]
ABILITIES = ["{kind: gain-white, count: 1}", "{kind: adjust, amount: 2}", "{kind: reroll, count: 2}",
             "{kind: flip}", "{kind: copy, targets: 1}", "{kind: redistribute, pips: 3}"]


def synthetic_workspace(root: Path, cards: int, distinct: int) -> Path:
    """A workspace with the shipped game.yaml and a generated skill deck; returns the game folder."""
    game = root / "cards" / "comic-creator"
    game.mkdir(parents=True)
    shutil.copy(REPO / "cards" / "comic-creator" / "game.yaml", game / "game.yaml")
    lines = ["deck: skill", "cards:"]
    copies = [cards // distinct + (1 if i < cards % distinct else 0) for i in range(distinct)]
    for i, quantity in enumerate(copies):
        lines += [f"  - id: synthetic-{i:05d}",
                  f"    name: {{en: Synthetic Card {i}, ja: 合成カード{i}}}",
                  f"    quantity: {quantity}",
                  f'    cost: "{COSTS[i % len(COSTS)]}"',
                  f"    abilities: [{ABILITIES[i % len(ABILITIES)]}]",
                  f"    text: {{en: 'Card {i}: turn a :die-1: into a :die-6:.'}}"]
    (game / "skill.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return game


def cardforge_build(game, workspace: Path):
    """Time faces + imposition + save; return (seconds, sheet pages, faces, fragments, CSS)."""
    captured: dict[str, object] = {}
    real = cards_module.render_faces_pdf

    def capture(fragments, css, *args, **kwargs):
        captured.update(fragments=list(fragments), css=css)
        return real(fragments, css, *args, **kwargs)

    started = time.perf_counter()
    with mock.patch.object(cards_module, "render_faces_pdf", capture):
        faces = cards_module.render_card_faces(game, "en", workspace)
    sheets = card_sheets(game, faces, "a4", "long")
    buffer = io.BytesIO()
    sheets.save(buffer)
    elapsed = time.perf_counter() - started
    return elapsed, buffer.getvalue(), faces, captured["fragments"], captured["css"]


def baseline_html(game, faces_fragments: list[str], css: str, front_of: dict, back_of: dict) -> str:
    """One document: A4 sheets of absolutely positioned cards, backs mirrored for long-edge duplex."""
    geometry = card_geometry(game)
    layout = layout_grid(geometry, "a4")
    b = geometry.bleed_mm
    slots = [(front_of[c.id], back_of[c.deck]) for d in game.decks.values() for c in d.cards
             for _ in range(c.quantity)]
    per = layout.per_sheet
    pages = []
    for start in range(0, len(slots), per):
        chunk = slots[start:start + per]
        for side in (0, 1):
            cells = []
            for index, slot in enumerate(chunk):
                place = layout.back_index(index, "long") if side else index
                x, y = layout.origins[place]
                top = layout.paper_height_mm - y - geometry.height_mm
                cells.append(f'<section class="face" style="position:absolute;left:{x}mm;top:{top}mm;'
                             f'break-after:auto"><div class="face-bleed">'
                             f"{faces_fragments[slot[side]]}</div></section>")
            pages.append('<div class="sheet">' + "".join(cells) + "</div>")
    face_css = page_css(geometry.width_mm, geometry.height_mm, b).replace(
        f"@page {{ size: {geometry.width_mm}mm {geometry.height_mm}mm; bleed: {b}mm; margin: 0; }}", "")
    sheet_css = ("@page { size: A4; margin: 0 } .sheet { position: relative; width: 210mm; "
                 "height: 297mm; break-after: page; overflow: hidden }")
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><style>{face_css}{sheet_css}</style>'
            f"<style>{css}</style></head><body>{''.join(pages)}</body></html>")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--distinct", type=int, default=1000)
    parser.add_argument("--keep", type=Path, help="Also write both PDFs into this folder, to compare.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        folder = synthetic_workspace(workspace, args.cards, min(args.distinct, args.cards))
        game = load_game(folder, GAME).game
        assert game is not None
        ours, pdf, faces, fragments, css = cardforge_build(game, workspace)
        html = baseline_html(game, fragments, css, faces.front_page, faces.back_page)
        started = time.perf_counter()
        document = weasyprint.HTML(string=html, base_url=str(folder)).render()
        plain = document.write_pdf()
        baseline = time.perf_counter() - started
        slots = len(card_slots(game, faces))
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        (args.keep / "cardforge.pdf").write_bytes(pdf)
        (args.keep / "baseline.pdf").write_bytes(plain)
    print(f"cards: {slots} ({args.distinct} distinct designs, one shared back), A4, fronts and backs")
    print(f"cardforge (faces once + pikepdf): {ours:8.2f} s  "
          f"({len(fragments)} faces laid out)")
    print(f"plain single-document WeasyPrint: {baseline:8.2f} s  ({len(document.pages)} pages)")
    print(f"speed-up: {baseline / ours:.1f}x")


if __name__ == "__main__":
    main()
