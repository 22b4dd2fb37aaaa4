"""Fonts, forms and patterns shared between faces: one copy of each, equal by content.

Every cached face is a PDF of its own, so what its chunk of faces shared in one document
(the chunk's font subsets; the deck's underlay form, each inline SVG's form, their
patterns) is stored once per face. Gathered into a face book or an output, each would be
written once per face: a 1,000-card Comic Creator book held 8,628 forms, 1,076 of them
distinct. :class:`ResourceSharer` points every use at one copy of each distinct font, form
or pattern; the layout workers stamp each with its content key once per chunk
(:mod:`cardforge.render.pdf.resource_stamps`), so the book needs no hashing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pikepdf
from pikepdf import Name, ObjectType

from cardforge.render.pdf.pdf_split import holders_in, value_of

ORIGIN = Name("/CardforgeFontOrigin")
"""A font's original (see :mod:`cardforge.render.pdf.font_use`, which stamps it)."""

_NUMBERS = frozenset({"/W", "/W2", "/Widths"})
"""Font keys whose arrays hold only numbers (and arrays of numbers), hashed in one piece."""

FONT_KEY = Name("/CardforgeFontKey")
"""A font's :func:`content_key`, stamped on it by the worker that laid it out
(:func:`~cardforge.render.pdf.resource_stamps.stamp_font_keys`): the faces of one chunk share
their fonts, so the font is hashed once a chunk instead of once a face when the faces are
gathered into a face book. The stamp is taken away once the font is kept
(:meth:`ResourceSharer.visit`), so outputs do not carry it. A stamp is as trustworthy as
the cached face that carries it: a forged one can only make a face drawn with another
face's font, as a forged face can draw anything."""

FORM_KEY = Name("/CardforgeFormKey")
"""A form's or pattern's :func:`form_key`, stamped like :data:`FONT_KEY`
(:func:`~cardforge.render.pdf.resource_stamps.stamp_form_keys`), and as trustworthy."""

_STAMPS = (FONT_KEY, FORM_KEY)
_STAMP_OF = {Name.Font: FONT_KEY, Name.XObject: FORM_KEY, Name.Pattern: FORM_KEY}
"""The stamp each resource category's shared entries carry."""
_HOLDERS = (pikepdf.Dictionary, pikepdf.Stream)
SHARED_CATEGORIES = (Name.XObject, Name.Pattern)
"""The resource categories whose stamped entries are shared (forms, patterns)."""


def _feed(obj: pikepdf.Object, digest: hashlib._Hash, depth: int = 0, stamped: bool = False) -> None:
    """Feed ``obj`` and everything it refers to (to a limited depth) into ``digest``; with
    ``stamped``, a font or form that carries its stamp is fed as its stamp."""
    if not isinstance(obj, pikepdf.Object):  # numbers and booleans come back as Python values
        digest.update(f"{type(obj).__name__}:{obj!r}".encode())
        return
    kind = obj._type_code
    if depth > 12:
        digest.update(b"...")
    elif stamped and depth and kind == ObjectType.dictionary and \
            isinstance(value_of(obj, ORIGIN), pikepdf.String):
        # a font with an origin: its subset depends on its chunk, and an output replaces it
        # with one of its own (font_union), so a form drawing it is the same form in any chunk
        digest.update(b"O" + str(obj.get(Name.BaseFont, "")).encode() + bytes(obj[ORIGIN]))
    elif stamped and depth and kind in (ObjectType.dictionary, ObjectType.stream) and (stamp := _stamp(obj)):
        digest.update(b"K" + stamp.encode())
    elif kind == ObjectType.stream:
        digest.update(b"S")
        _feed_dict(obj, digest, depth, stamped)
        digest.update(obj.read_raw_bytes())
    elif kind == ObjectType.dictionary:
        _feed_dict(obj, digest, depth, stamped)
    elif kind == ObjectType.array:
        digest.update(b"[")
        for item in obj:
            _feed(item, digest, depth + 1, stamped)
        digest.update(b"]")
    else:
        digest.update(obj.unparse())


def _stamp(obj: pikepdf.Object) -> str:
    """The key a font or form is stamped with (:data:`FONT_KEY`, :data:`FORM_KEY`), or ""."""
    return next((str(obj[stamp]) for stamp in _STAMPS if _is_key(value_of(obj, stamp))), "")


def _feed_dict(obj: pikepdf.Object, digest: hashlib._Hash, depth: int, stamped: bool) -> None:
    digest.update(b"<<")
    for key in sorted(obj.keys()):
        if key in ("/Length", "/Parent", *_STAMPS):
            continue
        digest.update(key.encode())
        value = obj[key]
        if key in _NUMBERS and isinstance(value, pikepdf.Array) and not value.is_indirect:
            digest.update(value.unparse())  # glyph widths: only numbers, often thousands
        else:
            _feed(value, digest, depth + 1, stamped)
    digest.update(b">>")


def content_key(obj: pikepdf.Object) -> str:
    """SHA-256 of a PDF object's content, following references (stream bytes as stored)."""
    digest = hashlib.sha256()
    _feed(obj, digest)
    return digest.hexdigest()


def form_key(form: pikepdf.Object) -> str:
    """SHA-256 of a form's or pattern's content, following references, each font and form
    it draws that carries its stamp counted as the stamp (stamp those first)."""
    digest = hashlib.sha256(b"form ")
    _feed(form, digest, stamped=True)
    return digest.hexdigest()


class ResourceSharer:
    """Points every use of a font (in the resources it visits and in those of every form,
    pattern or soft mask they draw) and of a stamped form or pattern at one copy of each
    distinct one (equal by content).

    ``canonical`` maps a font's :func:`content_key` or a form's :func:`form_key` to the copy
    kept (seed it with those already shared, e.g. a face book's); ``redirected`` counts the
    references changed; without ``forms`` only fonts are shared. Everything shared must
    belong to one PDF.
    """

    def __init__(self, canonical: dict[str, pikepdf.Object] | None = None, *, forms: bool = True) -> None:
        self.canonical: dict[str, pikepdf.Object] = dict(canonical or {})
        self._categories = (Name.Font, *SHARED_CATEGORIES) if forms else (Name.Font,)
        self.redirected = 0
        self._keys = {kept.objgen: key for key, kept in self.canonical.items() if kept.is_indirect}
        self._seen: set[tuple[int, int]] = set()

    def fresh(self) -> ResourceSharer:
        """A sharer with nothing kept yet that knows the keys this one has taken (of objects
        of the same PDF), so they are not computed again."""
        sharer = ResourceSharer(forms=len(self._categories) > 1)
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

    def _form_key(self, entry: pikepdf.Object) -> str | None:
        """The stamped key of a form or pattern (None for one without a stamp: kept as it is)."""
        memo = entry.objgen if entry.is_indirect else None
        key = self._keys.get(memo) if memo else None
        if key is None and isinstance(entry, (pikepdf.Dictionary, pikepdf.Stream)):
            stamped = entry.get(FORM_KEY)
            key = str(stamped) if _is_key(stamped) else None
            if memo and key:
                self._keys[memo] = key
        return key

    def visit(self, resources: pikepdf.Object) -> None:
        """Share the fonts, stamped forms and patterns of ``resources`` (a resources
        dictionary) and of what it draws; one :meth:`leave_out_known` held back becomes the
        kept one of its key. Raises ValueError for a placeholder of something not kept (a
        damaged or forged entry)."""
        for current in reached_resources(resources, self._seen):
            for category in self._categories:
                entries = value_of(current, category)
                if isinstance(entries, pikepdf.Dictionary):
                    self._share(entries, category == Name.Font)

    def _share(self, entries: pikepdf.Dictionary, fonts: bool) -> None:
        for name in list(entries.keys()):
            entry = entries[name]
            held = _held_key(entry)
            if held is not None:
                if held not in self.canonical:  # not one leave_out_known wrote: a forged entry
                    raise ValueError(f"resource {name} is held back, but nothing is kept as {held}")
                entries[name] = self.canonical[held]
                self.redirected += 1
                continue
            key = self.key(entry) if fonts else self._form_key(entry)
            if key is None:
                continue
            shared = self.canonical.setdefault(key, entry)
            for stamp in _STAMPS:
                if stamp in shared:
                    del shared[stamp]
            if shared.objgen != entry.objgen or not entry.is_indirect:
                entries[name] = shared
                self.redirected += 1

    def leave_out_known(self, resources: pikepdf.Object) -> None:
        """Before ``resources`` (a resources dictionary of another PDF, about to be copied
        into the one this sharer keeps for) are copied: put a placeholder in place of each
        font, form or pattern, in them and in what they draw, stamped with the key of one
        kept already, so that copying leaves it out; :meth:`visit` on the copy puts the kept
        one back. A form left out is not walked into: none of it is copied."""
        for current in reached_resources(resources, set()):
            for category, stamp in _STAMP_OF.items():
                entries = value_of(current, category)
                if not isinstance(entries, pikepdf.Dictionary):
                    continue
                for name in list(entries.keys()):
                    entry = entries[name]
                    stamped = value_of(entry, stamp) if isinstance(entry, _HOLDERS) else None
                    if _is_key(stamped) and str(stamped) in self.canonical:
                        entries[name] = pikepdf.String(HELD + str(stamped))


def reached_resources(resources: pikepdf.Object, seen: set[tuple[int, int]]) -> Iterator[pikepdf.Object]:
    """``resources`` (a resources dictionary), then the resources of every form, pattern or
    soft-mask group it draws, at any depth (read after the caller had each one yielded, so
    an entry it replaced is not walked into); each of those once, ``seen`` holding the
    object numbers of the ones met (by this walk or, when the caller keeps it, an earlier one)."""
    pending = [resources]
    while pending:
        current = pending.pop()
        yield current
        for category in (Name.XObject, Name.Pattern, Name.ExtGState):
            entries = value_of(current, category)
            if isinstance(entries, pikepdf.Dictionary):
                for child in (h for entry in entries.values() for h in holders_in(entry)):
                    if child.objgen not in seen:
                        seen.add(child.objgen)
                        if isinstance(child.Resources, pikepdf.Dictionary):  # else nothing to walk
                            pending.append(child.Resources)


HELD = "cardforge held "
"""Starts the placeholder :meth:`ResourceSharer.leave_out_known` puts where a known font,
form or pattern was (never saved: :meth:`ResourceSharer.visit` replaces it on the copy)."""


def _held_key(value: object) -> str | None:
    """The key of a placeholder :meth:`ResourceSharer.leave_out_known` wrote, else None."""
    if isinstance(value, pikepdf.String):
        text = str(value)
        if text.startswith(HELD) and _is_key(pikepdf.String(text[len(HELD):])):
            return text[len(HELD):]
    return None


def _is_key(value: object) -> bool:
    """Whether ``value`` is a stamp as the workers write it (64 hex digits)."""
    if not isinstance(value, pikepdf.String):
        return False
    text = str(value)
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def share_equal_resources(pdf: pikepdf.Pdf) -> int:
    """Point every use of a font, and of a stamped form or pattern, at one copy of each
    distinct one (equal by content), in the resources of every page and of every form,
    pattern or soft mask they draw. The copies no longer used are not written when ``pdf``
    is saved. Returns how many references were redirected."""
    sharer = ResourceSharer()
    for page in pdf.pages:
        if Name.Resources in page.obj:
            sharer.visit(page.obj.Resources)
    return sharer.redirected
