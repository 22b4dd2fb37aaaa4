"""Same inputs, same bytes: the five sample games built three ways — cold with -j 1, cold
with -j 2, and again from the first build's cache with a random half of its files deleted —
write byte-identical files (docs/printing.md, "Reproducible files").

Every sample game in English on A4, with every product it makes by default: card sheets
(faces, backs, imposition with crop marks), die nets, stickers and face PNGs, boards, rule
booklets and rulesheets, so every writer of a PDF and every font the samples use is in it
(Comic Creator's English cards carry Japanese subtitles: Noto Sans CJK). One language and
one paper keep it to two cold builds of ~50 s of CPU and a rebuild of ~40 s (the other
languages and papers go through the same writers). It is one test so that pytest-xdist's
two workers never make the builds twice; each check says which file and which way failed.
"""

from __future__ import annotations

import io
import os
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pikepdf

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(p.name for p in (REPO / "cards").iterdir() if (p / "game.yaml").is_file())
ARGS = ["build", "--lang", "en", "--paper", "a4", "--quiet"]
STAMPS = ("/CardforgeFontOrigin", "/CardforgeGlyphs", "/CardforgeFonts", "/CardforgeFontKey",
          "/CardforgeFormKey")


def _build(root: Path, *extra: str) -> dict[str, bytes]:
    """Build every sample game in ``root`` (a copy of cards/, its own cache; out/ emptied
    first); every file written, by path under out/."""
    if not (root / "cards").exists():
        shutil.copytree(REPO / "cards", root / "cards")
    shutil.rmtree(root / "out", ignore_errors=True)
    env = {**os.environ, "CARDFORGE_RESIDENT": "0", "XDG_CACHE_HOME": str(root / "xdg")}
    env.pop("SOURCE_DATE_EPOCH", None)
    done = subprocess.run([sys.executable, "-m", "cardforge", *ARGS, *extra, "-w", str(root)], env=env,
                          cwd=root, capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    out = root / "out"
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _half_deleted(cache: Path) -> list[Path]:
    """Delete a fixed random half of each kind of file in ``cache`` (face pages, their
    measurements, face books, font programs and subsets, content entries: by folder and
    suffix), at least one of each; the deleted. By kind, because entries are named after
    keys that cover the code: a sample of all files at once can miss a kind of few files
    (the original fonts) when the code changes."""
    kinds: dict[tuple[str, str], list[Path]] = {}
    for entry in sorted(p for p in cache.rglob("*") if p.is_file()):
        folder = entry.relative_to(cache).parts[0]  # faces are sharded by two hex digits of their key
        kind = "faces" if re.fullmatch(r"[0-9a-f]{2}", folder) else folder
        kinds.setdefault((kind, entry.suffix), []).append(entry)
    chooser = random.Random(33)
    gone = [entry for _, entries in sorted(kinds.items())
            for entry in chooser.sample(entries, max(1, len(entries) // 2))]
    for entry in gone:
        entry.unlink()
    return gone


def _differing(first: dict[str, bytes], second: dict[str, bytes]) -> list[str]:
    return sorted(set(first) ^ set(second)) + [n for n in first if n in second and first[n] != second[n]]


def _fonts(data: bytes) -> tuple[list[str], int, list[str]]:
    """A PDF's Type 0 fonts (BaseFont), its number of embedded programs, and the
    cardforge stamps left in it."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        objects = [o for o in pdf.objects if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))]
        type0 = [str(o.BaseFont) for o in objects if o.get("/Subtype") == "/Type0"]
        programs = {o.get(key).objgen for o in objects if o.get("/Type") == "/FontDescriptor"
                    for key in ("/FontFile2", "/FontFile3") if key in o}
        stamped = [key for o in [*objects, pdf.trailer] for key in STAMPS if key in o]
    return type0, len(programs), stamped


def _with_ids(files: dict[str, bytes]) -> set[str]:
    """The PDFs that carry an /ID; each one's two elements are the same digest of the
    content (a random first element would differ from the second)."""
    with_id = set()
    for name, data in files.items():
        if name.endswith(".pdf"):
            with pikepdf.open(io.BytesIO(data)) as pdf:
                if "/ID" in pdf.trailer:
                    first, second = (bytes(item) for item in pdf.trailer.ID)
                    assert first == second, name
                    with_id.add(name)
    return with_id


def test_three_builds_of_every_sample_game_write_the_same_bytes(tmp_path):
    assert len(GAMES) == 5
    cold = _build(tmp_path / "j1", "-j", "1")
    pdfs = [name for name in cold if name.endswith(".pdf")]
    assert {name.split("/")[0] for name in pdfs} == set(GAMES)
    assert all(any(f"-{product}-en" in name for name in pdfs)
               for product in ("cards", "dice", "board", "rules", "rulesheet"))

    # every output holds one font per original font, however many chunks its faces came from
    for name in pdfs:
        type0, programs, stamped = _fonts(cold[name])
        repeated = {font: n for font, n in Counter(type0).items() if n > 1}
        assert repeated == {} and programs == len(type0) and stamped == [], (name, repeated, stamped)
    # sheets, dice and boards are saved with an /ID of their content; booklets WeasyPrint writes carry none
    sheets = {name for name in pdfs if any(f"-{p}-en" in name for p in ("cards", "dice", "board"))}
    assert _with_ids(cold) == sheets

    parallel = _build(tmp_path / "j2", "-j", "2")
    assert _differing(cold, parallel) == [], "cold -j 1 and cold -j 2 differ"

    gone = _half_deleted(tmp_path / "j1" / ".cardforge-cache")
    assert {p.suffix for p in gone} >= {".pdf", ".font"} and any(p.parent.name == "books" for p in gone)
    rebuilt = _build(tmp_path / "j1", "-j", "1", "--force")
    assert _differing(cold, rebuilt) == [], "cold and rebuilt from a half-emptied cache differ"
