"""Resource names that do not depend on the chunk a face was laid out in.

WeasyPrint names a document's forms, patterns, graphics states and shadings by counting
them (``/x12``, ``/p3``, ``/s0``), so the same face laid out in another chunk of faces
draws ``/x8 Do`` where a clean build drew ``/x12 Do``: other bytes for the same page.
:func:`canonical_names` renames every form, pattern, graphics state and shading of a
chunk's pages, and of everything they draw, after a digest of what it is (fonts counted by
their name, which WeasyPrint derives from their description), deepest first, and rewrites
the content streams to match. Fonts keep their names (already a digest); images and colour
spaces are named after their content by WeasyPrint.
"""

from __future__ import annotations

import hashlib
import re
import zlib

import pikepdf
from pikepdf import Name, ObjectType

from cardforge.render.pdf.pdf_split import holders_in, names_in, value_of

RENAMED = {Name.XObject: ("x", b"Do"), Name.Pattern: ("p", b"scn"), Name.ExtGState: ("g", b"gs"),
           Name.Shading: ("h", b"sh")}
"""Resource categories renamed: the new names' first letter and the operator that names one."""
_OPERATOR_CATEGORY = {b"Do": Name.XObject, b"scn": Name.Pattern, b"SCN": Name.Pattern,
                      b"gs": Name.ExtGState, b"sh": Name.Shading}
_DELIMITER = rb"\x00\t\n\x0c\r /\[\]()<>{}%"
_USE = re.compile(rb"/([^" + _DELIMITER + rb"]+)(\s+)(Do|scn|SCN|gs|sh)(?=[" + _DELIMITER + rb"]|$)")
"""A resource name and the operator that uses it (the name is the operator's last operand)."""
_SKIPPED_KEYS = ("/Length", "/Parent", "/CardforgeFontKey", "/CardforgeFormKey")
_DEPTH = 24


def canonical_names(pdf: pikepdf.Pdf) -> None:
    """Rename the forms, patterns, graphics states and shadings of every page of ``pdf``
    and of everything they draw after their content (see the module's docstring). A holder
    whose content names a resource in a way not understood here keeps its names (the page
    stays right; only its bytes may then depend on its chunk)."""
    memo: dict[tuple[int, int], bytes] = {}
    done: set[tuple[int, int]] = set()
    for page in pdf.pages:
        resources = page.obj.get(Name.Resources)
        if not isinstance(resources, pikepdf.Dictionary):
            continue
        for child in _children(resources):
            _rename_below(child, memo, done)
        _rename(page.obj, resources, memo, page=page, owner=pdf)


def _children(resources: pikepdf.Dictionary) -> list[pikepdf.Object]:
    """The holders (forms, tiling patterns, soft-mask groups) a resources dictionary draws."""
    found = []
    for category in (Name.XObject, Name.Pattern, Name.ExtGState):
        entries = value_of(resources, category)
        if isinstance(entries, pikepdf.Dictionary):
            found += [h for entry in entries.values() for h in holders_in(entry)]
    return found


def _rename_below(holder: pikepdf.Object, memo: dict, done: set) -> None:
    """Rename inside ``holder`` and everything it draws, deepest first (each holder once)."""
    pending: list[tuple[pikepdf.Object, bool]] = [(holder, False)]
    while pending:
        current, children_done = pending.pop()
        if current.objgen in done and current.is_indirect:
            continue
        resources = value_of(current, Name.Resources)
        if not isinstance(resources, pikepdf.Dictionary):
            done.add(current.objgen)
            continue
        if children_done:
            _rename(current, resources, memo)
            done.add(current.objgen)
            continue
        pending.append((current, True))
        pending += [(child, False) for child in _children(resources) if child.objgen not in done]


def _rename(holder: pikepdf.Object, resources: pikepdf.Dictionary, memo: dict,
            page: pikepdf.Page | None = None, owner: pikepdf.Pdf | None = None) -> None:
    """Rename ``holder``'s own resources of :data:`RENAMED` and rewrite its content."""
    mapping: dict[tuple[Name, str], str] = {}
    renamed: dict[Name, pikepdf.Dictionary] = {}
    for category, (letter, _) in RENAMED.items():
        entries = value_of(resources, category)
        if not isinstance(entries, pikepdf.Dictionary):
            continue
        new = pikepdf.Dictionary()
        for name in sorted(entries.keys()):
            digest = _digest(entries[name], memo, 0).hex()[:20]
            mapping[(category, name)] = f"/{letter}{digest}"
            new[f"/{letter}{digest}"] = entries[name]
        renamed[category] = new
    if not mapping:
        return
    content = (page.obj if page is not None else holder)
    data = _content(content, page)

    def swap(match: re.Match) -> bytes:
        category = _OPERATOR_CATEGORY[match.group(3)]
        new = mapping.get((category, "/" + match.group(1).decode("latin-1")))
        return match.group(0) if new is None else new.encode() + match.group(2) + match.group(3)

    rewritten = _USE.sub(swap, data)
    left = {name for (_, name) in mapping} & names_in(rewritten)
    if left:
        return  # a name used otherwise than as the operand of its operator: keep the old names
    for category, new in renamed.items():
        resources[category] = new
    packed = zlib.compress(rewritten)  # as stored: a form's key is taken from its stored bytes
    if page is not None and owner is not None:
        page.obj.Contents = owner.make_stream(packed, Filter=Name.FlateDecode)
    else:
        holder.write(packed, filter=Name.FlateDecode)


def _content(obj: pikepdf.Object, page: pikepdf.Page | None) -> bytes:
    """The decoded content of a page (its streams joined) or of a form or pattern."""
    if page is None:
        return obj.read_bytes()
    contents = obj.get(Name.Contents)
    streams = contents if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []
    return b"\n".join(stream.read_bytes() for stream in streams)


def _digest(obj: object, memo: dict, depth: int) -> bytes:
    """SHA-256 of what ``obj`` draws: its content and everything it refers to, each
    indirect object once (``memo``), a font as its name (its embedded subset depends on the
    chunk; :mod:`cardforge.render.pdf.font_union` makes it the same again)."""
    if not isinstance(obj, pikepdf.Object):
        return hashlib.sha256(f"{type(obj).__name__}:{obj!r}".encode()).digest()
    kind = obj._type_code
    if kind not in (ObjectType.dictionary, ObjectType.stream, ObjectType.array):
        return hashlib.sha256(obj.unparse()).digest()
    key = obj.objgen if obj.is_indirect else None
    if key and key in memo:
        return memo[key]
    digest = hashlib.sha256()
    if depth > _DEPTH:
        digest.update(b"...")
    elif kind == ObjectType.array:
        digest.update(b"[")
        for item in obj:
            digest.update(_digest(item, memo, depth + 1))
    elif value_of(obj, Name.Type) == Name.Font:
        digest.update(b"font " + str(obj.get(Name.BaseFont, "")).encode())
    else:
        digest.update(b"S" if kind == ObjectType.stream else b"D")
        for name in sorted(obj.keys()):
            if name not in _SKIPPED_KEYS:
                digest.update(name.encode() + _digest(obj[name], memo, depth + 1))
        if kind == ObjectType.stream:
            digest.update(obj.read_bytes())
    result = digest.digest()
    if key:
        memo[key] = result
    return result
