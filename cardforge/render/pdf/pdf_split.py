"""Split a WeasyPrint document into single-page PDFs that carry only what each page uses.

WeasyPrint gives every page of a document one shared resources dictionary (all the
document's fonts, images, patterns and forms), and its forms share the document's font
dictionary. Copying one page out as it is would copy everything its chunk of faces uses.
:func:`prune_resources` gives a page, and every form or pattern it draws, resources (and
soft mask) holding only the names its own content stream uses, so that copying the page out
(:func:`cardforge.render.workers.chunks.sealed_pages`) writes nothing it does not reach.
"""

from __future__ import annotations

import re

import pikepdf
from pikepdf import Name

_NAME = re.compile(rb"/([^\x00\t\n\x0c\r /\[\]()<>{}%]*)")
"""A name token in PDF syntax: ``/`` then regular characters, up to whitespace or a delimiter."""
_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")


def _names_used(holder: pikepdf.Object | pikepdf.Page) -> set[str]:
    """Every name written in the content of ``holder`` (a page, or a form or pattern
    stream): each operand name, and also any ``/name`` spelled inside a string, comment or
    inline image (a superset: a resource kept needlessly costs bytes, never a wrong page).
    Read from the decoded bytes with a pattern, about three times faster than
    pikepdf.parse_content_stream's objects."""
    obj = holder.obj if isinstance(holder, pikepdf.Page) else holder
    contents = obj.get(Name.Contents) if isinstance(holder, pikepdf.Page) else obj
    streams = contents if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []
    return names_in(b"\n".join(stream.read_bytes() for stream in streams))


def names_in(data: bytes) -> set[str]:
    """Every name written in ``data`` (decoded content-stream bytes), with its slash."""
    return {"/" + _ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), name).decode("latin-1")
            for name in set(_NAME.findall(data))}


def value_of(obj: pikepdf.Object, key: Name | str) -> object:
    """``obj[key]`` of a dictionary or stream, or None when it has no such key: the same as
    ``obj.get(key)``, faster (pikepdf's get of a missing key costs about five times a
    membership test, and the PDF passes ask for missing keys thousands of times a chunk)."""
    return obj[key] if key in obj else None


def holders_in(entry: pikepdf.Object) -> list[pikepdf.Object]:
    """Streams with resources of their own that a resource entry draws: a form or tiling
    pattern itself, or the soft-mask group of a graphics state (/SMask /G)."""
    if isinstance(entry, pikepdf.Stream):
        return [entry] if Name.Resources in entry else []
    if isinstance(entry, pikepdf.Dictionary) and Name.SMask in entry:
        mask = entry[Name.SMask]
        group = value_of(mask, Name.G) if isinstance(mask, pikepdf.Dictionary) else None
        if isinstance(group, pikepdf.Stream):
            return holders_in(group)
    return []


def _pruned(resources: pikepdf.Object, used: set[str]) -> tuple[pikepdf.Dictionary, list]:
    """A new resources dictionary with only the ``used`` entries of each category, and the
    kept entries that have resources of their own (forms, tiling patterns)."""
    new = pikepdf.Dictionary()
    children = []
    for category in resources.keys():
        entries = resources[category]
        if not isinstance(entries, pikepdf.Dictionary):
            new[category] = entries  # /ProcSet and the like
            continue
        kept = {key: entries[key] for key in entries.keys() if key in used}
        if kept:
            new[category] = pikepdf.Dictionary(kept)
            children += [h for v in kept.values() for h in holders_in(v)]
    return new, children


def prune_resources(page: pikepdf.Page, done: set[tuple[int, int]]) -> None:
    """Give ``page`` and each form or pattern it draws (recursively) resources with only the
    names its own content uses. ``done`` holds forms already pruned (by object id)."""
    resources = page.obj.get(Name.Resources)
    if resources is None:
        return
    new, queue = _pruned(resources, _names_used(page))
    page.obj.Resources = new
    while queue:
        holder = queue.pop()
        if holder.objgen in done:
            continue
        done.add(holder.objgen)
        new, children = _pruned(holder.Resources, _names_used(holder))
        holder.Resources = new
        queue += children
