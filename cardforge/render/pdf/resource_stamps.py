"""Content keys stamped on a chunk's fonts, forms and patterns by the worker that laid it out.

The faces of one chunk share its fonts and forms; each is hashed here, once a chunk, and
carries its key (:data:`~cardforge.render.pdf.shared_resources.FONT_KEY`,
:data:`~cardforge.render.pdf.shared_resources.FORM_KEY`) into every face PDF cut from the
chunk, so that a face book shares them without hashing
(:class:`~cardforge.render.pdf.shared_resources.ResourceSharer`).
"""

from __future__ import annotations

import pikepdf
from pikepdf import Name

from cardforge.render.pdf.shared_resources import (
    FONT_KEY,
    FORM_KEY,
    SHARED_CATEGORIES,
    ResourceSharer,
    form_key,
)


def stamp_font_keys(pdf: pikepdf.Pdf) -> None:
    """Stamp every font the pages of ``pdf`` use (in their resources and in those of the
    forms, patterns and soft masks they draw) with its :data:`FONT_KEY`, each font hashed
    once; equal fonts are shared first (see :class:`ResourceSharer`)."""
    sharer = ResourceSharer(forms=False)
    for page in pdf.pages:
        if Name.Resources in page.obj:
            sharer.visit(page.obj.Resources)
    for key, font in sharer.canonical.items():
        font[FONT_KEY] = pikepdf.String(key)


def stamp_form_keys(pdf: pikepdf.Pdf) -> None:
    """Stamp every form and pattern the pages of ``pdf`` draw, at any depth, with its
    :data:`FORM_KEY` (:func:`form_key`), each hashed once, those it draws first. Stamp the
    fonts first (:func:`stamp_font_keys`), and give each form the resources it keeps
    (:func:`~cardforge.render.pdf.pdf_split.prune_resources`) before."""
    keyed: set[tuple[int, int]] = set()

    def stamp(entry: pikepdf.Object) -> None:
        pending: list[tuple[pikepdf.Object, bool]] = [(entry, False)]
        while pending:
            current, children_done = pending.pop()
            if not current.is_indirect or current.objgen in keyed:
                continue
            if children_done:
                current[FORM_KEY] = pikepdf.String(form_key(current))
                keyed.add(current.objgen)
                continue
            pending.append((current, True))
            resources = current.get(Name.Resources)
            if isinstance(resources, pikepdf.Dictionary):
                pending += [(child, False) for child in _drawn(resources)]

    for page in pdf.pages:
        resources = page.obj.get(Name.Resources)
        if isinstance(resources, pikepdf.Dictionary):
            for entry in _drawn(resources):
                stamp(entry)


def _drawn(resources: pikepdf.Dictionary) -> list[pikepdf.Object]:
    """The forms and patterns a resources dictionary names (images are left as they are)."""
    found = []
    for category in SHARED_CATEGORIES:
        entries = resources.get(category)
        if isinstance(entries, pikepdf.Dictionary):
            found += [e for e in entries.values() if isinstance(e, (pikepdf.Dictionary, pikepdf.Stream))
                      and (category == Name.Pattern or e.get(Name.Subtype) == Name.Form)]
    return found
