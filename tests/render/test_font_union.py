"""One font per original in an output, whatever chunks its faces came from
(cardforge/render/pdf/font_union.py, resource_names.py, font_use.py; render/cache/font_store.py).

Four faces (text in two fonts, inline SVG dice drawn as forms, a gradient drawn as a
pattern) are laid out as one chunk, and again as chunks of one and three faces, each into a
cache of its own; the faces PDF gathered from either cache is the same file, holds one
font per original, and draws the pages WeasyPrint draws for the four faces as one document.
"""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest

from cardforge.render.cache.face_pages import FacePages, assemble
from cardforge.render.cache.font_store import FontStore, fonts_needed
from cardforge.render.layout.face_layout import render_faces_measured
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.pdf import hb_subset
from cardforge.render.workers.chunks import sealed_pages
from tests.render.pdf_readback import rasters

DIE = ('<svg class="die" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><rect x="1.5" y="1.5" '
       'width="21" height="21" rx="4.5" fill="#d9362b"/><text x="12" y="17" text-anchor="middle" '
       'font-family="DejaVu Sans" font-weight="bold" font-size="15">{}</text></svg>')
CSS = (".die { width: 8mm; height: 8mm; } b { font-family: 'DejaVu Sans'; } "
       ".band { height: 10mm; background: linear-gradient(#c00, #fff); } p { font-family: 'DejaVu Serif'; }")
WORDS = [("X", "Alpha", "quick brown fox"), ("Y", "Beta", "jumps over"), ("Z", "Gamma", "the lazy dog"),
         ("W", "Delta", "zephyr quiz")]
FACES = [f"<p>{DIE.format(mark)}<b>{word}</b> card {n}</p><div class='band'></div><p>{text}</p>"
         for n, (mark, word, text) in enumerate(WORDS)]
KEYS = [f"{n:064x}" for n in range(len(FACES))]

pytestmark = pytest.mark.skipif(not hb_subset.available(), reason="HarfBuzz's subsetter is not installed")


SIZED_CSS = "h1 { font: bold 10pt 'DejaVu Sans'; font-stretch: semi-condensed; letter-spacing: 0.1em }"
SIZED = [f"<h1 style='font-size: {size}pt'>Volume {n} on Sale … 0123456789</h1>"
         for n, size in enumerate((8, 10, 11, 7))]
"""Faces drawing the same letters at sizes where WeasyPrint alone records some of their
widths 1/1000 em apart (test_glyph_advances.py), letter-spaced as Comic Creator's labels."""


def _cache(folder: Path, chunks: list[list[int]], faces: list[str] = FACES, css: str = CSS) -> list[Path]:
    """The ``faces`` laid out in ``chunks`` (lists of face indexes) and kept under ``folder`` as
    the face cache keeps them (``<folder>/<xx>/<key>.pdf``, originals in its font store)."""
    files: dict[int, Path] = {}
    store = FontStore(folder)
    for chunk in chunks:
        origins: dict = {}
        pdf, _ = render_faces_measured([faces[i] for i in chunk], css, 63, 88, 3, base_url=folder,
                                       url_fetcher=make_url_fetcher([folder]), origins=origins)
        for origin in origins.values():
            store.put_original(origin.digest, origin.program())
        stamps = {name: origin.origin for name, origin in origins.items()}
        for i, data in zip(chunk, sealed_pages(pdf, [KEYS[i] for i in chunk], stamps), strict=True):
            path = folder / KEYS[i][:2] / f"{KEYS[i]}.pdf"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            files[i] = path
    return [files[i] for i in range(len(faces))]


def _saved(pdf: pikepdf.Pdf) -> bytes:
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def gathered(tmp_path_factory) -> tuple[bytes, bytes, list[Path]]:
    """The faces PDF from one chunk of four and from chunks of one and three."""
    whole = _cache(tmp_path_factory.mktemp("whole"), [[0, 1, 2, 3]])
    split = _cache(tmp_path_factory.mktemp("split"), [[2], [0, 1, 3]])
    return _saved(assemble(FacePages(whole))), _saved(assemble(FacePages(split))), split


def _programs(file: Path) -> dict[str, bytes]:
    with pikepdf.open(file) as face:
        descriptors = [o for o in face.objects if isinstance(o, pikepdf.Dictionary)
                       and o.get("/Type") == "/FontDescriptor" and "/FontFile2" in o]
        return {str(o.FontName): o.FontFile2.read_bytes() for o in descriptors}


def test_faces_from_other_chunks_give_the_same_file(gathered):
    whole, split, files = gathered
    alone, other = _programs(files[2]), _programs(files[0])  # chunk [2] against chunk [0, 1, 3]
    assert any(alone[name] != other[name] for name in alone.keys() & other.keys())  # subsets differ
    assert whole == split


def test_letters_first_drawn_at_other_sizes_in_other_chunks_share_one_font(tmp_path):
    """Each chunk draws the letters first at another size; the widths recorded are the
    font's own all the same (weasyprint_changes/glyph_advances.py), so the faces of three
    chunks get one font, as those of one chunk do, and the same file."""
    whole = _cache(tmp_path / "whole", [[0, 1, 2, 3]], SIZED, SIZED_CSS)
    split = _cache(tmp_path / "split", [[1], [3, 0], [2]], SIZED, SIZED_CSS)
    with pikepdf.open(io.BytesIO(_saved(assemble(FacePages(split))))) as pdf:
        type0 = [str(o.BaseFont) for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                 and o.get("/Subtype") == "/Type0"]
    assert len(type0) == 1 and "DejaVu-Sans-Bold-Semi-Condensed" in type0[0]
    assert _saved(assemble(FacePages(whole))) == _saved(assemble(FacePages(split)))


def test_the_file_holds_one_font_per_original_and_no_stamps(gathered):
    whole, _, _ = gathered
    with pikepdf.open(io.BytesIO(whole)) as pdf:
        type0 = [str(o.BaseFont) for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                 and o.get("/Subtype") == "/Type0"]
        descriptors = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                       and o.get("/Type") == "/FontDescriptor"]
        stamped = [key for o in pdf.objects if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))
                   for key in ("/CardforgeFontOrigin", "/CardforgeGlyphs", "/CardforgeFontKey") if key in o]
    assert len(type0) == len(set(type0)) == len(descriptors) >= 2  # DejaVu Sans Bold, DejaVu Serif
    assert any("DejaVu-Serif" in name for name in type0)
    assert stamped == []


def test_the_pages_are_weasyprints_own(gathered, tmp_path):
    whole, _, _ = gathered
    own, _ = render_faces_measured(FACES, CSS, 63, 88, 3, base_url=tmp_path,
                                   url_fetcher=make_url_fetcher([tmp_path]))
    assert [r.tobytes() for r in rasters(whole)] == [r.tobytes() for r in rasters(own)]


def test_the_text_reads_back(gathered):
    import pypdfium2

    whole, _, _ = gathered
    document = pypdfium2.PdfDocument(whole)
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert all(word in text for word in ("Alpha", "Delta", "quick brown fox", "zephyr quiz", "card 3"))


def test_each_face_names_the_originals_it_needs_and_a_missing_one_is_a_miss(gathered):
    _, _, files = gathered
    tail = files[0].read_bytes()[-2048:]
    needed = fonts_needed(tail)
    store = FontStore(files[0].parent.parent)
    assert len(needed) >= 2 and all(store.has_original(d) for d in needed)
    from cardforge.render.cache.face_cache import FaceCache

    cache = FaceCache(files[0].parent.parent)
    assert cache.get(KEYS[0]) == files[0]
    (store.folder / f"{needed[0]}.font").unlink()
    assert FaceCache(files[0].parent.parent).get(KEYS[0]) is None  # laid out again, which keeps it


def test_forms_and_patterns_are_named_after_their_content(gathered):
    _, _, files = gathered
    with pikepdf.open(files[1]) as face:
        resources = face.pages[0].Resources
        names = [str(k) for category in ("/XObject", "/Pattern") if category in resources
                 for k in resources[category].keys()]
    assert names and all(len(name) == 22 and name[1] in "xp" for name in names)
