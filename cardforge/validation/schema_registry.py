"""Every JSON Schema cardforge validates with, by name: the built-in files and registered ones.

Built-in schemas are the files of cardforge's ``schemas/`` folder, named by file name
(``card.schema.json``) and referring to each other by relative file name. Others are
*registered* while cardforge runs: the card-file schema made from a workspace game's deck
``fields:`` (:mod:`cardforge.validation.field_schema`) and the schema files a third-party pack brings
in its ``schemas_dir``. A registered name always holds a ``/`` (``workspace/<id>.schema.json``,
``pack/<id>/<file>``), so it can never be mistaken for a built-in file.

Each name has a *version*, raised when its schema is replaced by a different one (the same
game id loaded from another folder with other fields): validators are cached per name,
subschema and version, so registering again what is already there costs one comparison
and keeps every compiled validator (:mod:`cardforge.validation.schema_validate`,
:mod:`cardforge.validation.fast_schema`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardforge.boundary import trust
from cardforge.boundary.resources import schemas_dir
from cardforge.errors import ConfigError

if TYPE_CHECKING:  # referencing is imported when a $ref is first resolved, not by a clean lint
    from referencing import Registry

DRAFT = "https://json-schema.org/draft/2020-12/schema"


@dataclass
class SchemaStore:
    """The schemas by name (each with its ``$id``), jsonschema's :attr:`registry` of them
    (by ``$id``), and each name's ``versions`` (0 until replaced). Mutated only by the
    functions of this module."""

    schemas: dict[str, dict[str, Any]] = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)
    _registry: Registry | None = field(default=None, repr=False)

    @property
    def registry(self) -> Registry:
        """The ``referencing`` registry of every schema by its ``$id`` (a schema without
        ``$schema`` is read as draft 2020-12), made on first use after a change."""
        if self._registry is None:
            from referencing import Registry, Resource
            from referencing.jsonschema import DRAFT202012

            self._registry = Registry().with_resources(
                (schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012))
                for schema in self.schemas.values())
        return self._registry

    def family(self, name: str) -> Iterator[dict[str, Any]]:
        """The schemas ``name`` may refer to: the built-in ones and those registered under
        the same prefix as ``name`` (its pack's other files)."""
        prefix = name.rpartition("/")[0]
        for other, schema in self.schemas.items():
            if "/" not in other or other.rpartition("/")[0] == prefix:
                yield schema


@cache
def store() -> SchemaStore:
    """The one store, the built-in schemas loaded on first use (read through the trust
    boundary as every file is)."""
    found = SchemaStore()
    for path in sorted(schemas_dir().glob("*.schema.json")):
        schema = json.loads(trust.read_text(path, "json"))
        schema.setdefault("$id", path.as_uri())
        found.schemas[path.name] = schema
    return found


def lookup(name: str) -> dict[str, Any]:
    """The schema registered or built in as ``name``, as data. Raises KeyError if none."""
    return store().schemas[name]


def version(name: str) -> int:
    """How often schema ``name`` was replaced by a different one (0: never)."""
    return store().versions.get(name, 0)


def builtin_names() -> list[str]:
    """The names of the built-in schema files, sorted."""
    return sorted(name for name in store().schemas if "/" not in name)


def register(name: str, schema: Mapping[str, Any], uri: str | None = None) -> bool:
    """Add schema ``name`` (replacing one of that name), with ``$id`` ``uri`` (default: the
    schema's own ``$id``, else ``urn:cardforge:<name>``). Returns True if anything changed.

    Raises ValueError for a name without ``/`` (those are the built-in files'). The schema
    is not checked here: see :func:`register_folder` for files that may be broken.
    """
    if "/" not in name:
        raise ValueError(f"registered schema names hold a '/', unlike built-in files: {name!r}")
    data = dict(schema)
    data["$id"] = uri or str(data.get("$id") or f"urn:cardforge:{name}")
    found = store()
    if found.schemas.get(name) == data:
        return False
    if name in found.schemas:
        found.versions[name] = found.versions.get(name, 0) + 1
    found.schemas[name] = data
    found._registry = None  # made again, with this schema, when next resolved
    return True


def register_folder(prefix: str, folder: Path, owner: str) -> list[str]:
    """Register every ``*.schema.json`` of ``folder`` (a pack's ``schemas_dir``) as
    ``<prefix><file name>`` (``prefix`` ends with ``/``), each with its file's URI as ``$id``
    unless it sets one, and the built-in files the folder lacks under the folder's URI too,
    so that its files refer to ``card.schema.json`` by file name as built-in packs do.
    Returns the names registered from the folder's own files.

    Raises ConfigError naming ``owner`` (the pack and where it comes from), the file and,
    for JSON, the line and column: a folder that is missing, a file that cannot be read,
    is not JSON, is not a valid draft 2020-12 schema, or has a ``$ref`` that leads nowhere.
    """
    if not folder.is_dir():
        raise ConfigError(f"{owner}: schemas folder {folder} not found",
                          hint="the pack's schemas_dir must name a folder installed with it")
    files = sorted(folder.glob("*.schema.json"))
    own = {path.name: _read_schema(path, folder, owner) for path in files}
    for name, schema in own.items():
        register(prefix + name, schema, uri=schema.get("$id") or (folder / name).as_uri())
    for builtin in builtin_names():
        if builtin not in own:
            register(prefix + builtin, lookup(builtin), uri=(folder / builtin).as_uri())
    for path in files:
        _check_refs(prefix + path.name, path, owner)
    return [prefix + name for name in own]


def _read_schema(path: Path, folder: Path, owner: str) -> dict[str, Any]:
    """The schema in ``path`` as data; ConfigError (see :func:`register_folder`)."""
    try:
        data = json.loads(trust.read_text(path, "json", roots=(folder.resolve(),)))
    except trust.Refused as exc:
        raise ConfigError(f"{owner}: {exc}", hint=exc.hint or "reinstall the pack") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{owner}: {path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}",
                          hint="fix the pack's schema file (a JSON Schema, draft 2020-12)") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{owner}: {path}: a JSON Schema is an object, not {type(data).__name__}",
                          hint="the file must hold one JSON object: {\"$schema\": …}")
    from jsonschema import Draft202012Validator  # only for a pack's or workspace's own schema
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(data)
    except SchemaError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or "(top level)"
        raise ConfigError(f"{owner}: {path}: not a valid JSON Schema at {where}: {exc.message}",
                          hint=f"check it against the draft 2020-12 meta-schema ({DRAFT})") from None
    return data


def _check_refs(name: str, path: Path, owner: str) -> None:
    """Raise ConfigError for the first ``$ref`` of schema ``name`` that leads nowhere."""
    schema = lookup(name)
    from referencing.exceptions import Unresolvable

    resolver = store().registry.resolver(schema["$id"])
    for ref in refs(schema):
        try:
            resolver.lookup(ref)
        except Unresolvable:
            raise ConfigError(f"{owner}: {path}: $ref {ref!r} leads to no schema",
                              hint=f"refer to a file of {path.parent} or a built-in one "
                                   f"({', '.join(builtin_names())}), e.g. "
                                   "card.schema.json#/$defs/card") from None


def refs(node: Any) -> Iterator[str]:
    """Every ``$ref`` string in the schema ``node``, depth first."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)
