"""Underlay pages drawn under the face pages of one laid-out document.

:func:`~cardforge.render.layout.face_layout.render_faces_measured` lays each distinct underlay of a
document out once, as a page after the faces (:mod:`cardforge.render.layout.underlays`);
:func:`draw_underlays` turns each such page into a form XObject, draws it first on every
face page that uses it and drops the underlay pages, so the document has one page per
face again, each the whole face.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pikepdf
from pikepdf import Name

from cardforge.render.pdf.pdf_split import prune_resources

PREFIX = "/CardforgeUnderlay"
"""Resource names of the underlay forms (a number follows), apart from WeasyPrint's own."""


def draw_underlays(pdf: bytes, under: Sequence[int | None]) -> bytes:
    """``pdf`` (face pages first, then underlay pages) with face ``i`` drawn over the page
    ``under[i]`` (None: no underlay) and only the ``len(under)`` face pages kept. Every
    page keeps its boxes; an underlay's form has the resources its own content uses.
    Raises pikepdf.PdfError for a damaged ``pdf``, IndexError for a page it lacks."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        forms: dict[int, pikepdf.Object] = {}
        done: set[tuple[int, int]] = set()
        for index, number in enumerate(under):
            if number is None:
                continue
            if number not in forms:
                forms[number] = _form(doc, doc.pages[number], done)
            page = doc.pages[index]
            name = page.add_resource(forms[number], Name.XObject, Name(f"{PREFIX}{number}"))
            page.contents_add(doc.make_stream(b"q " + name.unparse() + b" Do Q\n"), prepend=True)
        del doc.pages[len(under):]
        out = io.BytesIO()
        doc.save(out)
        return out.getvalue()


def _form(doc: pikepdf.Pdf, page: pikepdf.Page, done: set[tuple[int, int]]) -> pikepdf.Object:
    """``page`` as a form XObject of ``doc`` with resources of its own (pruned to what it
    draws) and /BBox its MediaBox, so it paints the bleed too."""
    prune_resources(page, done)  # its own resources, not the document's shared ones
    form = page.as_form_xobject(handle_transformations=False)
    form.BBox = pikepdf.Array([float(v) for v in page.mediabox])
    return form if form.is_indirect else doc.make_indirect(form)
