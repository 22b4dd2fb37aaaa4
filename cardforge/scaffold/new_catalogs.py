"""The new game's gettext catalogs, made by the code ``cardforge i18n update`` runs.

The game is loaded from the files just written, its catalogs planned by
:func:`cardforge.i18n.game_catalogs.plan` (card texts written inline in each language come with
their translations), and each rules text still untranslated takes the scaffold's own
translation (:func:`cardforge.scaffold.sample_game.rules_translations`), so the new game's
catalogs are complete: lint has no TR101 (untranslated) or TR104 (out of date) to report.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardforge.i18n.game_catalogs import Planned, plan, write
from cardforge.model.game_packs import discover
from cardforge.workspace.game_loading import find_game_dirs, load_game


def make_catalogs(game_root: Path, translations: Callable[[str], dict[str, str]]) -> list[Path]:
    """Write the catalogs of the game at ``game_root``: templates and one catalog per
    domain and language, the rules texts untranslated after the merge taking
    ``translations(lang)[msgid]``. Returns the files written. Raises ConfigError when no
    pack or workspace game answers to the folder, DataError when the game's files do not
    load (the Problems say where), OSError when a catalog cannot be written."""
    [(spec, folder)] = find_game_dirs(game_root, discover())
    game = load_game(folder, spec).clean_game(f"the new game {spec.id}")
    written = []
    for planned in plan(game):
        if planned.lang is not None and planned.domain == "rules":
            _fill(planned, translations(planned.lang))
        if planned.changed:
            write(planned)
            written.append(planned.path)
    return written


def _fill(planned: Planned, table: dict[str, str]) -> None:
    for message in planned.new:
        if message.id and not message.string and message.id in table:
            message.string = table[message.id]
