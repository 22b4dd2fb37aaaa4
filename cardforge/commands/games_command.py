"""``cardforge games``: list installed game packs, then the games defined in the workspace."""

from __future__ import annotations

from pathlib import Path

import click

from cardforge.errors import ConfigError
from cardforge.lint.data_rules import read_entries
from cardforge.lint.rule import pack_rules
from cardforge.loading.yaml_source import LoadError, load_yaml
from cardforge.model.game_packs import discover
from cardforge.model.workspace_game import WorkspaceGameSpec
from cardforge.workspace.game_loading import find_game_dirs
from cardforge.workspace.workspace_config import load_config


def run(workspace: Path | None = None) -> None:
    """Print one line per installed pack (id, name, products, rule codes), then one per game
    of ``workspace``'s cards folder defined there as data (id, name, decks, its ``lint:``
    codes). A workspace without games, or whose configuration cannot be read, lists none."""
    for spec in discover().values():
        codes = [r.code for r in pack_rules(spec)]
        click.echo(f"{spec.id:<16} {spec.name('en'):<22} products: {', '.join(spec.products):<18} "
                   f"rules: {_span(codes)}")
    found = _workspace_games(workspace) if workspace is not None else []
    if found:
        click.echo("\ndefined in this workspace (YAML, templates and CSS):")
    for spec, folder in found:
        try:
            info = load_yaml(folder / "game.yaml").data
        except LoadError:
            info = None
        info = info if isinstance(info, dict) else {}
        decks = ", ".join(info.get("decks") or {}) if isinstance(info.get("decks"), dict) else "?"
        codes = [entry.code for entry in read_entries(info)]
        click.echo(f"{spec.id:<16} {spec.name('en'):<22} decks: {decks:<20} rules: {_span(codes)}")


def _workspace_games(workspace: Path) -> list[tuple[WorkspaceGameSpec, Path]]:
    try:
        pairs = find_game_dirs(load_config(workspace).cards)
    except ConfigError:
        return []
    return [(spec, folder) for spec, folder in pairs if isinstance(spec, WorkspaceGameSpec)]


def _span(codes: list[str]) -> str:
    codes = sorted(codes)
    return f"{codes[0]}–{codes[-1]}" if len(codes) > 1 else (codes[0] if codes else "no rules")
