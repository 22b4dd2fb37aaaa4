"""jsonschema-rs as a fast check in front of jsonschema, which makes cardforge's messages.

jsonschema (pure Python) takes about 0.3 ms a card; jsonschema-rs about 4 µs. Both read
the same schemas, so :meth:`FastChecks.surely_valid` lets a valid document skip jsonschema.
Only data that is plain JSON is trusted to it (a date, an infinite number or a non-string
key is read differently by the two). For a card file it finds invalid,
:meth:`FastChecks.suspect_cards` names the card entries jsonschema must see: those
jsonschema-rs rejects when each is checked alone in its file. That is only done where
jsonschema's errors for the file are exactly those of the file holding just those entries
(:meth:`FastChecks.cards_checked_alone`): the schema applies nothing to the ``cards``
array but ``type`` and ``items``, and nothing it applies to the whole file (``if``,
``anyOf``, ``const``…) looks inside ``cards``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from itertools import islice
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # referencing is imported when jsonschema first resolves a $ref, not by a clean lint
    from referencing import Registry

Resolver = Any  # referencing's Resolver (not exported by the package)

try:
    import jsonschema_rs
except ImportError:  # pragma: no cover - a dependency; without it every check is jsonschema's
    jsonschema_rs = None

CARDS = "cards"
_ATOMS = frozenset({str, int, bool, type(None)})
_INT64 = 2 ** 63
_NOTES = frozenset({"title", "description", "$comment", "examples", "default", "deprecated",
                    "readOnly", "writeOnly", "$schema", "$id", "$anchor", "$defs"})
_OBJECT_ONLY = _NOTES | {"type", "required", "dependentRequired", "minProperties",
                         "maxProperties", "propertyNames"}
"""Keywords applied to a file that do not read the values of its properties."""
_CARDS_ONLY = _NOTES | {"type", "items"}
"""Keywords the ``cards`` array may have: each entry is then checked on its own."""


def plain_json(data: Any) -> bool:
    """True if ``data`` is made only of dicts with string keys, lists, strings, 64-bit
    integers, booleans, None and finite floats (what both validators read alike)."""
    stack = [data]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _ATOMS:
            if kind is int and not -_INT64 <= item < _INT64:
                return False  # jsonschema-rs finds 60**3000 valid under "maximum": 10
            continue
        if kind is dict:
            if not all(type(key) is str for key in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind is not float or not math.isfinite(item):
            return False
    return True


SHOWN_CHARS = 200
"""Longest value :func:`shown` writes out in full, in characters."""


def shown(value: Any) -> str:
    """``value`` for a message: JSON (as before, ``"text"``, ``[1, 2]``), but a YAML date or
    timestamp as ``the date 2024-01-01``, binary data, a number too long to print and keys
    that are not text in words, and anything longer than :data:`SHOWN_CHARS` cut short."""
    if isinstance(value, datetime):
        return f"the timestamp {value.isoformat(sep=' ')}"
    if isinstance(value, date):
        return f"the date {value.isoformat()}"
    if isinstance(value, bytes | bytearray):
        return f"binary data ({len(value)} bytes)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a whole number of {value.bit_length()} bits"
    text = json.dumps(_plain(value, 0), ensure_ascii=False)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


def _plain(value: Any, depth: int) -> Any:
    """``value`` with everything JSON cannot write made into text, keeping no more than a
    message can show (its first 100 entries, 100 levels: each is over 200 characters)."""
    kind = type(value)
    if kind in _ATOMS or kind is float:
        return value if kind is not int or value.bit_length() <= 200 else shown(value)
    if depth > 100:
        return "…"
    if isinstance(value, dict):
        return {key if isinstance(key, str) else shown(key): _plain(item, depth + 1)
                for key, item in islice(value.items(), 100)}
    if isinstance(value, list | tuple):
        return [_plain(item, depth + 1) for item in islice(value, 100)]
    return shown(value) if isinstance(value, date | bytes | bytearray) else str(value)


def _no_retrieval(uri: str) -> Any:
    """jsonschema-rs's retriever: every schema is in the registry; nothing is fetched."""
    raise ValueError(f"not a built-in schema: {uri}")


class Schemas(Protocol):
    """What the fast checks read (:class:`cardforge.validation.schema_registry.SchemaStore`): the
    schemas by name, each with its ``$id``; jsonschema's registry of them; each name's
    version (raised when its schema is replaced)."""

    schemas: Mapping[str, dict[str, Any]]
    registry: Registry
    versions: Mapping[str, int]

    def family(self, name: str) -> Iterable[dict[str, Any]]:
        """The schemas schema ``name`` may refer to (itself included)."""
        ...


class FastChecks:
    """Fast checks against the schemas of ``store``, which may gain and replace schemas as
    it goes (what was compiled for a replaced schema is not used again). A schema is named
    by name and optional JSON pointer inside it, as in
    :func:`cardforge.validation.schema_validate.validate`."""

    def __init__(self, store: Schemas) -> None:
        self.store = store
        self._validators: dict[tuple[str, str | None, int], Any] = {}
        self._alone: dict[tuple[str, int], bool] = {}

    def validator(self, name: str, subschema: str | None) -> Any:
        """jsonschema-rs's validator for the schema, or None when jsonschema-rs is missing
        or cannot compile it (then jsonschema alone validates)."""
        key = (name, subschema, self.store.versions.get(name, 0))
        if key not in self._validators:
            self._validators[key] = self._compile(name, subschema)
        return self._validators[key]

    def _compile(self, name: str, subschema: str | None) -> Any:
        if jsonschema_rs is None:
            return None
        root = self.store.schemas[name]
        target = root if subschema is None else {"$ref": f"{root['$id']}#{subschema}"}
        try:
            registry = jsonschema_rs.Registry([(s["$id"], s) for s in self.store.family(name)],
                                              retriever=_no_retrieval)
            return jsonschema_rs.Draft202012Validator(target, registry=registry,
                                                      validate_formats=False,
                                                      retriever=_no_retrieval)
        except (ValueError, jsonschema_rs.ReferencingError):
            return None

    def _valid(self, fast: Any, instance: Any) -> bool:
        try:
            return bool(fast.is_valid(instance))
        except (ValueError, TypeError, OverflowError):
            return False

    def surely_valid(self, instance: Any, name: str, subschema: str | None = None, *,
                     plain: bool = False) -> bool:
        """True if jsonschema-rs finds plain-JSON ``instance`` valid against the schema;
        False when it is invalid or the fast check cannot tell. ``plain``: the caller knows
        ``instance`` is plain JSON (:func:`plain_json` is then not asked)."""
        fast = self.validator(name, subschema)
        return fast is not None and (plain or plain_json(instance)) and self._valid(fast, instance)

    def suspect_cards(self, instance: Any, name: str) -> list[int] | None:
        """For a card file (a mapping with a ``cards`` list) that schema ``name`` does not
        accept: the indexes of the entries jsonschema-rs rejects, each checked alone in the
        file. None when that cannot stand for the whole file (then validate all of it)."""
        fast = self.validator(name, None)
        if (fast is None or not isinstance(instance, dict) or not isinstance(instance.get(CARDS), list)
                or not self.cards_checked_alone(name) or not plain_json(instance)):
            return None
        return [index for index, card in enumerate(instance[CARDS])
                if not self._valid(fast, {**instance, CARDS: [card]})]

    def cards_checked_alone(self, name: str) -> bool:
        """Whether schema ``name`` checks each entry of ``cards`` on its own (see the module)."""
        key = (name, self.store.versions.get(name, 0))
        if key not in self._alone:
            root = self.store.schemas[name]
            resolver = self.store.registry.resolver(root["$id"])
            self._alone[key] = self._file_ok(root, resolver, True, set())
        return self._alone[key]

    def _file_ok(self, schema: Any, resolver: Resolver, conjunctive: bool,
                 seen: set[tuple[int, bool]]) -> bool:
        """Whether ``schema``, applied to a whole card file, reads ``cards`` only through
        ``items`` (and, unless ``conjunctive``, not at all: an ``if``, ``not``, ``anyOf`` or
        ``oneOf`` outcome must not depend on the entries)."""
        if isinstance(schema, bool) or (id(schema), conjunctive) in seen:
            return True
        if not isinstance(schema, dict):
            return False
        seen.add((id(schema), conjunctive))
        for keyword, value in schema.items():
            if keyword in _OBJECT_ONLY:
                continue
            if keyword == "properties":
                if CARDS in value and not (conjunctive and self._cards_ok(value[CARDS], resolver, set())):
                    return False
            elif keyword in ("additionalProperties", "unevaluatedProperties"):
                if not isinstance(value, bool) and CARDS not in schema.get("properties", {}):
                    return False
            elif keyword in ("allOf", "then", "else", "dependentSchemas", "anyOf", "oneOf", "if", "not"):
                keeps = conjunctive and keyword in ("allOf", "then", "else", "dependentSchemas")
                parts = value.values() if keyword == "dependentSchemas" else (
                    value if isinstance(value, list) else [value])
                if not all(self._file_ok(part, resolver, keeps, seen) for part in parts):
                    return False
            elif keyword == "$ref":
                resolved = resolver.lookup(value)
                if not self._file_ok(resolved.contents, resolved.resolver, conjunctive, seen):
                    return False
            else:
                return False  # const, enum, patternProperties, $dynamicRef, unknown: not sure
        return True

    def _cards_ok(self, schema: Any, resolver: Resolver, seen: set[int]) -> bool:
        """Whether ``schema`` (what a file's ``cards`` must be) uses only ``type`` and
        ``items`` (through ``$ref`` and ``allOf`` too)."""
        if isinstance(schema, bool) or id(schema) in seen:
            return True
        if not isinstance(schema, dict):
            return False
        seen.add(id(schema))
        for keyword, value in schema.items():
            if keyword == "$ref":
                resolved = resolver.lookup(value)
                if not self._cards_ok(resolved.contents, resolved.resolver, seen):
                    return False
            elif keyword == "allOf":
                if not all(self._cards_ok(part, resolver, seen) for part in value):
                    return False
            elif keyword not in _CARDS_ONLY:
                return False
        return True
