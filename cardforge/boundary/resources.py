"""Where the built-in templates, schemas, print-shop profiles and sample cards live,
installed or in a source checkout.

A wheel carries them as ``cardforge/_data/{templates,schemas,profiles,cards}`` (see
pyproject's force-include); a source checkout or editable install finds them at the
repository's top.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


@cache
def data_dir(name: str) -> Path:
    """The built-in ``templates``, ``schemas``, ``profiles`` or ``cards`` folder.

    Raises FileNotFoundError naming both places looked in when neither exists.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"built-in {name}/ not found in {_PACKAGE / '_data'} or {_PACKAGE.parent}")


def templates_dir() -> Path:
    """Built-in templates: ``_base/`` plus one folder per game pack."""
    return data_dir("templates")


def schemas_dir() -> Path:
    """Built-in JSON Schemas (draft 2020-12)."""
    return data_dir("schemas")


def profiles_dir() -> Path:
    """Built-in print-shop profiles: one ``<id>.toml`` each."""
    return data_dir("profiles")


def cards_dir() -> Path:
    """The built-in games' sample cards: one ``<id>/`` folder each (game.yaml, card files,
    rules, locale), which ``cardforge new --from <id>`` copies into a workspace."""
    return data_dir("cards")


BASE = "_base"
"""Folder of the templates every game shares (``print.css``, ``macros.html.j2``)."""


def template_search_path(workspace: Path, game_id: str, pack_templates: Path | None = None) -> list[Path]:
    """Folders templates are looked up in, first match wins.

    Order: ``<workspace>/templates/<game_id>``, ``<workspace>/templates/_base``, then
    ``pack_templates`` (a third-party pack's ``GameSpec.templates_dir``), then the
    built-in ``templates/<game_id>`` and ``templates/_base``. Only folders that exist are
    returned; a folder that is both workspace and built-in (working in the cardforge
    checkout itself) appears once.
    """
    builtin = templates_dir()
    candidates = [workspace / "templates" / game_id, workspace / "templates" / BASE,
                  *([pack_templates] if pack_templates is not None else []),
                  builtin / game_id, builtin / BASE]
    found: list[Path] = []
    for folder in candidates:
        if folder.is_dir() and all(folder.resolve() != f.resolve() for f in found):
            found.append(folder)
    return found
