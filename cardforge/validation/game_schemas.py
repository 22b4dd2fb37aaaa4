"""Which schema checks a game's card files, made ready for
:func:`cardforge.validation.schema_validate.validate`.

- A built-in pack names a file of cardforge's ``schemas/``.
- A third-party pack with a ``schemas_dir`` names a file of that folder: the folder's files
  are registered as ``pack/<id>/<file>`` (once a process) with the built-in files beside
  them, so they refer to ``card.schema.json`` by file name as built-in packs do.
- A workspace game's schema is made from the decks' ``fields:`` in game.yaml
  (:mod:`cardforge.validation.field_schema`) and registered as ``workspace/<id>.schema.json``.

A schema that cannot be found or read is a ConfigError naming the pack, where it comes
from (its entry point and package) and the file, never a KeyError.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.errors import ConfigError
from cardforge.model.game_packs import GameSpec, origin
from cardforge.model.workspace_game import WorkspaceGameSpec, schema_name
from cardforge.validation import schema_registry
from cardforge.validation.field_schema import card_file_schema
from cardforge.validation.schema_validate import register_schema, register_schema_folder

PACK_PREFIX = "pack/"


def pack_schema(spec: GameSpec) -> str:
    """The registered name of pack ``spec``'s card-file schema (for a workspace game: the
    name its schema gets from :func:`workspace_schema`).

    Raises ConfigError naming the pack and its origin for a ``schemas_dir`` that is missing
    or holds a broken schema (file, line, column), and for a ``schema`` found in neither
    the pack's folder nor the built-in ``schemas/``.
    """
    if isinstance(spec, WorkspaceGameSpec):
        return spec.schema
    if spec.schemas_dir is None:
        if spec.schema not in schema_registry.builtin_names():
            raise ConfigError(f"{origin(spec)}: its schema {spec.schema!r} is not a built-in schema",
                              hint="a third-party pack ships its schema files and names their "
                                   "folder in GameSpec(schemas_dir=...); built-in schemas: "
                                   + ", ".join(schema_registry.builtin_names()))
        return spec.schema
    names = _pack_folder(spec.id, spec.schemas_dir, origin(spec))
    name = f"{PACK_PREFIX}{spec.id}/{spec.schema}"
    if name not in names:
        raise ConfigError(f"{origin(spec)}: its schema {spec.schema!r} is not in {spec.schemas_dir}",
                          hint="name a *.schema.json file of the pack's schemas_dir in "
                               f"GameSpec(schema=...); there: {_listed(names)}")
    return name


@cache
def _pack_folder(pack_id: str, folder: Path, owner: str) -> tuple[str, ...]:
    """Register a pack's schema folder once a process; its files' registered names."""
    trust.allow_installed(folder)
    return tuple(register_schema_folder(f"{PACK_PREFIX}{pack_id}/", folder, owner))


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(name.rpartition("/")[2] for name in names) or "no *.schema.json file"


def workspace_schema(spec: WorkspaceGameSpec, manifest: Mapping[str, Any]) -> str:
    """Make workspace game ``spec``'s card-file schema from ``manifest`` (its game.yaml,
    valid against game.schema.json) and register it; return its name. Registering an
    unchanged schema again keeps every compiled validator."""
    name = schema_name(spec.id)
    register_schema(name, card_file_schema(spec.id, manifest["decks"]))
    return name


def pack_folders(spec: GameSpec) -> tuple[Path, ...]:
    """The installed folders of pack ``spec`` that are read like built-in data (its
    templates and schemas); none for a built-in or workspace game."""
    return tuple(folder for folder in (spec.templates_dir, spec.schemas_dir) if folder is not None)
