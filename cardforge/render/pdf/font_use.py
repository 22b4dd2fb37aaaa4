"""What a laid-out face says about its fonts: where each comes from, which glyphs it draws.

A layout worker stamps each embedded font of a chunk (a Type 0 font dictionary) with its
original (:data:`ORIGIN`: JSON naming the original program by its SHA-256, see
:mod:`cardforge.render.layout.font_origins`) and each face's resources with the glyph ids
the face draws in each font, by the origin's :func:`origin_id` (:data:`GLYPHS`), read from
its content and from that of every form, pattern and soft mask it draws. Both depend on
the face alone, not on its chunk: an output gathers them to embed one subset of each
original for all its faces (:mod:`cardforge.render.pdf.font_union`). Neither is written
to an output.
"""

from __future__ import annotations

import hashlib
import re
import struct

import pikepdf
from pikepdf import Name

from cardforge.render.pdf.pdf_split import holders_in, value_of
from cardforge.render.pdf.shared_resources import ORIGIN, reached_resources

__all__ = ["GLYPHS", "ORIGIN", "glyphs_of", "origin_id", "origin_of", "stamp_glyphs", "stamp_origins"]
GLYPHS = Name("/CardforgeGlyphs")
"""On a face's resources: origin id → the glyph ids drawn, 2 bytes each, big-endian, sorted."""
MAX_ORIGIN_CHARS = 1000
"""Longest origin stamp read back (a longer one is not a stamp cardforge wrote)."""
_TOKEN = re.compile(rb"/([^\x00\t\n\x0c\r /\[\]()<>{}%]+)\s+[-+0-9.]+\s+Tf(?![^\x00\t\n\x0c\r /\[\]()<>{}%])"
                    rb"|<([0-9A-Fa-f\x00\t\n\x0c\r ]*)>"
                    rb"|(?<![^\x00\t\n\x0c\r \]\)>])([qQ])(?![^\x00\t\n\x0c\r /\[\]()<>{}%])")
"""A font chosen (``/F1 12 Tf``), a hexadecimal string (glyph ids, 4 digits each, in
WeasyPrint's text), or a ``q``/``Q`` (the font is part of the graphics state)."""
_WHITESPACE = b"\x00\t\n\x0c\r "
"""PDF white-space, which a hexadecimal string may hold between its digits."""


def origin_id(origin: str) -> str:
    """A short key for an origin stamp's text: 32 hex digits of its SHA-256."""
    return hashlib.sha256(origin.encode()).hexdigest()[:32]


def origin_of(font: object) -> str | None:
    """The origin stamp's text of ``font`` (a font dictionary), or None."""
    if not isinstance(font, pikepdf.Dictionary):
        return None
    stamp = value_of(font, ORIGIN)
    if not isinstance(stamp, pikepdf.String):
        return None
    text = str(stamp)
    return text if 0 < len(text) <= MAX_ORIGIN_CHARS else None


def stamp_origins(pdf: pikepdf.Pdf, origins: dict[str, str]) -> None:
    """Stamp every Type 0 font the pages of ``pdf`` use whose BaseFont (without its slash)
    ``origins`` names with its origin (:data:`ORIGIN`). Each resources dictionary, form
    and font dictionary is visited once, however many pages share it (WeasyPrint gives all
    the pages of a document one resources dictionary)."""
    holders: set[tuple[int, int]] = set()
    visited: set[tuple[int, int]] = set()
    for page in pdf.pages:
        resources = page.obj.get(Name.Resources)
        if not isinstance(resources, pikepdf.Dictionary) or not _first_visit(resources, visited):
            continue
        for current in reached_resources(resources, holders):
            fonts = value_of(current, Name.Font)
            if not isinstance(fonts, pikepdf.Dictionary) or not _first_visit(fonts, visited):
                continue
            for font in fonts.values():
                if isinstance(font, pikepdf.Dictionary) and font.get(Name.Subtype) == Name.Type0:
                    origin = origins.get(str(font.get(Name.BaseFont, "/"))[1:])
                    if origin is not None:
                        font[ORIGIN] = pikepdf.String(origin)


def _first_visit(obj: pikepdf.Object, visited: set[tuple[int, int]]) -> bool:
    """False when ``obj`` is an indirect object already in ``visited`` (else adds it)."""
    if not obj.is_indirect:
        return True
    if obj.objgen in visited:
        return False
    visited.add(obj.objgen)
    return True


Scanned = dict[tuple[int, int], dict[str, set[int]]]
"""A form's, pattern's or soft mask's object id → origin id → the glyph ids its content draws."""


def stamp_glyphs(page: pikepdf.Page, scanned: Scanned | None = None) -> None:
    """Stamp ``page``'s resources with the glyph ids it draws in each font that has an
    origin stamp (:data:`GLYPHS`), its own content and that of all it draws read.
    ``scanned`` keeps what each form, pattern or soft mask draws (by object id), for the
    pages of the same document that draw it too; the forms' content must not change
    between those calls."""
    resources = page.obj.get(Name.Resources)
    if not isinstance(resources, pikepdf.Dictionary):
        return
    used: dict[str, set[int]] = {}
    contents = page.obj.get(Name.Contents)
    streams = contents if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []
    _scan(b"\n".join(s.read_bytes() for s in streams), resources, used)
    memo = {} if scanned is None else scanned
    for holder_resources, holder in _holders_drawn(resources):
        drawn = memo.get(holder.objgen)
        if drawn is None:
            drawn = memo[holder.objgen] = {}
            _scan(holder.read_bytes(), holder_resources, drawn)
        for key, glyphs in drawn.items():
            used.setdefault(key, set()).update(glyphs)
    if GLYPHS in resources:
        del resources[GLYPHS]
    if used:
        resources[GLYPHS] = pikepdf.Dictionary({
            f"/{key}": pikepdf.String(b"".join(g.to_bytes(2, "big") for g in sorted(glyphs)))
            for key, glyphs in sorted(used.items())})


def glyphs_of(resources: pikepdf.Dictionary) -> dict[str, list[int]]:
    """A face's :data:`GLYPHS` stamp read back: origin id → glyph ids (empty when none or
    malformed)."""
    stamp = value_of(resources, GLYPHS)
    if not isinstance(stamp, pikepdf.Dictionary):
        return {}
    found = {}
    for key, value in stamp.items():
        if isinstance(value, pikepdf.String):
            data = bytes(value)
            if len(data) % 2 == 0:
                found[str(key)[1:]] = list(struct.unpack(f">{len(data) // 2}H", data))
    return found


def _scan(data: bytes, resources: pikepdf.Dictionary, used: dict[str, set[int]]) -> None:
    """Add the glyph ids ``data`` (a content stream drawn with ``resources``) shows in each
    stamped font to ``used``: every hexadecimal string after a font is chosen counts."""
    fonts = value_of(resources, Name.Font)
    ids = {}
    if isinstance(fonts, pikepdf.Dictionary):
        for name, font in fonts.items():
            origin = origin_of(font)
            if origin is not None:
                ids[name[1:]] = origin_id(origin)
    if not ids:
        return
    current: str | None = None
    saved: list[str | None] = []
    for chosen, text, state in _TOKEN.findall(data):
        if chosen:
            current = ids.get(chosen.decode("latin-1"))
        elif state == b"q":
            saved.append(current)
        elif state == b"Q":
            current = saved.pop() if saved else None
        elif current is not None:
            digits = text.translate(None, _WHITESPACE)
            whole = len(digits) - len(digits) % 4  # 4 hex digits a glyph id; a rest is ignored
            if whole:
                packed = bytes.fromhex(digits[:whole].decode("ascii"))
                used.setdefault(current, set()).update(struct.unpack(f">{whole // 4}H", packed))


def _holders_drawn(resources: pikepdf.Dictionary) -> list[tuple[pikepdf.Dictionary, pikepdf.Object]]:
    """(resources, holder) of every form, tiling pattern and soft-mask group ``resources``
    draws, at any depth, each once."""
    found = []
    seen: set[tuple[int, int]] = set()
    pending = [resources]
    while pending:
        current = pending.pop()
        for category in (Name.XObject, Name.Pattern, Name.ExtGState):
            entries = value_of(current, category)
            if not isinstance(entries, pikepdf.Dictionary):
                continue
            for holder in (h for entry in entries.values() for h in holders_in(entry)):
                if holder.objgen in seen:
                    continue
                seen.add(holder.objgen)
                inner = holder[Name.Resources]  # holders_in gives only holders with resources
                if isinstance(inner, pikepdf.Dictionary):
                    found.append((inner, holder))
                    pending.append(inner)
    return found
