"""Faces read back from the cache: a lazy sequence of pages, a page as a form, and one PDF of
many faces (:func:`assemble`) that holds one copy of each font, form and pattern they share
(:mod:`cardforge.render.pdf.shared_resources`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pikepdf
from pikepdf import Name

from cardforge.build.cache_entries import open_face
from cardforge.render.cache.font_store import unify_output_fonts
from cardforge.render.pdf.shared_resources import share_equal_resources


class FacePages(Sequence[pikepdf.Page]):
    """``pages[i]`` is the single page of ``files[i]`` (cached face PDFs), read into memory
    and checked against its key (:func:`~cardforge.build.cache_entries.open_face`, which
    raises DamagedEntry, a RenderError, for one that is not), no file handle left open.
    Only the page fetched last is kept open: a page is valid until the next one is
    fetched, so copy it (``copy_foreign``, ``pages.append``) before fetching another; what
    was copied stays readable after its source is closed."""

    def __init__(self, files: Sequence[Path]) -> None:
        self.files = tuple(files)
        self._open: dict[int, pikepdf.Pdf] = {}

    def __len__(self) -> int:
        return len(self.files)

    def __getitem__(self, index: int) -> pikepdf.Page:  # type: ignore[override]
        if not isinstance(index, int):
            raise TypeError("FacePages is indexed by int only (a page is valid until the next)")
        if index < 0:
            index += len(self)
        if index not in self._open:
            self._open.clear()
            self._open[index] = open_face(self.files[index])
        return self._open[index].pages[0]


def face_form(out: pikepdf.Pdf, page: pikepdf.Page) -> pikepdf.Object:
    """``page`` as a form XObject owned by ``out``; its /BBox is the page's MediaBox (qpdf
    would use the TrimBox and cut the bleed off). A face book's page already has its form
    as its content (:mod:`cardforge.render.cache.face_book`): that form is used as it is when
    ``out`` is the book, else copied."""
    contents = page.obj.get(Name.Contents)
    if isinstance(contents, pikepdf.Stream) and contents.get(Name.Subtype) == Name.Form:
        return contents if contents.is_owned_by(out) else out.copy_foreign(contents)
    form = page.as_form_xobject(handle_transformations=False)
    form.BBox = pikepdf.Array([float(v) for v in page.mediabox])
    return out.copy_foreign(form)


def assemble(pages: Sequence[pikepdf.Page]) -> pikepdf.Pdf:
    """One PDF with ``pages`` in order (boxes kept), sharing equal forms and patterns
    between them, one font per original font for all of them
    (:func:`~cardforge.render.cache.font_store.unify_output_fonts`)."""
    out = pikepdf.new()
    for page in pages:
        out.pages.append(page)
    share_equal_resources(out)
    unify_output_fonts(out, pages)
    return out
