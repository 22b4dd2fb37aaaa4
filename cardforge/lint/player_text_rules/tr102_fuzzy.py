"""Fuzzy: a translation marked for review because its source text changed.

``cardforge i18n update`` keeps the old translation of a changed source text and marks it
``#, fuzzy``; a fuzzy entry is not used (the source text is printed instead) until a
translator checks it and removes the mark. Reported at the entry's ``msgid`` line in the
.po file, per language, naming the source text's file and line.

Passing::

    msgid "誰かが{vp_goal}VP以上になったら、ゲームが終わります。"
    msgstr "The game ends when someone reaches {vp_goal} VP or more."

Failing (the source changed; the translation waits for review)::

    #, fuzzy
    #| msgid "誰かが{vp_goal}VPになったら、ゲームが終わります。"
    msgid "誰かが{vp_goal}VP以上になったら、ゲームが終わります。"
    msgstr "The game ends when someone reaches {vp_goal} VP."
"""

from collections.abc import Iterator

from cardforge.i18n.catalog_state import capped, source_ref, state
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "TR102"
NAME = "fuzzy"
SCOPE = "game"
SEVERITY = "warning"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each fuzzy translated entry of every catalog on disk. At most
    ``REPORTED_PER_FILE`` per file (see :func:`cardforge.i18n.catalog_state.capped`)."""
    return capped(_check(game))


def _check(game: Game) -> Iterator[Problem]:
    found = state(game)
    for planned, message in found.entries():
        if message.string and message.fuzzy:
            yield Problem(found.entry_location(planned.path, message), CODE,
                          f"fuzzy {planned.lang} translation: its source text changed "
                          f"({source_ref(message)})",
                          hint="check the translation against the new text, then remove "
                               "the fuzzy flag")
