"""Same inputs, same bytes: a sample game built cold with -j 1, cold with -j 2, twice cold and
again from a cache with half its files deleted gives byte-identical files
(docs/printing.md, "Reproducible files").

The game is dice-tuners in English on A4: cards (faces, backs, imposition with crop marks),
die nets and stickers, the rules booklet and rulesheet, so every writer of a PDF is in it;
one language and one paper keep it to about four builds of some 10 s of CPU each.
"""

from __future__ import annotations

import io
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest

REPO = Path(__file__).resolve().parents[1]
GAME = "dice-tuners"
ARGS = ["build", GAME, "--lang", "en", "--paper", "a4", "--quiet"]


def _build(root: Path, *extra: str) -> dict[str, bytes]:
    """Build in ``root`` (a copy of the game, its own cache); every file written, by path."""
    if not (root / "cards").exists():
        (root / "cards").mkdir(parents=True)
        shutil.copytree(REPO / "cards" / GAME, root / "cards" / GAME)
    env = {**os.environ, "CARDFORGE_RESIDENT": "0", "XDG_CACHE_HOME": str(root / "xdg")}
    env.pop("SOURCE_DATE_EPOCH", None)
    done = subprocess.run([sys.executable, "-m", "cardforge", *ARGS, *extra, "-w", str(root)], env=env,
                          cwd=root, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    out = root / "out"
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def cold(tmp_path_factory) -> dict[str, bytes]:
    return _build(tmp_path_factory.mktemp("cold-j1"), "-j", "1")


def test_a_cold_build_writes_pdfs_with_ids_of_their_content(cold):
    """Sheets, dice and boards carry an /ID, both elements derived from the content (the
    booklets WeasyPrint writes carry none)."""
    pdfs = [name for name in cold if name.endswith(".pdf")]
    with_id = 0
    for name in pdfs:
        with pikepdf.open(io.BytesIO(cold[name])) as pdf:
            if "/ID" in pdf.trailer:
                first, second = (bytes(item) for item in pdf.trailer.ID)
                assert first == second, name  # a random first element is dropped before saving
                with_id += 1
    assert with_id >= 3  # cards, die nets, die stickers


def test_two_cold_builds_and_jobs_give_the_same_bytes(cold, tmp_path):
    again = _build(tmp_path / "again", "-j", "1")
    assert again.keys() == cold.keys()
    assert [n for n in cold if cold[n] != again[n]] == []
    parallel = _build(tmp_path / "j2", "-j", "2")
    assert [n for n in cold if cold[n] != parallel.get(n)] == []


def test_a_half_emptied_cache_gives_the_same_bytes(cold, tmp_path):
    """Half of every file in the cache deleted (a fixed random choice: face pages, their
    measurements, the face book, the kept font programs and subsets, content entries), a
    rebuild with --force writes every file the cold build wrote, byte for byte: faces laid
    out again in chunks of their own carry resources named after their content, and every
    output embeds one subset of each original font for all its faces (docs/printing.md,
    "Reproducible files")."""
    root = tmp_path / "half"
    _build(root, "-j", "1")
    entries = sorted(p for p in (root / ".cardforge-cache").rglob("*") if p.is_file())
    gone = random.Random(33).sample(entries, len(entries) // 2)
    assert any(p.suffix == ".font" for p in gone) and any(p.parent.name == "books" for p in entries)
    for entry in gone:
        entry.unlink()
    rebuilt = _build(root, "-j", "1", "--force")
    assert sorted(rebuilt) == sorted(cold)
    assert [n for n in cold if cold[n] != rebuilt[n]] == []


STAMPS = ("/CardforgeFontOrigin", "/CardforgeGlyphs", "/CardforgeFonts", "/CardforgeFontKey",
          "/CardforgeFormKey")


def test_a_sheet_holds_one_copy_of_each_font(cold):
    """The card sheets gather faces laid out in chunks of 1, 2, 4 … 25, each chunk with its
    own subset of each font; the file holds one font, one descriptor and one program per
    original font (BaseFont), and none of cardforge's stamps."""
    name = next(n for n in cold if n.endswith("-cards-en-a4.pdf"))
    with pikepdf.open(io.BytesIO(cold[name])) as pdf:
        objects = list(pdf.objects)
        type0 = [str(o.BaseFont) for o in objects if isinstance(o, pikepdf.Dictionary)
                 and o.get("/Subtype") == "/Type0"]
        descriptors = [o for o in objects if isinstance(o, pikepdf.Dictionary)
                       and o.get("/Type") == "/FontDescriptor"]
        programs = {o.FontFile2.objgen if "/FontFile2" in o else o.FontFile3.objgen for o in descriptors}
        stamped = [key for o in [*objects, pdf.trailer] if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))
                   for key in STAMPS if key in o]
    assert len(type0) >= 3  # DejaVu Sans and its bold, Noto Sans CJK …
    assert len(type0) == len(set(type0)) == len(descriptors) == len(programs)
    assert stamped == []
