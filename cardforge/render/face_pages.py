"""Faces read back from the cache: a lazy sequence of pages, and fonts shared between them.

Every cached face is a PDF of its own, so a font subset laid out for a chunk of faces is
stored once per face. :func:`share_equal_fonts` leaves an output PDF one copy of each
distinct font (equal by content), however many faces use it; :func:`assemble` builds one
PDF of many faces that way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import pikepdf
from pikepdf import Name, ObjectType

from cardforge.render.cache_entries import open_face
from cardforge.render.pdf_split import holders_in


class FacePages(Sequence[pikepdf.Page]):
    """``pages[i]`` is the single page of ``files[i]`` (cached face PDFs), read into memory
    and checked against its key (:func:`~cardforge.render.cache_entries.open_face`, which
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


_NUMBERS = frozenset({"/W", "/W2", "/Widths"})
"""Font keys whose arrays hold only numbers (and arrays of numbers), hashed in one piece."""


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
        value = obj[key]
        if key in _NUMBERS and isinstance(value, pikepdf.Array) and not value.is_indirect:
            digest.update(value.unparse())  # glyph widths: only numbers, often thousands
        else:
            _feed(value, digest, depth + 1)
    digest.update(b">>")


FONT_KEY = Name("/CardforgeFontKey")
"""A font's :func:`content_key`, stamped on it by the worker that laid it out
(:func:`stamp_font_keys`): the faces of one chunk share their fonts, so the font is hashed
once a chunk instead of once a face when the faces are gathered into a face book. The
stamp is taken away once the font is keyed (:meth:`FontSharer.visit`), so outputs do not
carry it. A stamp is as trustworthy as the cached face that carries it: a forged one can
only make a face drawn with another face's font, as a forged face can draw anything."""


def content_key(obj: pikepdf.Object) -> str:
    """SHA-256 of a PDF object's content, following references (stream bytes as stored)."""
    digest = hashlib.sha256()
    _feed(obj, digest)
    return digest.hexdigest()


class FontSharer:
    """Points every use of a font, in the resources it visits and in those of every form,
    pattern or soft mask they draw, at one copy of each distinct font (equal by content).

    ``canonical`` maps a font's :func:`content_key` to the copy kept (seed it with fonts
    already shared, e.g. a face book's); ``redirected`` counts the references changed.
    Fonts must all belong to one PDF.
    """

    def __init__(self, canonical: dict[str, pikepdf.Object] | None = None) -> None:
        self.canonical: dict[str, pikepdf.Object] = dict(canonical or {})
        self.redirected = 0
        self._keys = {font.objgen: key for key, font in self.canonical.items() if font.is_indirect}
        self._seen: set[tuple[int, int]] = set()

    def fresh(self) -> FontSharer:
        """A sharer with no font kept yet that knows the keys this one has taken (of fonts
        of the same PDF), so they are not computed again."""
        sharer = FontSharer()
        sharer._keys = dict(self._keys)
        return sharer

    def key(self, font: pikepdf.Object) -> str:
        """The content key of ``font``: its :data:`FONT_KEY` stamp when it has one, else
        computed; once per indirect object."""
        memo = font.objgen if font.is_indirect else None
        key = self._keys.get(memo) if memo else None
        if key is None:
            stamped = font.get(FONT_KEY)
            key = str(stamped) if _is_key(stamped) else content_key(font)
            if memo:
                self._keys[memo] = key
        return key

    def visit(self, resources: pikepdf.Object) -> None:
        """Share the fonts of ``resources`` (a resources dictionary) and of what it draws;
        a font :meth:`leave_out_known` held back becomes the kept font of its key. Raises
        ValueError for a placeholder of a font not kept (a damaged or forged entry)."""
        for current in _reached(resources, self._seen):
            fonts = current.get(Name.Font)
            if not isinstance(fonts, pikepdf.Dictionary):
                continue
            for name in list(fonts.keys()):
                font = fonts[name]
                held = _held_key(font)
                if held is not None:
                    if held not in self.canonical:  # not one leave_out_known wrote: a forged entry
                        raise ValueError(f"font {name} is held back, but no font {held} is kept")
                    fonts[name] = self.canonical[held]
                    self.redirected += 1
                    continue
                shared = self.canonical.setdefault(self.key(font), font)
                if FONT_KEY in shared:
                    del shared[FONT_KEY]
                if shared.objgen != font.objgen or not font.is_indirect:
                    fonts[name] = shared
                    self.redirected += 1

    def leave_out_known(self, resources: pikepdf.Object) -> None:
        """Before ``resources`` (a resources dictionary of another PDF, about to be copied
        into the one whose fonts this sharer keeps) are copied: put a placeholder in place of
        each font, in them and in what they draw, stamped (:data:`FONT_KEY`) with the key
        of a font kept already, so that copying leaves it out; :meth:`visit` on the copy
        puts the kept font back. Copying a face into a face book copied every font of its
        chunk again, only for :meth:`visit` to drop the copies."""
        for current in _reached(resources, set()):
            fonts = current.get(Name.Font)
            if isinstance(fonts, pikepdf.Dictionary):
                for name in list(fonts.keys()):
                    font = fonts[name]
                    stamped = font.get(FONT_KEY) if isinstance(font, pikepdf.Dictionary) else None
                    if _is_key(stamped) and str(stamped) in self.canonical:
                        fonts[name] = pikepdf.String(HELD + str(stamped))


def _reached(resources: pikepdf.Object, seen: set[tuple[int, int]]) -> Iterator[pikepdf.Object]:
    """``resources`` (a resources dictionary), then the resources of every form, pattern or
    soft-mask group it draws, at any depth; each of those once, ``seen`` holding the object
    numbers of the ones met (by this walk or, when the caller keeps it, an earlier one)."""
    pending = [resources]
    while pending:
        current = pending.pop()
        yield current
        for category in (Name.XObject, Name.Pattern, Name.ExtGState):
            entries = current.get(category)
            if isinstance(entries, pikepdf.Dictionary):
                for child in (h for entry in entries.values() for h in holders_in(entry)):
                    if child.objgen not in seen:
                        seen.add(child.objgen)
                        pending.append(child.Resources)


HELD = "cardforge held font "
"""Starts the placeholder :meth:`FontSharer.leave_out_known` puts where a known font was."""


def _held_key(value: object) -> str | None:
    """The font key of a placeholder :meth:`FontSharer.leave_out_known` wrote, else None."""
    if isinstance(value, pikepdf.String):
        text = str(value)
        if text.startswith(HELD) and _is_key(pikepdf.String(text[len(HELD):])):
            return text[len(HELD):]
    return None


def _is_key(value: object) -> bool:
    """Whether ``value`` is a stamp as :func:`stamp_font_keys` writes it (64 hex digits)."""
    if not isinstance(value, pikepdf.String):
        return False
    text = str(value)
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def stamp_font_keys(pdf: pikepdf.Pdf) -> None:
    """Stamp every font the pages of ``pdf`` use (in their resources and in those of the
    forms, patterns and soft masks they draw) with its :data:`FONT_KEY`, each font hashed
    once; equal fonts are shared first (see :class:`FontSharer`)."""
    sharer = FontSharer()
    for page in pdf.pages:
        if Name.Resources in page.obj:
            sharer.visit(page.obj.Resources)
    for key, font in sharer.canonical.items():
        font[FONT_KEY] = pikepdf.String(key)


def share_equal_fonts(pdf: pikepdf.Pdf) -> int:
    """Point every use of a font at one copy of each distinct font (equal by content), in
    the resources of every page and of every form, pattern or soft mask they draw. The
    copies no longer used are not written when ``pdf`` is saved. Returns how many font
    references were redirected."""
    sharer = FontSharer()
    for page in pdf.pages:
        if Name.Resources in page.obj:
            sharer.visit(page.obj.Resources)
    return sharer.redirected


def face_form(out: pikepdf.Pdf, page: pikepdf.Page) -> pikepdf.Object:
    """``page`` as a form XObject owned by ``out``; its /BBox is the page's MediaBox (qpdf
    would use the TrimBox and cut the bleed off). A face book's page already has its form
    as its content (:mod:`cardforge.render.face_book`): that form is used as it is when
    ``out`` is the book, else copied."""
    contents = page.obj.get(Name.Contents)
    if isinstance(contents, pikepdf.Stream) and contents.get(Name.Subtype) == Name.Form:
        return contents if contents.is_owned_by(out) else out.copy_foreign(contents)
    form = page.as_form_xobject(handle_transformations=False)
    form.BBox = pikepdf.Array([float(v) for v in page.mediabox])
    return out.copy_foreign(form)


def assemble(pages: Sequence[pikepdf.Page]) -> pikepdf.Pdf:
    """One PDF with ``pages`` in order (boxes kept), sharing equal fonts between them."""
    out = pikepdf.new()
    for page in pages:
        out.pages.append(page)
    share_equal_fonts(out)
    return out
