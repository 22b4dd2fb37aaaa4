"""JSON Schema validation (draft 2020-12) turned into located Problems.

Schemas live in the built-in ``schemas/`` folder and refer to each other by relative file
name (``card.schema.json#/$defs/card``), which also lets editors resolve them through the
``# yaml-language-server: $schema=`` line; more are registered by name while cardforge runs
(:func:`register_schema`, :func:`register_schema_folder`; see
:mod:`cardforge.validation.schema_registry`). Each schema error becomes one Problem at the line
of the offending value: CF004 for an unknown field (pointing at its key, with a "did you
mean" hint), CF003 for everything else, choosing the most relevant message of an
anyOf/oneOf rather than dumping every branch.

jsonschema makes the messages; :mod:`cardforge.validation.fast_schema` (jsonschema-rs) first tells
which documents, and which card entries of an invalid card file, it needs to see at all.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardforge.loading.yaml_source import Document, Pointer
from cardforge.problem import Problem
from cardforge.validation import schema_registry
from cardforge.validation.fast_schema import CARDS, SHOWN_CHARS, FastChecks, plain_json, shown

if TYPE_CHECKING:  # jsonschema is imported when a document is found invalid: a clean run
    from jsonschema import Draft202012Validator  # (the fast check says so) never needs it
    from jsonschema.exceptions import ValidationError

SCHEMA = "CF003"
UNKNOWN_FIELD = "CF004"

_UNEXPECTED = re.compile(r"'([^']+)'")


def schema(name: str) -> dict[str, Any]:
    """The schema ``name`` as data: a built-in file (e.g. ``game.schema.json``) or a
    registered schema. Raises KeyError if there is no such schema."""
    return schema_registry.lookup(name)


def register_schema(name: str, data: Mapping[str, Any]) -> bool:
    """Register (or replace) schema ``name`` for :func:`validate`; ``name`` must hold a
    ``/`` (e.g. ``workspace/<id>.schema.json``) so it never shadows a built-in file, and
    ``data`` must be self-contained or refer to built-in files by absolute URI. Returns
    True if it changed; registering the same schema again keeps every cached validator.
    Raises ValueError for a name without ``/``."""
    return schema_registry.register(name, data)


def register_schema_folder(prefix: str, folder: Path, owner: str) -> list[str]:
    """Register every ``*.schema.json`` of a pack's ``folder`` as ``<prefix><file>`` (see
    :func:`cardforge.validation.schema_registry.register_folder`); returns their names. Raises
    ConfigError naming ``owner`` and the file for a missing folder or a broken schema."""
    return schema_registry.register_folder(prefix, folder, owner)


def _validator(name: str, subschema: str | None) -> Draft202012Validator:
    return _compiled(name, subschema, schema_registry.version(name))


@lru_cache(maxsize=512)
def _compiled(name: str, subschema: str | None, version: int) -> Draft202012Validator:
    """jsonschema's validator for schema ``name`` at ``subschema`` as of ``version``."""
    from jsonschema import Draft202012Validator

    root = schema_registry.lookup(name)
    target: dict[str, Any] = root if subschema is None else {"$ref": f"{root['$id']}#{subschema}"}
    return Draft202012Validator(target, registry=schema_registry.store().registry)


@cache
def _fast() -> FastChecks:
    return FastChecks(schema_registry.store())


def surely_valid(instance: Any, name: str, subschema: str | None = None, *, plain: bool = False) -> bool:
    """True if the fast check finds ``instance`` valid against schema ``name`` (at
    ``subschema``): then jsonschema would find no error. False when it cannot tell.
    ``plain``: ``instance`` is known to be plain JSON (not checked again)."""
    return _fast().surely_valid(instance, name, subschema, plain=plain)


def has_subschema(name: str, pointer: str) -> bool:
    """True if schema ``name`` defines the JSON pointer ``pointer`` (e.g. ``/$defs/facts``)."""
    node: Any = schema(name)
    for part in pointer.strip("/").split("/"):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _known_names(node: Any) -> set[str]:
    """Every property name mentioned anywhere in the schema set (for suggestions)."""
    names: set[str] = set()
    if isinstance(node, dict):
        names.update(node.get("properties", {}))
        for value in node.values():
            names |= _known_names(value)
    elif isinstance(node, list):
        for value in node:
            names |= _known_names(value)
    return names


@cache
def _builtin_names() -> frozenset[str]:
    return frozenset(_known_names([schema(n) for n in schema_registry.builtin_names()]))


@lru_cache(maxsize=512)
def _names(name: str, version: int) -> frozenset[str]:
    """The field names a "did you mean" may suggest for schema ``name``: every name of the
    built-in files for a built-in schema; a registered one's own names, and the built-in
    ones too when it refers to a file (a pack's schema built on card.schema.json)."""
    if "/" not in name:
        return _builtin_names()
    data = schema(name)
    external = any(not ref.startswith("#") for ref in schema_registry.refs(data))
    return frozenset(_known_names(data)) | (_builtin_names() if external else frozenset())


def _best_match(errors: Any) -> ValidationError | None:
    """jsonschema's ``best_match`` (imported when first needed)."""
    from jsonschema.exceptions import best_match

    return best_match(errors)


def _leaf(error: ValidationError) -> ValidationError:
    """Descend anyOf/oneOf contexts to the single most relevant error."""
    while error.context:
        deeper = _best_match(error.context)
        if deeper is None:
            break
        error = deeper
    return error


def validate(doc: Document, name: str, *, subschema: str | None = None,
             at: Pointer = ()) -> list[Problem]:
    """Validate ``doc.data`` (or the part at pointer ``at``) against schema ``name``.

    ``subschema`` is a JSON pointer inside that schema (e.g. ``/$defs/facts``). Returns
    Problems (CF003 / CF004) located by the document's source map, one per distinct place.
    """
    instance: Any = doc.data
    for part in at:
        instance = instance[part]
    if surely_valid(instance, name, subschema, plain=doc.plain_json):
        return []
    suspects = _fast().suspect_cards(instance, name) if subschema is None else None
    if suspects is not None:  # jsonschema sees only the entries that fail on their own
        instance = {**instance, CARDS: [instance[CARDS][i] for i in suspects]}

    def path(error: ValidationError) -> Pointer:
        found = tuple(error.absolute_path)
        if suspects is not None and found[:1] == (CARDS,) and len(found) > 1:
            return (CARDS, suspects[found[1]], *found[2:])  # back to the entry's own index
        return found

    problems: list[Problem] = []
    seen: set[tuple[Pointer, str]] = set()
    errors = sorted(_validator(name, subschema).iter_errors(instance),
                    key=lambda e: [str(p) for p in path(e)])
    for error in errors:
        leaf = _leaf(error)
        pointer: Pointer = (*at, *path(leaf))
        if leaf.validator in ("additionalProperties", "unevaluatedProperties"):
            for key in _unexpected_keys(leaf):
                if (pointer, key) not in seen:
                    seen.add((pointer, key))
                    problems.append(Problem(doc.locate_key(*pointer, key), UNKNOWN_FIELD,
                                            f"unknown field {_key(key)}", hint=_suggest(key, name)))
            continue
        message = _message(leaf)
        if (pointer, message) in seen:
            continue
        seen.add((pointer, message))
        where = "/".join(str(p) for p in pointer) or "(top level)"
        problems.append(Problem(doc.locate(*pointer), SCHEMA, f"{where}: {message}",
                                hint=_schema_hint(leaf)))
    return problems


def _unexpected_keys(error: ValidationError) -> list[Any]:
    """The keys of the mapping ``error`` complains about, as they are in the data (a key
    YAML read as a date or a number too), in the data's order; else its first key."""
    instance = error.instance if isinstance(error.instance, dict) else {}
    listed = error.message.partition(" are not allowed (")[2] or error.message
    found = [k for k in instance if repr(k) in listed]
    if found:
        return found
    quoted = _UNEXPECTED.findall(error.message.split("(")[-1])
    return [k for k in quoted if k in instance] or list(instance)[:1]


def _key(key: Any) -> str:
    """A mapping key for a message: ``'name'`` for text, else as YAML read it."""
    return repr(key) if isinstance(key, str) else shown(key)


def _suggest(key: Any, name: str) -> str:
    key = key if isinstance(key, str) else shown(key)
    known = _names(name, schema_registry.version(name))
    close = difflib.get_close_matches(key, sorted(known - {key}), n=1, cutoff=0.7)
    if close:
        return f"did you mean {close[0]!r}?"
    return "remove it, or check the spelling against the schema (your editor can autocomplete it)"


def _message(error: ValidationError) -> str:
    instance = shown(error.instance)
    if error.validator == "required":
        return error.message.replace("is a required property", "is required")
    if error.validator == "enum":
        allowed = ", ".join(map(json.dumps, error.validator_value))
        return f"{instance} is not one of {allowed}"
    if error.validator == "dependentRequired":
        return error.message.replace(" is a dependency of ", " is required with ")
    if error.validator == "not":
        return f"{instance} is not allowed here"
    if error.validator == "type":
        unquoted = " (YAML reads an unquoted date as a date: quote it to make it text)" \
            if isinstance(error.instance, date) else ""
        return f"expected {error.validator_value}, got {instance}{unquoted}"
    if error.validator == "maxItems" and isinstance(error.instance, list):
        return f"has {len(error.instance)} items; at most {error.validator_value} are allowed"
    if not plain_json(error.instance) or len(instance) >= SHOWN_CHARS:
        return error.message.replace(repr(error.instance), instance)  # not Python's repr
    return error.message


def _schema_hint(error: ValidationError) -> str | None:
    """The schema's description of the value; for a misspelt choice, first the closest one."""
    description = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator == "enum" and isinstance(error.instance, str):
        choices = [str(v) for v in error.validator_value]
        close = difflib.get_close_matches(error.instance, choices, n=1, cutoff=0.5)
        if close:
            return f"did you mean {close[0]!r}?" + (f" {description}" if description else "")
    bound = _BOUNDS.get(str(error.validator))
    if bound is not None and isinstance(error.validator_value, (int, float)):
        limit = f"make it {shown(error.validator_value)} {bound}"
        return f"{limit}. {description}" if description else limit
    return description


_BOUNDS = {"maximum": "or less", "minimum": "or more"}
"""How to meet a numeric bound, by its JSON Schema keyword (for hints)."""
