"""``cardforge schema GAME``: write the game's card-file JSON Schema where editors find it.

Recipe: find the game; take its card-file schema (a built-in or third-party pack's schema
file as it is, with the files it refers to by name; a workspace game's schema made from
game.yaml's deck ``fields:``) and the shared ``game.schema.json`` (with
``card.schema.json``, which it refers to); write them under ``<out>/schemas/`` atomically;
print the paths. A card file's first line
``# yaml-language-server: $schema=../../out/schemas/<id>.schema.json`` then lets
yaml-language-server (VS Code's YAML extension and others) complete and check it.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.boundary.resources import schemas_dir
from cardforge.commands import shown, targets
from cardforge.errors import ConfigError, DataError
from cardforge.model.game_packs import GameSpec
from cardforge.model.workspace_game import WorkspaceGameSpec
from cardforge.validation.field_schema import card_file_schema
from cardforge.validation.game_schemas import pack_schema
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import load_config

FOLDER = "schemas"
GAME_SCHEMA = "game.schema.json"


def run(game_id: str, workspace: Path, out_dir: Path | None = None) -> list[Path]:
    """Write ``<out>/schemas/<game_id>.schema.json`` and ``game.schema.json`` (with every
    file either refers to by name) and print each path written; return them.

    Raises ConfigError for an unknown game, an output folder outside the workspace (unless
    given on the command line) or one that cannot be written, and a pack schema that
    cannot be read; DataError (exit 1) when a workspace game's game.yaml has errors, since
    its schema is made from it.
    """
    config = load_config(workspace, out=str(out_dir) if out_dir else None)
    trust.writable(config.out, "output")
    [(spec, folder)] = targets(config, (game_id,))
    files = _with_references(GAME_SCHEMA, _read(schemas_dir() / GAME_SCHEMA))
    files.update(_with_references(f"{spec.id}.schema.json", _card_schema(spec, folder), spec))
    target = config.out / FOLDER
    written = []
    for name, data in files.items():
        path = target / name
        write_atomically(path, lambda handle, data=data: handle.write(data))
        written.append(path)
        click.echo(shown(path, workspace))
    return written


def _card_schema(spec: GameSpec, folder: Path) -> bytes:
    """The card-file schema of ``spec``'s game as the bytes to write, files it refers to
    not included (see :func:`run`)."""
    if isinstance(spec, WorkspaceGameSpec):
        loaded = load_game(folder, spec)
        if loaded.game is None:
            raise DataError(loaded.problems, what=f"{spec.id}'s game.yaml")
        schema = card_file_schema(spec.id, loaded.game.info["decks"])
        return (json.dumps(schema, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    pack_schema(spec)  # a clear ConfigError for a schema that is missing or broken
    return _read(_source(spec.schema, spec))


def _source(name: str, spec: GameSpec | None) -> Path:
    """The file ``name``: in ``spec``'s own ``schemas_dir`` if it is there, else built in."""
    if spec is not None and spec.schemas_dir is not None and (spec.schemas_dir / name).is_file():
        return spec.schemas_dir / name
    return schemas_dir() / name


def _read(path: Path) -> bytes:
    """A schema file's bytes, read through the trust boundary (installed data)."""
    try:
        return trust.read_bytes(path, "json", roots=(path.parent.resolve(),))
    except trust.Refused as exc:
        raise ConfigError(str(exc), hint=exc.hint or "reinstall cardforge or the pack") from None


def _with_references(name: str, data: bytes, spec: GameSpec | None = None) -> dict[str, bytes]:
    """``{name: data}`` and every schema file ``data`` refers to by relative file name
    (``card.schema.json#/$defs/card``), and theirs in turn, read from ``spec``'s folder or
    the built-in one."""
    found = {name: data}
    waiting = [data]
    while waiting:
        for other in _referenced(json.loads(waiting.pop())):
            if other not in found:
                found[other] = _read(_source(other, spec))
                waiting.append(found[other])
    return found


def _referenced(node: object) -> set[str]:
    """The file names a schema's ``$ref`` values point at (relative references only)."""
    names: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#") and ":" not in ref.split("#")[0]:
            names.add(ref.split("#")[0])
        for value in node.values():
            names |= _referenced(value)
    elif isinstance(node, list):
        for value in node:
            names |= _referenced(value)
    return names
