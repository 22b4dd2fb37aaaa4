"""YAML loading with a source map: every key and list item knows its file, line and column.

PyYAML's composer gives nodes with marks; we walk the node tree ourselves so that
(1) each value and each key gets a :class:`Location`, addressed by a *pointer* (a tuple of
mapping keys and list indexes, like a JSON Pointer), and (2) duplicate keys, which PyYAML
silently resolves to the last one, become Problems (code CF002). Syntax errors become a
Problem with code CF001 at the parser's mark. Only the safe YAML subset is constructed.

Files are untrusted (docs/security.md): :func:`load_yaml` reads through
:mod:`cardforge.boundary.trust`, and a file is counted as it is composed
(:mod:`cardforge.loading.yaml_limits`:
aliases and merge keys at every use, nesting depth) before any data is built, so an alias
bomb or a recursive alias is a CF001 Problem, never exhausted memory. Turning nodes into
data lives in :mod:`cardforge.loading.yaml_walk`.
"""

from __future__ import annotations

import gc
import operator
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
import yaml.reader

from cardforge.boundary import trust
from cardforge.loading import yaml_limits
from cardforge.loading.document import Document, Pointer
from cardforge.loading.parse_cache import MIN_BYTES, ParseCache
from cardforge.loading.yaml_walk import DUPLICATE_KEY, YAML_SYNTAX, LoadError, Walker, mark_location
from cardforge.problem import Location, Problem

try:  # the C parser is ~10x faster; the pure-Python one behaves the same
    _Base: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Base = yaml.SafeLoader
_LIBYAML = _Base is getattr(yaml, "CSafeLoader", None)


class _Loader(_Base):  # type: ignore[misc,valid-type]
    """The safe loader, each distinct plain scalar resolved to its tag once per file.

    PyYAML's resolver matches a scalar against its implicit-type patterns (null, bool, int,
    float, timestamp…) every time it appears; card files repeat the same words (deck names,
    attributes, ``true``) thousands of times. Since the safe loader has no path resolvers
    (checked below), a plain scalar's tag depends only on its text, and any other node's
    only on its kind (a quoted or block scalar is text, a sequence or mapping has the
    default tag); so a plain scalar's is remembered, and the others' are given at once:
    composing a 10,000-card deck's files took 7–20% less time here with the memo, and the
    kinds given at once about another 10%."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._tags: dict[str, str] = {}

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        """The tag of a node (as PyYAML's ``BaseResolver.resolve`` gives it without path
        resolvers), plain scalars' remembered."""
        if kind is yaml.ScalarNode:
            if not implicit[0]:  # not plain: no implicit-type pattern is tried
                return _SCALAR_TAG
            tag = self._tags.get(value)
            if tag is None:
                tag = self._tags[value] = super().resolve(kind, value, implicit)
            return tag
        return _MAPPING_TAG if kind is yaml.MappingNode else _SEQUENCE_TAG

    # Without path resolvers, PyYAML's descend_resolver and ascend_resolver do nothing, and
    # libyaml's composer calls each once per node: built-in no-ops cost less than methods.
    descend_resolver = staticmethod(operator.is_)
    ascend_resolver = staticmethod(tuple)


_SCALAR_TAG: str = _Loader.DEFAULT_SCALAR_TAG
_MAPPING_TAG: str = _Loader.DEFAULT_MAPPING_TAG
_SEQUENCE_TAG: str = _Loader.DEFAULT_SEQUENCE_TAG

if _Loader.yaml_path_resolvers:  # pragma: no cover - the tag memo and no-op path methods assume none
    raise ImportError("cardforge.loading.yaml_source: PyYAML's safe loader has path resolvers")

__all__ = ["DUPLICATE_KEY", "YAML_SYNTAX", "Document", "LoadError", "Pointer", "gc_paused",
           "iter_pointers", "load_yaml", "loads"]


@contextmanager
def gc_paused(freeze: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector while building many objects that live on: a
    large file's data and source map, or a deck's cards converted for expressions
    (:mod:`cardforge.lint.data_values`). The collector's passes over them took most of the
    time; reference counting still frees the rest.

    With ``freeze``, every object there is when the outermost pause ends is moved out of
    the collector's sight (``gc.freeze()``): for a loaded game, which lives until the
    process ends, the collector's later passes, and its passes at exit (1.5 s after a
    10,000-card lint), no longer walk it. Reference counting still frees those objects; a
    cycle among them is never collected, so freeze only what lives on."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze:
                gc.freeze()
            gc.enable()


def _walk(loader: Any, walker: Walker, text: str) -> Any:
    """Compose the document's nodes and turn them into data (None for an empty document),
    setting the source tree of the walker's document; the node tree is freed on return. A
    file that may use aliases or be large is composed by
    :func:`cardforge.loading.yaml_limits.compose`, which counts it. Raises LoadError,
    yaml_limits.Exceeded and yaml.YAMLError."""
    if _LIBYAML and yaml_limits.surely_small(text):
        node = loader.get_single_node()
    else:
        node = yaml_limits.compose(loader)
    if node is None:
        return None
    trees: list[Any] = []
    data = walker.build(node, trees)
    if walker.problems:
        raise LoadError(walker.problems)
    walker.doc.tree = trees[0]
    return data


def loads(text: str, path: Path) -> Document:
    """Parse YAML ``text`` (as if read from ``path``) into a :class:`Document`.

    Raises :class:`LoadError` with CF001 (syntax, a value its tag cannot read, or a file
    past a limit of :mod:`cardforge.loading.yaml_limits`) or CF002 (duplicate key) Problems.
    An empty file gives ``data = None``.
    """
    return _parse(text, path).doc


@dataclass(frozen=True)
class _Parsed:
    """A parsed document, and whether JSON can hold its data exactly."""

    doc: Document
    json_exact: bool  # see Walker.json_exact


def _parse(text: str, path: Path) -> _Parsed:
    """:func:`loads`, saying too whether JSON can hold the data exactly."""
    doc = Document(path=path, data=None, lines=text.splitlines())
    loader = None
    walker = None
    try:
        loader = _Loader(text)
        with gc_paused():
            walker = Walker(doc, loader, merges="<<" in text)
            doc.data = _walk(loader, walker, text)
    except yaml_limits.Exceeded as exc:
        raise LoadError([Problem(mark_location(path, exc.mark), YAML_SYNTAX, exc.message,
                                 hint=exc.hint)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = mark_location(path, mark) if mark else Location(path)
        message = " ".join(str(m) for m in (exc.context, exc.problem) if m) or "invalid YAML"
        if exc.context_mark and mark and exc.context_mark.line != mark.line:
            message += f" (the construct began at line {exc.context_mark.line + 1}, " \
                       f"column {exc.context_mark.column + 1})"
        raise LoadError([Problem(loc, YAML_SYNTAX, f"YAML syntax: {message}",
                                 hint=_syntax_hint(message))]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        char = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        raise LoadError([Problem(_at_offset(path, text, exc.position), YAML_SYNTAX,
                                 f"YAML: the character U+{char:04X} is not allowed",
                                 hint="remove it, or write it as an escape in a double-quoted "
                                      "string")]) from None
    except (yaml.YAMLError, UnicodeError, RecursionError) as exc:
        raise LoadError([Problem(Location(path), YAML_SYNTAX, f"YAML: {exc}")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    exact = walker is not None and walker.json_exact
    doc.plain_json = exact and walker is not None and walker.finite
    return _Parsed(doc, exact)


def _at_offset(path: Path, text: str, offset: int) -> Location:
    """Location of the reader's ``offset`` (0-based) in ``text``: a character index for the
    Python reader, a UTF-8 byte index for libyaml's."""
    if _LIBYAML:
        offset = len(text.encode("utf-8", "surrogatepass")[:offset].decode("utf-8", "ignore"))
    before = text[:offset]
    return Location(path, before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1)


def _syntax_hint(message: str) -> str:
    if "tab" in message:
        return "indent with spaces, not tabs"
    if "mapping values are not allowed" in message:
        return "a value containing ': ' must be quoted"
    if "could not find expected ':'" in message:
        return "each line of a mapping needs `key: value`; check the line above"
    if "anchor" in message or "alias" in message:
        return "define each &anchor once, before the *aliases that use it"
    if "maximum nesting depth" in message:
        return "flatten the structure; card data nests a few levels"
    return "check the indentation and quoting around this position"


def load_yaml(path: Path, parsed: ParseCache | None = None) -> Document:
    """Read ``path`` through the trust boundary (:func:`cardforge.boundary.trust.read_text`: a
    regular UTF-8 file inside the workspace, a byte-order mark dropped) and parse it; see
    :func:`loads` for errors. With ``parsed``, a file of at least
    :data:`cardforge.loading.parse_cache.MIN_BYTES` is taken from that cache when its text was
    parsed before, and kept there once parsed.

    Raises :class:`LoadError` (CF001 at the file, or at the first byte that is not UTF-8)
    when the file is refused: outside the workspace, not a regular file, too large, a
    symlink loop, UTF-16 or not UTF-8.
    """
    try:
        text = trust.read_text(path, "yaml")
    except trust.Refused as refused:
        raise LoadError([refused.problem(YAML_SYNTAX)]) from None
    if parsed is None or len(text) < MIN_BYTES:
        return loads(text, path)
    with gc_paused():
        kept = parsed.get(text, path)
    if kept is not None:
        return kept
    fresh = _parse(text, path)
    if fresh.json_exact:
        parsed.put(text, fresh.doc)
    return fresh.doc


def iter_pointers(data: Any, pointer: Pointer = ()) -> Iterator[tuple[Pointer, Any]]:
    """Every (pointer, value) in ``data``, depth first, parents before children."""
    yield pointer, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from iter_pointers(v, (*pointer, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from iter_pointers(v, (*pointer, i))
