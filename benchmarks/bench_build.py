"""Benchmark: cardforge's build (cached faces, parallel layout, pikepdf imposition) against
a plain single-document WeasyPrint render of the same sheets, in one run.

Builds a synthetic Comic Creator deck (every card a distinct design, one shared back; A4,
fronts and backs) and measures:

1. ``--cards`` (default 1,000) cards, cold cache: cardforge (faces laid out in ``--jobs``
   worker processes, imposed with pikepdf, saved) against the baseline, ONE plain
   WeasyPrint document in which each A4 sheet is a page of 9 absolutely positioned cards,
   every front sheet followed by its back sheet, every copy and every back laid out again;
2. the same deck after editing one card (warm cache), three times (a different card each
   time, each rebuilt): faces laid out and the median time;
3. scaling: cold builds of each ``--sizes`` deck, each in a fresh process, with its peak
   memory (max RSS of the process and of its largest worker, from getrusage).

Times count from loaded game data to the saved sheet PDF (loading YAML is reported apart).
Usage: ``python benchmarks/bench_build.py [--cards 1000] [--sizes 100,1000,5000] [--jobs N]``.
Results are recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import weasyprint

from cardforge.games.comic_creator import GAME
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.card_render import face_sources, render_card_faces
from cardforge.render.card_sheets import card_sheets, card_slots
from cardforge.render.impose.slot_grid import layout_grid
from cardforge.render.layout.face_layout import page_css
from cardforge.workspace.game_loading import load_game

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


def load(folder: Path):
    """The game in ``folder`` and the seconds loading it took."""
    started = time.perf_counter()
    game = load_game(folder, GAME).game
    assert game is not None
    return game, time.perf_counter() - started


def cardforge_build(game, workspace: Path, cache: FaceCache, jobs: int):
    """Faces (cached, parallel) + imposition + save; return (seconds, faces laid out, faces)."""
    started = time.perf_counter()
    faces = render_card_faces(game, "en", workspace, cache=cache, jobs=jobs)
    sheets = card_sheets(game, faces, "a4", "long")
    sheets.save(io.BytesIO())
    return time.perf_counter() - started, faces.laid_out, faces


def baseline_html(game, faces_fragments: list[str], css: str, front_of: dict, back_of: dict) -> str:
    """One document: A4 sheets of absolutely positioned cards, backs mirrored for long-edge duplex."""
    geometry = game.card_geometry()
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
    face_css = page_css(geometry.width_mm, geometry.height_mm, b, geometry.safe_mm).replace(
        f"@page {{ size: {geometry.width_mm}mm {geometry.height_mm}mm; bleed: {b}mm; margin: 0; }}", "")
    sheet_css = ("@page { size: A4; margin: 0 } .sheet { position: relative; width: 210mm; "
                 "height: 297mm; break-after: page; overflow: hidden }")
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><style>{face_css}{sheet_css}</style>'
            f"<style>{css}</style></head><body>{''.join(pages)}</body></html>")


def edit_one_card(folder: Path, index: int) -> None:
    """Rename synthetic card ``index`` (a one-card edit)."""
    path = folder / "skill.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"en: Synthetic Card {index},", f"en: Edited Card {index},", 1),
                    encoding="utf-8")


def peak_rss_mib() -> float:
    """This process's peak resident memory in MiB: VmHWM from /proc (getrusage's ru_maxrss
    would report the parent's peak, kept across fork and exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_size(cards: int, jobs: int) -> dict:
    """Cold build of a ``cards``-card deck in this process; its time and peak memory (MiB)."""
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        game, _ = load(synthetic_workspace(workspace, cards, cards))
        seconds, laid, _ = cardforge_build(game, workspace, FaceCache(workspace / "cache"), jobs)
    own = peak_rss_mib()
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"cards": cards, "seconds": seconds, "laid_out": laid, "rss_mib": own,
            "worker_rss_mib": workers}


def headline(cards: int, jobs: int) -> None:
    """Cold build and one-card edit against the plain render, printed."""
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        folder = synthetic_workspace(workspace, cards, cards)
        game, loading = load(folder)
        cache = FaceCache(workspace / "cache")
        cold, laid, faces = cardforge_build(game, workspace, cache, jobs)
        edits = []  # three one-card edits in turn, each rebuilt: the machine is shared
        for index in (cards // 2, cards // 3, cards // 4):
            edit_one_card(folder, index)
            edited_game, reloading = load(folder)
            edits.append(cardforge_build(edited_game, workspace, cache, jobs)[:2])
        warm = statistics.median(seconds for seconds, _ in edits)
        sources = face_sources(game, "en", workspace)
        html = baseline_html(game, sources.fragments, sources.css, faces.front_page, faces.back_page)
        started = time.perf_counter()
        document = weasyprint.HTML(string=html, base_url=str(folder)).render()
        document.write_pdf()
        plain = time.perf_counter() - started
        slots = len(card_slots(game, faces))
    print(f"{slots} cards ({cards} distinct designs, one shared back), A4, fronts and backs, "
          f"--jobs {jobs}")
    print(f"plain single-document WeasyPrint: {plain:8.2f} s  ({len(document.pages)} pages)")
    print(f"cardforge, cold cache:            {cold:8.2f} s  ({laid} faces laid out)  "
          f"{plain / cold:5.1f}x faster")
    print(f"cardforge, one card edited:       {warm:8.2f} s  (median of "
          f"{', '.join(f'{t:.2f}' for t, _ in edits)} s; faces laid out: "
          f"{', '.join(str(n) for _, n in edits)})  {plain / warm:5.1f}x faster")
    print(f"(loading the YAML, not counted above: {loading:.2f} s, again after the edit "
          f"{reloading:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--sizes", default="100,1000,5000")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--one-size", type=int, help=argparse.SUPPRESS)  # child process
    args = parser.parse_args()
    if args.one_size:
        print(json.dumps(one_size(args.one_size, args.jobs)))
        return
    print("scaling (cold cache, each size in a fresh process):")
    for size in (int(s) for s in args.sizes.split(",") if s):
        out = subprocess.run([sys.executable, __file__, "--one-size", str(size), "--jobs",
                              str(args.jobs)], check=True, capture_output=True, text=True).stdout
        row = json.loads(out.strip().splitlines()[-1])
        per = row["seconds"] / row["cards"] * 1000
        print(f"  {row['cards']:6d} cards: {row['seconds']:8.2f} s  {per:5.1f} ms/card  "
              f"peak RSS {row['rss_mib']:6.0f} MiB main + {row['worker_rss_mib']:5.0f} MiB "
              f"largest worker (x{args.jobs} workers: at most "
              f"{row['rss_mib'] + args.jobs * row['worker_rss_mib']:.0f} MiB)")
    headline(args.cards, args.jobs)


if __name__ == "__main__":
    main()
