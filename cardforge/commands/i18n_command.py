"""``cardforge i18n update``: extract every translatable text and merge it into each
language's catalogs.

Recipe, per game: load (a game whose files do not load is an error) → plan the catalogs
(:func:`cardforge.i18n.game_catalogs.plan`) → write the files that change → print each file
written with what it now needs from translators (untranslated and fuzzy counts).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardforge.commands import shown, targets
from cardforge.errors import CardforgeError
from cardforge.i18n.game_catalogs import Planned, plan, write
from cardforge.loading.parse_cache import ParseCache
from cardforge.model.game_packs import GameSpec
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import load_config


def needs(planned: Planned) -> str:
    """What a catalog file needs after an update, as printed: ``"ja, 3 untranslated, 1
    fuzzy of 40"``, ``"ja, complete"`` or, for a template, ``"template, 40 texts"``."""
    if planned.lang is None:
        return f"template, {sum(1 for m in planned.new if m.id)} texts"
    messages = [m for m in planned.new if m.id]
    untranslated = sum(1 for m in messages if not m.string)
    fuzzy = sum(1 for m in messages if m.string and m.fuzzy)
    if not untranslated and not fuzzy:
        return f"{planned.lang}, complete"
    return f"{planned.lang}, {untranslated} untranslated, {fuzzy} fuzzy of {len(messages)}"


def update_game(folder: Path, spec: GameSpec, parsed: ParseCache | None = None) -> list[Planned]:
    """Bring the catalogs of the game at ``folder`` up to date (its large card files read
    through the parse cache ``parsed``, when given); return the files written.
    Raises DataError when the game's files do not load, a rules file or catalog cannot be
    read (at that file), or a catalog's folder leads out of the workspace; OSError when a
    catalog cannot be written."""
    game = load_game(folder, spec, parsed).clean_game(f"{spec.id}'s card data")
    written = []
    for planned in plan(game):
        if planned.changed:
            write(planned)
            written.append(planned)
    return written


def run(games: tuple[str, ...], workspace: Path) -> None:
    """Update the catalogs of ``games`` (default: every game in the workspace) and print
    each file written. Exits 1 when a game's data has errors, after updating the rest."""
    config = load_config(workspace)
    failures: list[CardforgeError] = []
    total = 0
    for spec, folder in targets(config, games):
        try:
            for planned in update_game(folder, spec, ParseCache.at(config.cache)):
                click.echo(f"{shown(planned.path, workspace)} ({needs(planned)})")
                total += 1
        except CardforgeError as exc:
            failures.append(exc)
        except OSError as exc:
            failures.append(CardforgeError(f"{spec.id}: cannot write a catalog: {exc}"))
    for exc in failures:
        click.echo(f"error: {exc.format_message()}", err=True)
    click.echo(f"cardforge i18n update: {total} catalog file(s) written"
               + ("" if total else " (all up to date)"), err=True)
    if failures:
        sys.exit(max(exc.exit_code for exc in failures))
