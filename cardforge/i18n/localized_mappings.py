"""The localized mappings of a loaded document, found in one walk and shared.

:func:`localized_mappings` finds the ``{lang: text}`` mappings of a YAML tree
(:mod:`cardforge.i18n.translatable_units` re-exports it). Catalog extraction, TR103, TR104 and CF014
each walked every file of a game, and the card rules (CF009, CF014) each card once more:
five walks of a 10,000-card file. :func:`in_document` walks a loaded document once, and
:func:`under` gives a value inside it (a card) the part of that walk under its pointer.

A loaded document's data is not changed afterwards (a game rendered with catalog texts is
a copy with documents of its own), so a walk is kept while its document lives and still
holds the same data object; a document whose ``data`` was replaced is walked again.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardforge.loading.document import Document, Pointer
from cardforge.loading.field_paths import value_at

LANGUAGE = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")
"""A language code as the schemas' ``localized`` allows (``en``, ``pt-BR``)."""

Mapped = tuple[Pointer, dict[str, str]]
"""``(pointer, mapping)``: a localized mapping and where it is."""


def localized_mappings(data: Any, path: Pointer = ()) -> Iterator[Mapped]:
    """Every ``(pointer, mapping)`` inside ``data`` whose mapping is a localized text (all
    keys language codes, all values strings), depth first in document order. The whole walk
    is made at the call (a list, not nested generators: a 10,000-card file has tens of
    thousands of nodes, and each yield went through every level above it)."""
    found: list[Mapped] = []
    _collect(data, path, found)
    return iter(found)


_LANGUAGE_KEYS: dict[str, bool] = {}
"""Mapping key → whether it is a language code: a game has few distinct keys."""


def _is_language(key: object) -> bool:
    if type(key) is not str:
        return isinstance(key, str) and bool(LANGUAGE.match(key))
    known = _LANGUAGE_KEYS.get(key)
    if known is None:
        known = bool(LANGUAGE.match(key))
        if len(_LANGUAGE_KEYS) < 4096:
            _LANGUAGE_KEYS[key] = known
    return known


def _collect(data: Any, path: Pointer, found: list[Mapped]) -> None:
    if isinstance(data, dict):
        if data and all(_is_language(k) and isinstance(v, str) for k, v in data.items()):
            found.append((path, data))
            return
        for key, value in data.items():
            if isinstance(value, dict | list):
                _collect(value, (*path, key), found)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            if isinstance(value, dict | list):
                _collect(value, (*path, index), found)


@dataclass
class _Walk:
    """One document's walk: the document (``ref``, weak) and the ``data`` it was made from,
    what it ``found`` (document order), and that grouped by the first n keys of the
    pointers (``by_prefix[n]``)."""

    ref: weakref.ref[Document]
    data: Any
    found: list[Mapped]
    by_prefix: dict[int, dict[Pointer, list[Mapped]]] = field(default_factory=dict)


_WALKS: dict[int, _Walk] = {}
"""Walks by ``id()`` of their document, dropped when it is freed."""


def in_document(doc: Document) -> list[Mapped]:
    """Every ``(pointer, mapping)`` of ``localized_mappings(doc.data)``, in document order:
    walked once per document. Do not change the list."""
    return _walk(doc).found


def under(doc: Document, pointer: Pointer, data: Any) -> list[Mapped]:
    """``list(localized_mappings(data, pointer))`` for ``data``, the value at ``pointer`` in
    ``doc`` (a card's entry): that part of the document's one walk. A ``data`` that is not
    the value at ``pointer`` is walked on its own."""
    if not pointer:
        return in_document(doc) if data is doc.data else list(localized_mappings(data))
    if value_at(doc.data, pointer) is not data:
        return list(localized_mappings(data, pointer))
    walk = _walk(doc)
    groups = walk.by_prefix.get(len(pointer))
    if groups is None:
        groups = walk.by_prefix[len(pointer)] = {}
        for found, mapping in walk.found:
            if len(found) >= len(pointer):
                groups.setdefault(found[:len(pointer)], []).append((found, mapping))
    return groups.get(tuple(pointer), [])


def _walk(doc: Document) -> _Walk:
    key = id(doc)
    known = _WALKS.get(key)
    if known is not None and known.ref() is doc and known.data is doc.data:
        return known
    walk = _WALKS[key] = _Walk(weakref.ref(doc, lambda _: _forget(key)), doc.data,
                               list(localized_mappings(doc.data)))
    return walk


def _forget(key: int) -> None:
    """Drop a freed document's walk (its id may be reused by a new object)."""
    known = _WALKS.get(key)
    if known is not None and known.ref() is None:
        del _WALKS[key]
