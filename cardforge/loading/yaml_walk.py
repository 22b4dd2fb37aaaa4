"""Turning a composed YAML node tree into plain data and a source map (see
:mod:`cardforge.loading.yaml_source`)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml

from cardforge.boundary import trust
from cardforge.loading.document import Document, SourceTree
from cardforge.loading.yaml_limits import MERGE
from cardforge.problem import Location, Problem

YAML_SYNTAX = "CF001"
DUPLICATE_KEY = "CF002"
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class LoadError(Exception):
    """A file could not be loaded; ``problems`` say where and why (CF001 / CF002)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.location}: {p.message}" for p in problems))
        self.problems = problems


def mark_location(path: Path, mark: Any) -> Location:
    """A yaml Mark (0-based ``line`` and ``column``) as a Location in ``path``."""
    return Location(path, mark.line + 1, mark.column + 1)


_STR = "tag:yaml.org,2002:str"
_QUOTES = ("'", '"')
_SCALARS = frozenset(f"tag:yaml.org,2002:{name}"
                     for name in ("null", "bool", "int", "float", "timestamp", "binary"))
"""Scalar tags whose value is immutable and depends on the scalar's text alone."""
_NUMBERS = frozenset(("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"))
_INT64 = 2 ** 63
_JSON_TYPES = frozenset((str, int, float, bool, type(None)))


class Walker:
    """Turns a composed node tree into plain data and its :data:`~cardforge.loading.document.SourceTree`
    (Raises LoadError from :meth:`build`)."""

    def __init__(self, doc: Document, loader: Any, merges: bool = True) -> None:
        """``merges``: whether the text may hold merge keys (``<<``); False skips looking."""
        self.doc = doc
        self.loader = loader
        self.merges = merges
        self.problems: list[Problem] = []
        self.json_exact = True
        """Whether JSON holds the data exactly: every key is text and every value text, a
        number, a boolean or null (no date, no binary)."""
        self.finite = True
        """Whether every number is finite (no ``.inf``, no ``.nan``)."""
        self._constructed: dict[tuple[str, str], Any] = {}  # (tag, text) → value

    def build(self, node: yaml.Node, trees: list[SourceTree], depth: int = 1) -> Any:
        """Plain data for ``node`` (``depth`` levels down, the root is 1), appending where
        it and its parts were written to ``trees``. Raises LoadError."""
        mark = node.start_mark
        line, col = mark.line + 1, mark.column + 1
        if depth > trust.MAX_YAML_DEPTH:
            raise LoadError([Problem(Location(self.doc.path, line, col), YAML_SYNTAX,
                                     f"values nest more than {trust.MAX_YAML_DEPTH} levels deep",
                                     hint="flatten the structure; card data nests a few levels")])
        if type(node) is yaml.ScalarNode:
            return self._leaf(node, trees)
        if node.tag not in _PLAIN_TAGS:
            raise LoadError([Problem(Location(self.doc.path, line, col), YAML_SYNTAX,
                                     f"YAML tag {node.tag!r} is not allowed",
                                     hint="card data is plain YAML: remove the !! tag")])
        if type(node) is yaml.MappingNode:
            entries: dict[Any, list[Any]] = {}
            trees.append([line, col, entries])
            return self._mapping(node, entries, depth)
        items: list[SourceTree] = []
        trees.append([line, col, items])
        if depth >= trust.MAX_YAML_DEPTH:  # build() reports the item that nests too deep
            return [self.build(item, items, depth + 1) for item in node.value]
        return [self._leaf(item, items) if type(item) is yaml.ScalarNode
                else self.build(item, items, depth + 1) for item in node.value]

    def _leaf(self, node: yaml.ScalarNode, trees: list[SourceTree]) -> Any:
        """A scalar's value (:meth:`_scalar`), appending where it was written to ``trees``:
        ``[line, column]``, with a third item 1 when it is quoted on one line. Called
        directly for the scalars of a mapping or list (most nodes of a card file), whose
        depth :meth:`build` has checked."""
        mark = node.start_mark
        if node.style in _QUOTES and mark.line == node.end_mark.line:
            trees.append([mark.line + 1, mark.column + 1, 1])
        else:
            trees.append([mark.line + 1, mark.column + 1])
        return node.value if node.tag == _STR else self._scalar(node)

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        """A scalar's value as PyYAML's safe constructor makes it, each distinct (tag, text)
        constructed once; other tags go to the constructor (which refuses unknown ones).
        Raises LoadError for text its tag cannot read (``!!int abc``, a 13th month), a
        number longer than :data:`~cardforge.boundary.trust.MAX_NUMBER_CHARS` characters (``1:2:3…``
        would take hours to compute) and a whole number outside a 64-bit integer."""
        tag = node.tag
        if tag == _STR:
            return node.value
        memo = (tag, node.value)
        if memo in self._constructed:
            return self._constructed[memo]
        if tag in _NUMBERS and len(node.value) > trust.MAX_NUMBER_CHARS:
            raise self._unreadable(node, f"a number of more than {trust.MAX_NUMBER_CHARS} characters")
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, KeyError, AttributeError, TypeError, OverflowError) as exc:
            raise self._unreadable(node, _reason(exc)) from None
        if type(value) is int and not -_INT64 <= value < _INT64:
            raise self._unreadable(node, "a whole number beyond 64 bits (±9,223,372,036,854,775,807)")
        if tag in _SCALARS:
            self._constructed[memo] = value
        if type(value) not in _JSON_TYPES:
            self.json_exact = False
        elif type(value) is float and not math.isfinite(value):
            self.finite = False
        return value

    def _unreadable(self, node: yaml.ScalarNode, reason: str) -> LoadError:
        """The LoadError for a scalar its tag cannot read, at the scalar."""
        tag = node.tag
        kind = tag.rpartition(":")[2] if tag.startswith("tag:yaml.org,2002:") else tag
        shown = node.value if len(node.value) <= 40 else node.value[:40] + "…"
        return LoadError([Problem(mark_location(self.doc.path, node.start_mark), YAML_SYNTAX,
                                  f"cannot read {shown!r} as YAML {kind}: {reason}",
                                  hint="quote the value to keep it as text")])

    def _mapping(self, node: yaml.MappingNode, entries: dict[Any, list[Any]], depth: int) -> dict[Any, Any]:
        """The mapping's data; ``entries`` gets each key's ``[key_line, key_col, tree]``."""
        if self.merges:
            self._one_merge_key(node)
        self.loader.flatten_mapping(node)  # resolves YAML merge keys (<<)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            mark = key_node.start_mark
            key_line, key_col = mark.line + 1, mark.column + 1
            if type(key_node) is not yaml.ScalarNode:
                key: Any = []
            else:
                key = key_node.value if key_node.tag == _STR else self._scalar(key_node)
            if type(key) is not str:
                self.json_exact = False
            try:
                hash(key)
            except TypeError:
                self.problems.append(Problem(Location(self.doc.path, key_line, key_col), YAML_SYNTAX,
                                             "a mapping key must be a scalar",
                                             hint="write keys as plain words, e.g. `name:`"))
                continue
            if key in entries:
                self.problems.append(Problem(
                    Location(self.doc.path, key_line, key_col), DUPLICATE_KEY,
                    f"duplicate key {repr(key) if isinstance(key, str) else key} (first "
                    f"defined at line {entries[key][0]})",
                    hint="YAML keeps only the last value; delete or rename one of them"))
                continue
            entry = entries[key] = [key_line, key_col]
            if type(value_node) is yaml.ScalarNode and depth < trust.MAX_YAML_DEPTH:
                out[key] = self._leaf(value_node, entry)  # appends the value's tree
            else:
                out[key] = self.build(value_node, entry, depth + 1)  # appends the value's tree
        return out

    def _one_merge_key(self, node: yaml.MappingNode) -> None:
        """Report every merge key of ``node`` after the first (CF002) and drop it: YAML keys
        are unique, and PyYAML flattening many would take quadratic time."""
        merges = [key for key, _ in node.value if key.tag == MERGE]
        for extra in merges[1:]:
            self.problems.append(Problem(mark_location(self.doc.path, extra.start_mark), DUPLICATE_KEY,
                                         "duplicate merge key '<<'",
                                         hint="merge several mappings with one key: "
                                              "`<<: [*one, *two]`"))
        if len(merges) > 1:
            node.value = [pair for pair in node.value if pair[0] is merges[0] or pair[0].tag != MERGE]


def _reason(exc: BaseException) -> str:
    """A constructor's complaint in a few words (its messages can be long)."""
    text = str(exc).split(":")[0] if isinstance(exc, ValueError) else ""
    return text[:80] or "not a valid value of that type"


