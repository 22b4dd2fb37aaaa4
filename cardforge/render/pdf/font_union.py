"""One subset of each original font per output, whatever chunks its faces were laid out in.

Each face is laid out in a chunk of faces, one WeasyPrint document, and carries the chunk's
subset of each font: the glyphs of every face of its chunk. An output (a sheet PDF, a
card file) gathering faces from several chunks would hold one subset per chunk, and which
ones would depend on what the cache held. :func:`unify_fonts` replaces, in an output, every
Type 0 font that carries an origin stamp (:data:`~cardforge.render.pdf.font_use.ORIGIN`)
by one font per original: its program subset to the union of the glyphs the output's
faces draw (:data:`~cardforge.render.pdf.font_use.GLYPHS`), its widths and ToUnicode
merged, its dictionaries made the same way every time, so the output's bytes depend on its
faces alone. That needs each glyph recorded at one width in every chunk, which
:mod:`~cardforge.render.layout.weasyprint_changes.glyph_advances` sees to; fonts whose
chunks disagree all the same keep their chunks' subsets (:attr:`Journal.kept`). The stamps
are taken out of the output.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardforge.render.pdf.font_use import GLYPHS, ORIGIN, glyphs_of, origin_id, origin_of
from cardforge.render.pdf.pdf_split import holders_in, value_of
from cardforge.render.pdf.shared_resources import FONT_KEY

Program = Callable[[str, tuple[int, ...]], "bytes | None"]
"""(origin stamp text, sorted glyph ids) → the original's subset program, or None."""
_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]*)>")
_W_RUN = re.compile(rb"\s*(?:(?P<first>-?\d+)\s*\[(?P<widths>[^\[\]]*)\]"
                    rb"|(?P<start>-?\d+)\s+(?P<end>-?\d+)\s+(?P<width>[-+.\d]+)(?![^\s\[\]]))")
"""One run of a /W array in PDF syntax: ``first [w1 w2 …]`` or ``first last w``."""
_FIXED_PITCH = 1


@dataclass
class Journal:
    """The changes :func:`unify_fonts` made to objects it did not create: (dictionary,
    key, value before or None, value after or None), in order; :meth:`undo` puts them back,
    :meth:`replay` makes them again."""

    changes: list[tuple[pikepdf.Object, Name, pikepdf.Object | None, pikepdf.Object | None]] = field(
        default_factory=list)
    unified: int = 0
    """How many fonts were made (one per original)."""
    kept: int = 0
    """Fonts with an origin whose program could not be made: left as they were."""
    undone: list[tuple[pikepdf.Object, Name, pikepdf.Object | None, pikepdf.Object | None]] = field(
        default_factory=list)
    """The changes the last :meth:`undo` took back, for :meth:`replay`."""

    def set(self, holder: pikepdf.Object, key: Name, value: pikepdf.Object | None) -> None:
        self.changes.append((holder, key, holder.get(key), value))
        _put(holder, key, value)

    def undo(self) -> None:
        """Put back every value changed, last first."""
        for holder, key, before, _ in reversed(self.changes):
            _put(holder, key, before)
        self.undone, self.changes = self.changes, []

    def replay(self) -> bool:
        """Make again the changes the last :meth:`undo` took back, in order, on objects
        that are as they were before them (the same fonts, made once, put back in place);
        False, changing nothing, when there are none or some are still made."""
        if self.changes or not self.undone:
            return False
        for holder, key, _, after in self.undone:
            _put(holder, key, after)
        self.changes, self.undone = self.undone, []
        return True


def _put(holder: pikepdf.Object, key: Name, value: pikepdf.Object | None) -> None:
    """``holder[key] = value``, or the key removed when ``value`` is None."""
    if value is None:
        if key in holder:
            del holder[key]
    else:
        holder[key] = value


def unify_fonts(pdf: pikepdf.Pdf, program: Program) -> Journal:
    """Give ``pdf``'s pages, and everything they draw, one font per original (see the
    module's docstring); ``program`` makes each subset. Returns the :class:`Journal` of the
    objects changed (undo it when ``pdf`` shares them with another use, as a face book's
    PDF does)."""
    journal = Journal()
    uses: dict[str, list[tuple[pikepdf.Dictionary, Name, pikepdf.Dictionary]]] = {}
    glyphs: dict[str, set[int]] = {}
    origins: dict[tuple[int, int], str | None] = {}  # a chunk's font is drawn by all its faces: read once
    for resources in _all_resources(pdf):
        for key, ids in glyphs_of(resources).items():
            glyphs.setdefault(key, set()).update(ids)
        if GLYPHS in resources:
            journal.set(resources, GLYPHS, None)
        fonts = value_of(resources, Name.Font)
        if isinstance(fonts, Dictionary):
            for name, font in fonts.items():
                if isinstance(font, Dictionary) and font.is_indirect:
                    if font.objgen not in origins:
                        origins[font.objgen] = origin_of(font)
                    origin = origins[font.objgen]
                else:
                    origin = origin_of(font)
                if origin is not None:
                    uses.setdefault(origin, []).append((fonts, Name(name), font))
    for origin in sorted(uses):
        group = uses[origin]
        wanted = tuple(sorted(glyphs.get(origin_id(origin), ())))
        distinct = _distinct([font for _, _, font in group])
        made = _unified(pdf, distinct, wanted, origin, program) if wanted else None
        if made is None:
            journal.kept += len(distinct)
            for font in distinct:
                journal.set(font, ORIGIN, None)
            continue
        journal.unified += 1
        for fonts, name, _ in group:
            journal.set(fonts, name, made)
    return journal


def _distinct(fonts: list[pikepdf.Dictionary]) -> list[pikepdf.Dictionary]:
    """``fonts`` without repeats, first use first: a chunk's font is one object however
    many of its faces draw with it, and is read once."""
    seen: dict[object, pikepdf.Dictionary] = {}
    for number, font in enumerate(fonts):
        seen.setdefault(font.objgen if font.is_indirect else number, font)
    return list(seen.values())


def _all_resources(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    """The resources of every page of ``pdf`` and of every form, pattern and soft mask they
    draw, at any depth, each once, in a fixed order."""
    found: list[pikepdf.Dictionary] = []
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        pending = [page.obj.get(Name.Resources)]
        while pending:
            current = pending.pop()
            if not isinstance(current, Dictionary):
                continue
            if current.is_indirect:
                if current.objgen in seen:
                    continue
                seen.add(current.objgen)
            found.append(current)
            for category in (Name.XObject, Name.Pattern, Name.ExtGState):
                entries = current.get(category)
                if isinstance(entries, Dictionary):
                    for holder in (h for entry in entries.values() for h in holders_in(entry)):
                        if holder.objgen not in seen:
                            seen.add(holder.objgen)
                            pending.append(holder.get(Name.Resources))
    return found


def _unified(pdf: pikepdf.Pdf, fonts: list[pikepdf.Dictionary], wanted: tuple[int, ...], origin: str,
             program: Program) -> pikepdf.Dictionary | None:
    """One Type 0 font for the glyphs ``wanted`` of the original the ``fonts`` share, or
    None when one of them is not a CID font as WeasyPrint writes them, when two of them
    give a glyph different widths, or when there is no program."""
    try:
        parts = [(font, font.DescendantFonts[0], font.DescendantFonts[0].FontDescriptor) for font in fonts]
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return None
    widths: dict[int, int | float] = {}
    texts: dict[int, str] = {}
    for font, cid, _ in parts:
        for glyph, width in _widths(cid.get(Name.W)).items():
            if widths.setdefault(glyph, width) != width:
                # A guard, never met with the layout's changes to WeasyPrint on: glyph_advances
                # makes every chunk record a glyph at the font's own advance. Without it (the
                # changes off on a WeasyPrint they fail their self-test on) a chunk records
                # the width Pango gave the first size it drew, and places its text against
                # it: one width for all would move glyphs, so the chunks' subsets are kept.
                return None
        for glyph, text in _texts(font.get(Name.ToUnicode)).items():
            known = texts.get(glyph)
            if known is None or text < known:
                texts[glyph] = text
    widths = {glyph: widths[glyph] for glyph in wanted if glyph in widths}
    texts = {glyph: texts[glyph] for glyph in wanted if glyph in texts}
    data = program(origin, wanted)
    if data is None:
        return None
    font, cid, descriptor = min(parts, key=lambda p: (_plain(p[2]), _plain(p[1]), _plain(p[0])))
    return _font(pdf, font, cid, descriptor, data, widths, texts)


def _font(pdf: pikepdf.Pdf, font: pikepdf.Dictionary, cid: pikepdf.Dictionary,
          descriptor: pikepdf.Dictionary, data: bytes, widths: dict[int, int | float],
          texts: dict[int, str]) -> pikepdf.Dictionary:
    """The new Type 0 font: ``font``, ``cid`` and ``descriptor``'s entries with the
    program, widths and ToUnicode replaced (as WeasyPrint 70 writes them)."""
    opentype = data[:4] == b"OTTO"
    program = pdf.make_stream(data)
    if opentype:
        program[Name.Subtype] = Name.OpenType
    else:
        program[Name.Length1] = len(data)
    new_descriptor = Dictionary({key: descriptor[key] for key in descriptor.keys()
                                 if key not in ("/FontFile2", "/FontFile3", "/CIDSet")})
    new_descriptor[Name("/FontFile3" if opentype else "/FontFile2")] = program
    ascent, descent = descriptor.get(Name.Ascent, 0), descriptor.get(Name.Descent, 0)
    new_descriptor[Name.FontBBox] = Array([0, descent, max(widths.values(), default=0), ascent])
    new_descriptor[Name.CapHeight] = ascent
    flags = int(descriptor.get(Name.Flags, 0)) & ~_FIXED_PITCH
    if len(widths) > 1 and len(set(widths.values())) == 1:
        flags |= _FIXED_PITCH
    new_descriptor[Name.Flags] = flags
    if Name.CIDSet in descriptor and widths:
        size = (max(widths) + 8) // 8
        bits = bytearray(size)
        for glyph in widths:
            bits[glyph // 8] |= 0x80 >> (glyph % 8)
        new_descriptor[Name.CIDSet] = pdf.make_stream(bytes(bits))
    new_cid = Dictionary({key: cid[key] for key in cid.keys() if key not in ("/W", "/FontDescriptor")})
    new_cid[Name.W] = _w_array(widths)
    new_cid[Name.FontDescriptor] = pdf.make_indirect(new_descriptor)
    new_font = Dictionary({key: font[key] for key in font.keys()
                           if key not in ("/ToUnicode", "/DescendantFonts", str(ORIGIN), str(FONT_KEY))})
    new_font[Name.ToUnicode] = pdf.make_stream(_to_unicode(texts))
    new_font[Name.DescendantFonts] = Array([pdf.make_indirect(new_cid)])
    return pdf.make_indirect(new_font)


def _plain(obj: pikepdf.Dictionary) -> tuple[tuple[str, bytes], ...]:
    """``obj``'s direct entries, unparsed, by key: what it says apart from the objects it
    refers to (whose numbers depend on the file), to choose among equivalent copies."""
    plain = []
    for key in sorted(obj.keys()):
        value = obj[key]
        if key in (str(ORIGIN), str(FONT_KEY)) or isinstance(value, (Array, Dictionary, pikepdf.Stream)):
            continue
        plain.append((key, value.unparse() if isinstance(value, pikepdf.Object) else repr(value).encode()))
    return tuple(plain)


def _widths(w: object) -> dict[int, int | float]:
    """A CID font's /W array read as glyph id → width (both of its forms: ``first [w1 w2 …]``
    and ``first last w``). Read from the array's PDF syntax (``unparse``), a run at a time,
    rather than one pikepdf object per number. An array holding anything else reads as far
    as it is well formed."""
    found: dict[int, int | float] = {}
    if not isinstance(w, Array):
        return found
    body = w.unparse()[1:-1]  # without the array's own brackets
    position = 0
    while True:
        run = _W_RUN.match(body, position)
        if run is None:
            break
        position = run.end()
        if run["widths"] is not None:
            widths = _numbers(run["widths"].split())
            if widths is None:
                break
            first = int(run["first"])
            for offset, width in enumerate(widths):
                found[first + offset] = width
        else:
            width = _number(run["width"])
            if width is None:
                break
            for glyph in range(int(run["start"]), int(run["end"]) + 1):
                found[glyph] = width
    return found


def _numbers(tokens: list[bytes]) -> list[int | float] | None:
    """PDF number tokens as :func:`_number` reads them; None when one is not a number."""
    try:
        return list(map(int, tokens))  # WeasyPrint writes whole widths
    except ValueError:
        numbers = [_number(token) for token in tokens]
        return None if None in numbers else numbers  # type: ignore[return-value]


def _number(token: bytes) -> int | float | None:
    """A PDF number token as an int when whole, else a float; None when it is not a number."""
    try:
        number = float(token)
    except ValueError:
        return None
    return int(number) if number.is_integer() else number


def _w_array(widths: dict[int, int | float]) -> Array:
    """/W as WeasyPrint writes it: a first id and the widths of each run of consecutive ids."""
    out = Array()
    run: list[int | float] = []
    for glyph in sorted(widths):
        if glyph - 1 not in widths:
            if run:
                out.append(Array(run))
            out.append(glyph)
            run = []
        run.append(widths[glyph])
    if run:
        out.append(Array(run))
    return out


def _texts(stream: object) -> dict[int, str]:
    """A ToUnicode CMap's single-glyph entries (bfchar, as WeasyPrint writes them)."""
    if not isinstance(stream, pikepdf.Stream):
        return {}
    found: dict[int, str] = {}
    for glyph, text in _BFCHAR.findall(stream.read_bytes()):
        try:
            found.setdefault(int(glyph, 16), bytes.fromhex(text.decode()).decode("utf-16-be"))
        except (ValueError, UnicodeDecodeError):
            continue
    return found


def _to_unicode(texts: dict[int, str]) -> bytes:
    """A ToUnicode CMap for ``texts`` (glyph id → text), laid out as WeasyPrint 70 writes one."""
    lines = [b"/CIDInit /ProcSet findresource begin", b"12 dict begin", b"begincmap", b"/CIDSystemInfo",
             b"<< /Registry (Adobe)", b"/Ordering (UCS)", b"/Supplement 0", b">> def",
             b"/CMapName /Adobe-Identity-UCS def", b"/CMapType 2 def", b"1 begincodespacerange",
             b"<0000> <ffff>", b"endcodespacerange"]
    items = sorted(texts.items())
    for start in range(0, len(items), 100):
        batch = items[start:start + 100]
        lines.append(f"{len(batch)} beginbfchar".encode())
        lines += [f"<{glyph:04x}> <{text.encode('utf-16-be').hex()}>".encode() for glyph, text in batch]
        lines.append(b"endbfchar")
    lines += [b"endcmap", b"CMapName currentdict /CMap defineresource pop", b"end", b"end"]
    return b"\n".join(lines)
