"""The subcommands: one ``<name>_command`` module per ``cardforge <name>``, each ``run(...)`` a recipe.

A command's module reads top to bottom like the recipe it runs (load, lint, render, write,
print); the stages return data and the command prints. ``build`` has its parts beside it
(:mod:`~cardforge.commands.build_game`, :mod:`~cardforge.commands.build_request`,
:mod:`~cardforge.commands.build_overflow`), as do ``new`` (:mod:`~cardforge.commands.new_from_cards`)
and ``stats`` (:mod:`~cardforge.commands.stats_plots`). May import every package below the command
line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardforge.errors import ConfigError
from cardforge.model.game_packs import GameSpec, discover
from cardforge.workspace.game_dirs import find_game_dirs

if TYPE_CHECKING:
    from cardforge.workspace.workspace_config import Config


def shown(path: Path, workspace: Path) -> str:
    """``path`` as printed to the user: relative to ``workspace`` when inside it."""
    try:
        return str(path.relative_to(workspace))
    except ValueError:
        return str(path)


def targets(config: Config, wanted: tuple[str, ...]) -> list[tuple[GameSpec, Path]]:
    """(pack, game folder) of each game id in ``wanted``, in that order, or of every game in
    the configured cards folder when ``wanted`` is empty. Raises ConfigError naming the
    unknown ids and the games there are."""
    found = {spec.id: (spec, folder) for spec, folder in find_game_dirs(config.cards, discover())}
    unknown = [g for g in wanted if g not in found]
    if unknown:
        raise ConfigError(f"no game {', '.join(map(repr, unknown))} in {config.cards}",
                          hint=f"games here: {', '.join(found)}")
    return [found[g] for g in wanted] if wanted else list(found.values())
