"""Make docs/images/gallery/: a PNG of every kind of page every sample game prints.

Builds every game's default products (English, A4) with the ``cardforge`` command into a
temporary folder, and the two other impositions once (Comic Creator's cards fold-over, Dice
Girls' booklet as saddle-stitch sheets), then renders chosen pages of each PDF with
pypdfium2: the first page of every file, plus the first back sheet and the last front sheet
of card sheets, and an inner page of rule booklets.
Writes ``docs/images/gallery/<file>-p<page>.png`` and ``docs/images/gallery/README.md``,
an index of them by game (linked from the README).

Usage: ``.venv/bin/python scripts/gallery.py [--dpi 60] [--out docs/images/gallery]``.
Look at the pictures after running it: they are what a designer would print.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2

ROOT = Path(__file__).resolve().parent.parent
CARDFORGE = Path(sys.executable).with_name("cardforge")
EXTRA_BUILDS = ((), ("comic-creator", "--product", "cards", "--layout", "fold-over"),
                ("dice-girls", "--product", "rules", "--imposition", "saddle"))
"""The builds made: every game's default products, then the other impositions once."""


def pages_to_show(pdf: Path, count: int) -> list[int]:
    """Which pages (0-based) of ``pdf`` (``count`` pages) show each kind of page it has."""
    name = pdf.stem
    wanted = [0]
    if "-cards-" in name and count > 1:
        wanted.append(1)  # the back sheet behind the first front sheet
        if count > 3 and "fold-over" not in name:
            wanted.append(count - 2)  # the last front sheet, often part-filled
    if "-rules-" in name and "rulesheet" not in name and count > 2:
        wanted.append(2 if "saddle" not in name else 1)  # an inner page
    return wanted


def render(pdf: Path, out: Path, dpi: int) -> list[Path]:
    """PNGs of ``pages_to_show`` of ``pdf`` at ``dpi``, written under ``out``."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        written = []
        for index in pages_to_show(pdf, len(document)):
            image = document[index].render(scale=dpi / 72).to_pil()
            target = out / f"{pdf.stem}-p{index + 1}.png"
            image.save(target, optimize=True)
            written.append(target)
        return written
    finally:
        document.close()


def index_text(shots: dict[str, list[Path]], out: Path) -> str:
    """The gallery's README: each game's pictures under its name."""
    lines = ["# Gallery: every kind of page the sample games print", "",
             "Made by `scripts/gallery.py` (English, A4) from `cardforge build`; each picture is",
             "one page as printed. Regenerate after changing templates or products.", ""]
    for game, files in shots.items():
        lines += [f"## {game}", ""]
        for file in files:
            lines += [f"![{file.stem}]({file.relative_to(out).as_posix()})", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dpi", type=int, default=60)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "gallery")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "out"
        for extra in EXTRA_BUILDS:
            command = [str(CARDFORGE), "build", "--lang", "en", "--paper", "a4", "--out", str(built),
                       "--force", "--quiet", *extra]
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
            if done.returncode:
                raise SystemExit(f"cardforge build {' '.join(extra)} failed:\n{done.stdout}{done.stderr}")
        if args.out.exists():
            shutil.rmtree(args.out)
        args.out.mkdir(parents=True)
        shots: dict[str, list[Path]] = {}
        for game in sorted(p for p in built.iterdir() if p.is_dir()):
            for pdf in sorted(game.rglob("*.pdf")):
                shots.setdefault(game.name, []).extend(render(pdf, args.out, args.dpi))
    (args.out / "README.md").write_text(index_text(shots, args.out), encoding="utf-8")
    for files in shots.values():
        for file in files:
            print(file.relative_to(ROOT))
    print(args.out.relative_to(ROOT) / "README.md")


if __name__ == "__main__":
    main()
