"""Computed styles shared between equivalent elements, across the faces of one document.

WeasyPrint 70 computes each element's style once per *equivalent* element already: in
``StyleFor.__init__`` two elements share one computed style when they have the same parent
style, the same matched rules and the same declarations of their own (``style``
attribute, ``lang`` and the like). Those own declarations are compared as parsed objects,
by identity, and every element's are parsed anew, so an element with a ``style`` or
``lang`` attribute never shares, and neither does anything below it. Every Comic Creator
face starts with ``<div class="cc-face" style="--deck: …">`` and a ``lang`` attribute, so
no element of one face shared a style with the same element of another face: each face
computed about 60 styles from scratch. WeasyPrint also computes six pseudo-element styles
(``::marker``, ``::footnote-call`` and the other footnote and note parts, which its
user-agent stylesheet gives every element) for every element, shared never, used only by
list items and footnotes.

:func:`install` changes two things, for every document laid out afterwards in the process:

- an element whose own declarations come from a single source (only a ``style`` attribute,
  or only a ``lang``) gets, instead of a fresh parse, the parsed declarations of the first
  element of the document with the same text (same specificity and base URL): WeasyPrint's
  own comparison then finds such elements equivalent. An element with several sources
  (``style`` *and* ``lang``) keeps fresh declarations: WeasyPrint keys an element on the
  last source only, and sharing on that would be wrong;
- a pseudo-element's style is shared between elements of the same computed style whose
  pseudo-element matched the same rules (the same declarations, by identity, with the same
  weights), instead of being computed for each element. Page and margin-box styles are
  computed as before.

A computed style depends on the parent's computed style and the cascaded declarations
only (``attr()`` and counters stay unresolved until boxes are built from the element), so
the pages are the same: Comic Creator's faces and the five sample games' rasterise pixel
for pixel as before and their content streams are byte for byte the same
(tests/render/test_style_sharing.py); what it saves a build is in docs/benchmarks.md
(``benchmarks/bench_mechanisms.py style_sharing``). Does nothing if WeasyPrint's internals are not the ones
this was
written against (then styles are computed as before).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

_lock = threading.Lock()
_original: dict[str, Any] = {}
"""WeasyPrint's ``find_style_attributes`` and ``StyleFor.set_computed_styles`` while
installed, else empty."""
_PSEUDO_MEMO = "_cardforge_pseudo_styles"
"""Attribute of a ``StyleFor`` holding that document's shared pseudo-element styles."""

Item = tuple[Any, Any, Any, Any]
"""``(specificity, element, declarations, base_url)``, as WeasyPrint's generator yields."""


def install() -> None:
    """Make WeasyPrint share equivalent elements' styles (see the module); once per process
    (a lock keeps two threads from wrapping twice), later calls do nothing. Imports
    WeasyPrint's ``css`` package."""
    from weasyprint import css

    with _lock:
        if _original or not _expected(css):
            return
        _original["find"] = css.find_style_attributes
        _original["set"] = css.StyleFor.set_computed_styles
        css.find_style_attributes = _find_style_attributes
        css.StyleFor.set_computed_styles = _set_computed_styles


def uninstall() -> None:
    """Put WeasyPrint's own functions back (for tests comparing both); nothing if not installed."""
    from weasyprint import css

    with _lock:
        if _original:
            css.find_style_attributes = _original.pop("find")
            css.StyleFor.set_computed_styles = _original.pop("set")


def _expected(css: Any) -> bool:
    """Whether WeasyPrint's ``css`` package has the internals this module wraps."""
    style_for = getattr(css, "StyleFor", None)
    return (callable(getattr(css, "find_style_attributes", None)) and style_for is not None
            and callable(getattr(style_for, "set_computed_styles", None))
            and callable(getattr(style_for, "get_computed_styles", None))
            and callable(getattr(style_for, "get_cascaded_styles", None)))


def _find_style_attributes(tree: Any, presentational_hints: bool = False, base_url: Any = None
                           ) -> Iterator[Item]:
    """WeasyPrint's items, an element's single item's declarations those of the first
    element with the same text (WeasyPrint yields each element's items one after another)."""
    import tinycss2

    interned: dict[tuple[Any, Any, str], list[Any]] = {}
    pending: list[Item] = []

    def flush() -> Iterator[Item]:
        if len(pending) == 1:
            specificity, element, declarations, url = pending[0]
            declarations = list(declarations)
            key = (specificity, url, tinycss2.serialize(declarations))
            yield specificity, element, interned.setdefault(key, declarations), url
        else:
            yield from pending
        pending.clear()

    for item in _original["find"](tree, presentational_hints, base_url):
        if pending and pending[0][1] is not item[1]:
            yield from flush()
        pending.append(item)
    yield from flush()


def _set_computed_styles(self: Any, element: Any, parent: Any, root: Any = None, pseudo_type: Any = None,
                         base_url: Any = None, target_collector: Any = None) -> None:
    """WeasyPrint's ``StyleFor.set_computed_styles``; a pseudo-element of an element (not
    of a page) reuses the style of an earlier one with the same parent style and rules."""
    original = _original["set"]
    if pseudo_type is None or not hasattr(element, "tag") or parent is None:
        original(self, element, parent, root, pseudo_type, base_url, target_collector)
        return
    computed = self.get_computed_styles()
    parent_style = computed.get((parent, None))
    if parent_style is None:
        original(self, element, parent, root, pseudo_type, base_url, target_collector)
        return
    cascaded = self.get_cascaded_styles().get((element, pseudo_type), {})
    key = (id(parent_style), pseudo_type,
           tuple([(name, id(value), weight) for name, (value, weight) in cascaded.items()]))
    memo = self.__dict__.setdefault(_PSEUDO_MEMO, {})
    if key in memo:
        computed[element, pseudo_type] = memo[key][0]
        return
    original(self, element, parent, root, pseudo_type, base_url, target_collector)
    # the parent style and the values are kept alive beside it, so their ids stay theirs
    memo[key] = (computed[element, pseudo_type], parent_style, cascaded)
