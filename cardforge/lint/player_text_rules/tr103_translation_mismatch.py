"""Translation mismatch: a translation whose placeholders, numbers, icon tokens or markup
differ from its source text.

A translation may reword anything except what the reader or cardforge relies on
(:mod:`cardforge.i18n.translation_checks`): ``{placeholders}`` filled from game.yaml, numbers written
as digits (full-width digits count as their ASCII twins), ``:icon:`` tokens, and Markdown
``**strong**``, ``*emphasis*``, code spans and links, each the same number of times.
Checked in the catalogs (at the entry's ``msgstr`` line) and in texts written inline in
the YAML (at the translated value), per language; fuzzy entries are left to TR102.

Passing::

    msgid "最初に白ダイスを{starting_white}個持ちます。"
    msgstr "Each player starts with {starting_white} white dice."

Failing (a typed number instead of the placeholder)::

    msgid "最初に白ダイスを{starting_white}個持ちます。"
    msgstr "Each player starts with 2 white dice."
"""

from collections.abc import Iterator

from cardforge.i18n.catalog_state import capped, source_ref, state
from cardforge.i18n.localized_mappings import in_document
from cardforge.i18n.translation_checks import differences
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "TR103"
NAME = "translation-mismatch"
SCOPE = "game"
SEVERITY = "error"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded
HINT = "keep placeholders, digits, :icon: tokens and Markdown markers as in the source text"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each translation that differs from its source in what must carry
    over: inline YAML translations first, then catalog entries not mirroring them. At most
    ``REPORTED_PER_FILE`` per file (see :func:`cardforge.i18n.catalog_state.capped`)."""
    return capped(_check(game))


def _check(game: Game) -> Iterator[Problem]:
    source = game.source_language
    inline: set[tuple[str, str, str]] = set()  # (lang, source text, translation) seen in YAML
    for doc in (game.manifest, *game.documents, *game.dice_documents):
        for pointer, mapping in in_document(doc):
            original = mapping.get(source)
            if not original:
                continue
            for lang, text in mapping.items():
                if lang == source or not text:
                    continue
                inline.add((lang, original, text))
                found = differences(original, text)
                if found:
                    yield Problem(doc.locate(*pointer, lang), CODE,
                                  f"{lang} text differs from the {source} one: {'; '.join(found)}",
                                  hint=HINT)
    catalogs = state(game)
    for planned, message in catalogs.entries():
        if not message.string or message.fuzzy or (planned.lang, message.id, message.string) in inline:
            continue
        found = differences(str(message.id), str(message.string))
        if found:
            yield Problem(catalogs.entry_location(planned.path, message, "msgstr"), CODE,
                          f"{planned.lang} translation of {source_ref(message)} differs from "
                          f"its source: {'; '.join(found)}", hint=HINT)
