"""Where a workspace's games are: the folders holding a game.yaml, each with its pack.

Kept apart from :mod:`cardforge.workspace.game_loading`, which loads games (YAML, schemas, the card
model): a command that only needs to know which games there are (``cardforge build`` of a
game whose files did not change, which only checks its build manifest) imports none of
that. A workspace game's spec is made from its game.yaml, and only then is YAML read.
"""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import ConfigError
from cardforge.model.game_packs import MANIFEST, GameSpec, discover
from cardforge.spreadsheet import is_sheet


def find_game_dirs(path: Path, specs: dict[str, GameSpec] | None = None) -> list[tuple[GameSpec, Path]]:
    """(spec, folder) of each game under ``path``: ``path`` itself if it holds game.yaml,
    else its children, in name order. A folder named after a pack of ``specs`` (default:
    the installed packs) is that pack's game; any other is a workspace game, its
    :class:`~cardforge.model.workspace_game.WorkspaceGameSpec` made from its game.yaml (a broken
    game.yaml is reported when the game is loaded, not here).

    Raises ConfigError when no game is found.
    """
    specs = discover() if specs is None else specs
    candidates = game_folders(path)
    if not candidates:
        raise ConfigError(f"no game found in {path}",
                          hint=f"a game lives in cards/<id>/{MANIFEST}; run cardforge in your workspace")
    return [(specs.get(folder.name) or _workspace_spec(folder), folder) for folder in candidates]


def game_folders(path: Path) -> list[Path]:
    """The game folders under ``path``: ``[path]`` when it holds game.yaml, else its
    sub-folders that do, in name order (none when there are none). Raises nothing."""
    if _present(path / MANIFEST):
        return [path]
    return [child for child in _folders(path) if _present(child / MANIFEST)]


def card_files(root: Path) -> list[Path]:
    """Every ``*.yaml`` name directly in ``root`` but game.yaml, and every sheet
    (``*.csv``, ``*.xlsx``, ``*.ods``: :mod:`cardforge.spreadsheet`), sorted: files, and
    also links and folders so named, which reading then reports (nothing is silently
    skipped)."""
    try:
        return sorted(p for p in root.iterdir()
                      if (p.suffix == ".yaml" and p.name != MANIFEST) or is_sheet(p))
    except OSError:
        return []


def _present(path: Path) -> bool:
    """Whether something is at ``path``: a file, a folder, a device or a link (even a broken
    or looping one), so that reading it says what is wrong instead of the game being
    skipped."""
    try:
        return path.is_symlink() or path.exists()
    except OSError:  # e.g. no permission to look: reading it will say so
        return True


def _folders(path: Path) -> list[Path]:
    """The sub-folders of ``path`` (links to folders included), sorted; none when ``path``
    cannot be listed. A link loop is not a folder (``is_dir`` is False for it)."""
    try:
        return sorted(child for child in path.iterdir() if child.is_dir())
    except OSError:
        return []


def _workspace_spec(folder: Path) -> GameSpec:
    """The spec of the workspace game in ``folder`` (its game.yaml read only now)."""
    from cardforge.model.workspace_game import workspace_spec

    return workspace_spec(folder)
