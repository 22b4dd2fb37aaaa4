"""Untranslated: a catalog entry with no translation yet.

Every language of game.yaml's ``languages`` other than ``source_language`` has catalogs in
``cards/<game>/locale/<lang>/LC_MESSAGES/`` (``rules.po``, ``cards.po``). An entry whose
``msgstr`` is empty is printed in the source language, so the booklet or card mixes two
languages. Reported at the entry's ``msgid`` line in the .po file, per language, at most
100 per file (the last says how many more there are). Catalogs that cannot be read or
parsed are TR100's.

Passing (``locale/en/LC_MESSAGES/rules.po``)::

    msgid "ゲームの概要"
    msgstr "Overview"

Failing (no translation)::

    msgid "ゲームの概要"
    msgstr ""
"""

from collections.abc import Iterator

from cardforge.i18n.catalog_state import capped, source_ref, state
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "TR101"
NAME = "untranslated"
SCOPE = "game"
SEVERITY = "warning"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each empty translation of every catalog on disk. At most
    ``REPORTED_PER_FILE`` per file (see :func:`cardforge.i18n.catalog_state.capped`)."""
    return capped(_check(game))


def _check(game: Game) -> Iterator[Problem]:
    found = state(game)
    for planned, message in found.entries():
        if not message.string:
            yield Problem(found.entry_location(planned.path, message), CODE,
                          f"untranslated {planned.lang} text (from {source_ref(message)})",
                          hint="translate it in a PO editor" + (
                              "" if planned.domain == "rules"
                              else f", or in the YAML next to the source text as {planned.lang}: …"))
