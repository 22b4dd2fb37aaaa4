"""Workspace games: a ``cards/<id>/`` folder with game.yaml whose id is no installed pack.

Such a game is all data (docs/workspace-games.md): its :class:`WorkspaceGameSpec` is made
from game.yaml by :func:`workspace_spec`: the id is the folder's name, the names are
game.yaml's ``name:``, the products ``cards`` (``board`` when game.yaml declares
``boards:``, and ``rules`` and ``rulesheet`` when the game has rules Markdown in
``rules/``), and no Python hooks. Its card-file schema is made
from the decks' ``fields:`` once game.yaml has passed its own schema
(:func:`cardforge.validation.game_schemas.card_schema`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardforge.loading.yaml_source import Document, LoadError, load_yaml
from cardforge.model.game_packs import MANIFEST, GameSpec
from cardforge.problem import Location, Problem

SCHEMA_PREFIX = "workspace/"
"""Registered workspace schemas are named ``workspace/<id>.schema.json``: a name with a
``/`` is never a built-in schema file's."""

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
BOOKLET_PRODUCTS = ("rules", "rulesheet")


@dataclass(frozen=True)
class WorkspaceGameSpec(GameSpec):
    """The GameSpec of a workspace game (a :class:`~cardforge.model.game_packs.GameSpec` in every
    respect: ``schema`` is the registered name of the schema made from its fields, ``rules``
    None, no face, back, stats or dice hooks, ``icons_dir`` None since
    ``templates/<id>/icons`` of the workspace is found as for every game)."""


def schema_name(game_id: str) -> str:
    """The registered name of workspace game ``game_id``'s card-file schema."""
    return f"{SCHEMA_PREFIX}{game_id}.schema.json"


def workspace_spec(folder: Path) -> WorkspaceGameSpec:
    """The spec of the workspace game in ``folder`` (``cards/<id>/``), from its game.yaml
    read through the trust boundary (:func:`cardforge.loading.yaml_source.load_yaml`).

    Never raises for a broken game.yaml: one that cannot be read or has no ``name:``
    mapping gives a spec named by the folder alone, and loading the game
    (:func:`cardforge.workspace.game_loading.load_game`) reports its Problems at their lines.
    """
    try:
        data = load_yaml(folder / MANIFEST).data
    except LoadError:
        data = None
    raw = data.get("name") if isinstance(data, dict) else None
    names = {str(lang): str(text) for lang, text in raw.items() if isinstance(text, str)} \
        if isinstance(raw, dict) else {}
    board = ("board",) if isinstance(data, dict) and data.get("boards") else ()  # boards: declared
    return WorkspaceGameSpec(id=folder.name, names=names, schema=schema_name(folder.name),
                             products=("cards", *board, *BOOKLET_PRODUCTS) if _has_rules(folder)
                             else ("cards", *board))


def _has_rules(folder: Path) -> bool:
    """Whether the game has rules Markdown (``rules/*.md``, ``rules.md`` first of all)."""
    rules = folder / "rules"
    try:
        return (rules / "rules.md").exists() or any(rules.glob("*.md"))
    except OSError:
        return False


def identity_problems(spec: WorkspaceGameSpec, manifest: Document) -> list[Problem]:
    """CF003 when the folder's name cannot be a game id, or game.yaml's ``id:`` is not the
    folder's name (a workspace game is known by its folder)."""
    problems = []
    if not GAME_ID.fullmatch(spec.id):
        problems.append(Problem(Location(manifest.path), "CF003",
                                f"the folder name {spec.id!r} cannot be a game id",
                                hint="rename the folder cards/<id>/ with lower-case letters, "
                                     "digits and hyphens, e.g. cards/goblin-market/"))
    declared = manifest.data.get("id") if isinstance(manifest.data, dict) else None
    if isinstance(declared, str) and declared != spec.id:
        problems.append(Problem(manifest.locate("id"), "CF003",
                                f"id {declared!r} is not the game's folder name {spec.id!r}",
                                hint=f"write id: {spec.id}, or rename the folder to cards/{declared}/"))
    return problems
