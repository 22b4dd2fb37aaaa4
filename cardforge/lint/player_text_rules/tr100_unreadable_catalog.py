"""Unreadable catalog: a PO or POT file of the game that cannot be read or parsed.

A game's catalogs (``cards/<game>/locale/<domain>.pot`` and
``locale/<lang>/LC_MESSAGES/<domain>.po``) must be regular files inside the workspace (not
a link leading out of it, a folder, a pipe or a device), UTF-8 text (a byte-order mark is
fine, UTF-16 is not) of at most 32 MiB and 200,000 entries, with a header declaring at most
60 plural forms, in PO syntax Babel can parse. Reported at the file, at the line where
reading stopped. Every ``.po`` file of a language's ``LC_MESSAGES`` folder is read (a build
uses them all); the other translation rules (TR101–TR104) wait until the catalogs read,
and ``cardforge build`` stops with the same error. Deleting the file and running
``cardforge i18n update`` writes a fresh one.

Passing (``locale/en/LC_MESSAGES/rules.po``)::

    msgid "ゲームの概要"
    msgstr "Overview"

Failing (a stray line Babel cannot parse)::

    msgid "ゲームの概要"
    msgstr "Overview"
    garbage
"""

from collections.abc import Iterator

from cardforge.errors import DataError
from cardforge.i18n.catalog_state import state
from cardforge.i18n.po_files import CODE as CATALOG_CODE
from cardforge.i18n.po_files import read_catalog
from cardforge.i18n.translations import catalog_paths
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = CATALOG_CODE
NAME = "unreadable-catalog"
SCOPE = "game"
SEVERITY = "error"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield the Problems of every catalog (and rules file) the catalog state could not read,
    then of any other ``LC_MESSAGES/*.po`` file a build would read that cannot be read."""
    found = state(game)
    yield from found.unreadable
    known = {planned.path for planned in found.planned}
    for lang in game.languages:
        for path in catalog_paths(game.root, lang):
            if path in known or lang == game.source_language:
                continue
            try:
                read_catalog(path, lang)
            except DataError as exc:
                yield from exc.problems
