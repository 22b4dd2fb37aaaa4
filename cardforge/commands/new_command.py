"""``cardforge new``: a new game in the workspace, ready to lint and build.

Recipe: read the configuration → check the id → plan the files (the sample workspace game,
or with ``--from`` a copy of a built-in game) → refuse if any of it is there → write them
all (atomically, inside the workspace) → for a new game, make its translation catalogs →
print each file written and what to run next. A refusal writes nothing; a failure after
the first write takes everything back.
"""

from __future__ import annotations

from pathlib import Path

import click

from cardforge.commands import shown
from cardforge.errors import ConfigError
from cardforge.model.game_packs import GameSpec, discover
from cardforge.scaffold import Places, check_id, refuse_existing
from cardforge.scaffold.from_builtin import builtin_files, source_folders
from cardforge.scaffold.game_files import write_plan
from cardforge.scaffold.new_catalogs import make_catalogs
from cardforge.scaffold.sample_game import (
    code_prefix,
    display_name,
    rules_translations,
    scaffold_files,
    taken_prefixes,
)
from cardforge.workspace.workspace_config import load_config


def run(game_id: str | None, from_game: str | None, name: str | None, workspace: Path,
        one_language: bool = False) -> None:
    """Write a new game into ``workspace`` and print the files written. ``from_game``
    copies that built-in game instead (``game_id`` then must be None or the same id);
    ``one_language`` writes the new game in its source language alone (English).
    Raises ConfigError (exit 2, nothing written) for an id that is not valid or is taken,
    a folder already there, or a built-in game whose cards are not installed."""
    config = load_config(workspace)
    specs = discover()
    game_id = _chosen_id(game_id, from_game, name, specs)
    places = Places(workspace, config.cards, workspace / "templates", game_id)
    refuse_existing(places)
    if from_game and one_language:
        raise ConfigError("--one-language goes with a new game, not with --from",
                          hint=f"a copy of {from_game} keeps the built-in game's languages")
    if from_game:
        plan = builtin_files(places, *source_folders(from_game, specs))
    else:
        prefix = code_prefix(game_id, taken_prefixes(specs.values(), config.cards))
        plan = scaffold_files(places, name or display_name(game_id), prefix,
                              with_config=config.source is None, one_language=one_language)
    written = write_plan(plan, workspace)
    try:
        catalogs = [] if from_game else make_catalogs(places.game, rules_translations)
    except BaseException:
        written.undo()
        raise
    for path in [*written.files, *catalogs]:
        click.echo(shown(path, workspace))
    _next_steps(game_id, from_game, len(written.files) + len(catalogs))


def _chosen_id(game_id: str | None, from_game: str | None, name: str | None,
               specs: dict[str, GameSpec]) -> str:
    """The id the new game takes; raises ConfigError when it cannot take it."""
    if from_game:
        if name:
            raise ConfigError("--name goes with a new game, not with --from",
                              hint=f"a copy of {from_game} keeps the pack's own name")
        if game_id and game_id != from_game:
            raise ConfigError(f"a copy of the built-in game {from_game!r} keeps its id, not {game_id!r}",
                              hint=f"its faces and rules come from the installed {from_game} pack, "
                                   f"which answers only to that id: run `cardforge new --from {from_game}`")
        return from_game
    if not game_id:
        raise ConfigError("give the new game's id, e.g. `cardforge new goblin-market`",
                          hint="or copy a built-in game: `cardforge new --from dice-girls`")
    check_id(game_id)
    if game_id in specs:
        raise ConfigError(f"{game_id!r} is the id of the installed game pack {game_id}",
                          hint=f"copy it with `cardforge new --from {game_id}`, or choose another id")
    return game_id


def _next_steps(game_id: str, from_game: str | None, count: int) -> None:
    """The closing lines, on stderr: what was made and what to run next."""
    if from_game:
        click.echo(f"cardforge new: {count} file(s) copied from the built-in game {from_game}. "
                   f"The installed {from_game} pack still provides its rules and face data; these "
                   "cards and templates now win over its own in this workspace.", err=True)
    else:
        click.echo(f"cardforge new: {count} file(s) written: {game_id} is a workspace game, all "
                   "of it data you can edit (docs/workspace-games.md).", err=True)
    click.echo(f"next: cardforge lint && cardforge build {game_id}", err=True)
    click.echo(f"for your editor: cardforge schema {game_id} (the schemas the YAML files' "
               "first lines point at)", err=True)
