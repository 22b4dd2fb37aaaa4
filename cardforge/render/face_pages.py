"""Faces read back from the cache: a lazy sequence of pages, and fonts shared between them.

Every cached face is a PDF of its own, so a font subset laid out for a chunk of faces is
stored once per face. :class:`FontSharer` gives the output one copy of each distinct font
(equal by content), however many faces use it; :func:`assemble` builds one PDF of many
faces that way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import overload

import pikepdf
from pikepdf import Name, ObjectType


class FacePages(Sequence[pikepdf.Page]):
    """``pages[i]`` is the single page of ``files[i]``, opened (into memory, so no file
    handle stays open) on first use; the PDFs stay open while this object lives, because
    pages copied from them into another PDF are read when that PDF is saved."""

    def __init__(self, files: Sequence[Path]) -> None:
        self.files = tuple(files)
        self._open: dict[int, pikepdf.Pdf] = {}

    def __len__(self) -> int:
        return len(self.files)

    @overload
    def __getitem__(self, index: int) -> pikepdf.Page: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[pikepdf.Page]: ...

    def __getitem__(self, index: int | slice) -> pikepdf.Page | Sequence[pikepdf.Page]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index not in self._open:
            import io

            self._open[index] = pikepdf.open(io.BytesIO(self.files[index].read_bytes()))
        return self._open[index].pages[0]


def _feed(obj: pikepdf.Object, digest: hashlib._Hash, depth: int = 0) -> None:
    """Feed ``obj`` and everything it refers to (to a limited depth) into ``digest``."""
    if not isinstance(obj, pikepdf.Object):  # numbers and booleans come back as Python values
        digest.update(f"{type(obj).__name__}:{obj!r}".encode())
        return
    kind = obj._type_code
    if depth > 12:
        digest.update(b"...")
    elif kind == ObjectType.stream:
        digest.update(b"S")
        _feed_dict(obj, digest, depth)
        digest.update(obj.read_raw_bytes())
    elif kind == ObjectType.dictionary:
        _feed_dict(obj, digest, depth)
    elif kind == ObjectType.array:
        digest.update(b"[")
        for item in obj:
            _feed(item, digest, depth + 1)
        digest.update(b"]")
    else:
        digest.update(obj.unparse())


def _feed_dict(obj: pikepdf.Object, digest: hashlib._Hash, depth: int) -> None:
    digest.update(b"<<")
    for key in sorted(obj.keys()):
        if key in ("/Length", "/Parent"):
            continue
        digest.update(key.encode())
        _feed(obj[key], digest, depth + 1)
    digest.update(b">>")


def content_key(obj: pikepdf.Object) -> str:
    """SHA-256 of a PDF object's content, following references (stream bytes as stored)."""
    digest = hashlib.sha256()
    _feed(obj, digest)
    return digest.hexdigest()


class FontSharer:
    """Copies face pages into ``out`` (as pages or form XObjects), each distinct font once."""

    def __init__(self, out: pikepdf.Pdf) -> None:
        self.out = out
        self._fonts: dict[str, pikepdf.Object] = {}

    def _copy(self, page: pikepdf.Page, make: Callable[[], pikepdf.Object]) -> pikepdf.Object:
        """``make()`` (which copies ``page`` into ``out``) with the page's fonts that equal an
        earlier copy's left out of the copy and pointed at that copy instead."""
        resources = page.obj.get(Name.Resources)
        fonts = resources.get(Name.Font) if resources is not None else None
        if fonts is None:
            return make()
        reused: dict[str, tuple[pikepdf.Object, pikepdf.Object]] = {}
        keys: dict[str, str] = {}
        for name in list(fonts.keys()):
            key = content_key(fonts[name])
            if key in self._fonts:
                reused[name] = (self._fonts[key], fonts[name])
                del fonts[name]
            else:
                keys[name] = key
        try:
            copied = make()
        finally:
            for name, (_, original) in reused.items():
                fonts[name] = original  # the source page may be copied again (another paper)
        copied_fonts = copied.Resources.Font
        for name, key in keys.items():
            self._fonts[key] = copied_fonts[name]
        for name, (shared, _) in reused.items():
            copied_fonts[name] = shared
        return copied

    def form(self, page: pikepdf.Page) -> pikepdf.Object:
        """``page`` as a form XObject owned by ``out``; its /BBox is the page's MediaBox
        (qpdf would use the TrimBox and cut the bleed off)."""

        def make() -> pikepdf.Object:
            form = page.as_form_xobject(handle_transformations=False)
            form.BBox = pikepdf.Array([float(v) for v in page.mediabox])
            return self.out.copy_foreign(form)

        return self._copy(page, make)

    def page(self, page: pikepdf.Page) -> None:
        """Append ``page`` (boxes kept) to ``out``."""

        def make() -> pikepdf.Object:
            self.out.pages.append(page)
            return self.out.pages[-1].obj

        self._copy(page, make)


def assemble(pages: Sequence[pikepdf.Page]) -> pikepdf.Pdf:
    """One PDF with ``pages`` in order (boxes kept), sharing equal fonts between them."""
    out = pikepdf.new()
    sharer = FontSharer(out)
    for page in pages:
        sharer.page(page)
    return out
