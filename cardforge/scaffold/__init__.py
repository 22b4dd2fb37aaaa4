"""New games for a workspace: the stages of ``cardforge new``.

A new game is a set of files planned first and written after
(:mod:`~cardforge.scaffold.game_files`), so a refusal writes nothing: a sample workspace game
(:mod:`~cardforge.scaffold.sample_game`, from the files in ``cardforge/scaffold/files/``), a copy of
a built-in game (:mod:`~cardforge.scaffold.from_builtin`), a game made from a designer's card lists
(:mod:`~cardforge.scaffold.card_list_fields`, :mod:`~cardforge.scaffold.card_list_game`) and its
catalogs (:mod:`~cardforge.scaffold.new_catalogs`). This module holds what all of them need: which
ids a new game may take and where its files go. May import lint, booklet, i18n and the
foundation."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardforge.errors import ConfigError

GAME_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""A new game's id: lower-case letters and digits in words joined by single hyphens."""

MAX_ID_LENGTH = 64
"""Longest game id: it names folders and starts every output file's name."""


@dataclass(frozen=True)
class Places:
    """Where a game's files go in a workspace: ``cards`` (the configured cards folder) and
    ``templates`` (always ``<workspace>/templates``), and the game's own folders in them."""

    workspace: Path
    cards: Path
    templates: Path
    game_id: str

    @property
    def game(self) -> Path:
        """``<cards>/<id>/``: game.yaml, card files, rules and locale."""
        return self.cards / self.game_id

    @property
    def faces(self) -> Path:
        """``<workspace>/templates/<id>/``: face templates, style.css, icons."""
        return self.templates / self.game_id


Plan = dict[Path, bytes]
"""Files to write: destination (absolute, inside the workspace) → contents."""


def check_id(game_id: str) -> str:
    """``game_id`` when it can name a new game; raises ConfigError (exit 2) with a hint."""
    if not GAME_ID.fullmatch(game_id) or len(game_id) > MAX_ID_LENGTH:
        raise ConfigError(f"{game_id!r} cannot be a game id",
                          hint="use lower-case letters, digits and single hyphens, at most "
                               f"{MAX_ID_LENGTH} characters, e.g. goblin-market")
    return game_id


def refuse_existing(places: Places) -> None:
    """Raise ConfigError when the game's cards or templates folder is already there."""
    for folder in (places.game, places.faces):
        if folder.exists() or folder.is_symlink():
            raise ConfigError(f"{_shown(folder, places.workspace)} already exists",
                              hint="choose another id, or move that folder away first; "
                                   "cardforge new never overwrites a file")


def _shown(path: Path, workspace: Path) -> str:
    try:
        return str(path.relative_to(workspace))
    except ValueError:
        return str(path)
