"""Forms and patterns shared between faces (cardforge/render/pdf/shared_resources.py): the workers
stamp each with its content key once a chunk, a face book keeps one copy of each, copying a
face in leaves out those the book holds, outputs carry no stamp, and the pages look the same."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from PIL import ImageChops

from cardforge.render.cache import face_book
from cardforge.render.layout.face_layout import render_faces_pdf
from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.pdf.shared_resources import FORM_KEY, ResourceSharer, form_key
from cardforge.render.workers.chunks import sealed_pages
from tests.render.pdf_readback import rasters


def die(fill: str, mark: str | None = None) -> str:
    """A die as templates/_base/macros.html.j2 draws one: a rounded square, a mark if any."""
    text = (f'<text x="12" y="17.6" text-anchor="middle" font-family="DejaVu Sans" '
            f'font-weight="bold" font-size="15" fill="#2b2b2b">{mark}</text>') if mark else ""
    return (f'<svg class="die" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg">'
            f'<rect x="1.5" y="1.5" width="21" height="21" rx="4.5" fill="{fill}" '
            f'stroke="#2b2b2b" stroke-width="2"/>{text}</svg>')


CSS = ".die { width: 8mm; height: 8mm; } .stripes { height: 20mm; " \
      "background: repeating-linear-gradient(45deg, #c00, #c00 2mm, #fff 2mm, #fff 4mm); }"
FACES = [f"<p>{die('#ffffff', 'X')}{die('#d9362b')}</p><div class='stripes'></div><p>card {n}</p>"
         for n in range(4)]


@pytest.fixture
def face_files(tmp_path: Path) -> list[Path]:
    """The four faces laid out as one chunk, each sealed into a PDF of its own (as cached)."""
    pdf = render_faces_pdf(FACES, CSS, 63, 88, 3, base_url=tmp_path, url_fetcher=make_url_fetcher([tmp_path]))
    keys = [f"{n:064x}" for n in range(len(FACES))]
    files = []
    for key, data in zip(keys, sealed_pages(pdf, keys), strict=True):
        (tmp_path / f"{key}.pdf").write_bytes(data)
        files.append(tmp_path / f"{key}.pdf")
    return files


def _forms(pdf: pikepdf.Pdf) -> list[pikepdf.Stream]:
    return [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]


def test_each_face_carries_its_forms_stamped_with_their_true_keys_the_same_across_its_chunk(face_files):
    stamps = []
    for file in face_files:
        with pikepdf.open(file) as face:
            forms = _forms(face)
            assert len(forms) >= 1  # the forms WeasyPrint draws the stripes with
            for form in forms:
                stamp = str(form[FORM_KEY])
                del form[FORM_KEY]
                assert stamp == form_key(form)
            stamps.append(sorted(str(form_key(f)) for f in forms))
    assert all(s == stamps[0] for s in stamps) and len(set(stamps[0])) == len(stamps[0])


def _shared_per_face(file: Path) -> int:
    with pikepdf.open(file) as face:
        return len(_forms(face))


def _book(files: list[Path]) -> tuple[pikepdf.Pdf, list[pikepdf.Object], ResourceSharer]:
    book, sharer = pikepdf.new(), ResourceSharer()
    entries = [face_book.copy_face_in(book, file, sharer) for file in files]
    return book, entries, sharer


def test_a_book_keeps_one_copy_of_each_form_and_copying_a_face_in_leaves_them_out(face_files):
    book, entries, sharer = _book(face_files[:1])
    after_one = len(book.objects)
    entries.append(face_book.copy_face_in(book, face_files[1], sharer))
    assert len(_forms(book)) == 2 + _shared_per_face(face_files[0])  # each face's own, the rest once
    added = len(book.objects) - after_one
    assert added <= 3  # the face's page dictionary, its form and its resources: no shared form again
    # each face names its forms as its own document did; the objects they name are the same
    shared = [sorted(v.objgen for v in e.Contents.Resources.XObject.values()) for e in entries]
    assert shared[0] == shared[1]
    assert sharer.redirected >= 2


def test_shared_pages_look_as_unshared_ones_and_carry_no_stamp(face_files):
    book, entries, _ = _book(face_files)
    for entry in entries:  # as the sheets draw a book's faces: its forms, in place
        page = book.add_blank_page()
        page.mediabox = entry.MediaBox
        page.add_overlay(entry.Contents, pikepdf.Rectangle(*[float(v) for v in entry.MediaBox]))
    shared = io.BytesIO()
    book.save(shared)
    with pikepdf.open(io.BytesIO(shared.getvalue())) as saved:
        assert not [o for o in saved.objects if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))
                    and FORM_KEY in o]
        assert len(_forms(saved)) == len(FACES) + _shared_per_face(face_files[0])
    unshared = pikepdf.new()
    for file in face_files:
        with pikepdf.open(file) as face:
            unshared.pages.append(face.pages[0])
    alone = io.BytesIO()
    unshared.save(alone)
    for a, b in zip(rasters(shared.getvalue()), rasters(alone.getvalue()), strict=True):
        assert ImageChops.difference(a, b).getbbox() is None
