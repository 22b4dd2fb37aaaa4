"""Source language missing: a text has translations but no text in the game's source language.

A game is written in one language, game.yaml's ``source_language`` (else the first of
``languages``), and translated from it: ``cardforge i18n update`` takes every ``{lang:
text}`` mapping's source-language text as the catalog entry to translate (the msgid), and
the source-language edition prints it. A mapping written only in other languages, such as
``name: {en: Fireball}`` in a game written in French, is left out of the catalogs (its old
entry looks gone, and an update would drop its translation) and prints in the wrong
language in the source edition.

Every such mapping of game.yaml (deck, icon and mark names, fact labels), the card files
and the dice files is reported at its key (``name:``, ``text:``, ``skill:``'s ``text:``),
with the languages it has. A mapping is a localized text when all its keys are language
codes and all its values texts (as the catalogs see it, see
:func:`cardforge.i18n.translatable_units.localized_mappings`) and one of its keys is in game.yaml's
``languages``; an empty or blank source text counts as missing. A card that must stay so
says ``lint-ignore: [CF014]``. The catalogs do not report it again (TR104 leaves out the
entry such a text used to have).

Severity: error (the source edition prints another language, and the text is not
translated from anything). The built-in games are written in their rulebooks' languages
(game.yaml's ``source_language``: Japanese for Comic Creator, Dice Girls and Writers'
Battle, French for DiXe on Card, English for Dice Tuners). Games written in YAML get it as
they are: it reads only the texts and game.yaml's ``languages`` and ``source_language``.

Passing (a French game)::

    source_language: fr
    languages: [fr, en]
    # cards.yaml
    - id: fireball
      name: {fr: Boule de feu, en: Fireball}

Failing (reported at ``name:``, "has en only")::

    - id: fireball
      name: {en: Fireball}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.i18n.localized_mappings import in_document, under
from cardforge.i18n.translatable_units import missing_source
from cardforge.loading.yaml_source import Document
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CF014"
NAME = "source-language-missing"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at the key of each localized text with no source-language text: in
    game.yaml, in each card (the card's Problem), in the dice files."""
    source, languages = game.source_language, game.languages
    for pointer, mapping in missing_source(in_document(game.manifest), source, languages):
        yield _problem(game.manifest, pointer, mapping, source, f"game.yaml {_dotted(pointer)}")
    for card in game.cards():
        for pointer, mapping in missing_source(under(card.doc, card.pointer, card.data), source, languages):
            field = _dotted(pointer[len(card.pointer):])
            yield _problem(card.doc, pointer, mapping, source, f"card {card.id!r}: {field}", card.id)
    for doc in game.dice_documents:
        for pointer, mapping in missing_source(in_document(doc), source, languages):
            yield _problem(doc, pointer, mapping, source, f"{doc.path.name} {_dotted(pointer)}")


def _problem(doc: Document, pointer: tuple[str | int, ...], mapping: dict[str, str], source: str,
             what: str, card: str | None = None) -> Problem:
    has = ", ".join(sorted(mapping))
    return Problem(doc.locate_key(*pointer), CODE,
                   f"{what} has no {source} text, the game's source language (it has {has})",
                   card=card,
                   hint=f"write its {source} text first ({{{source}: …, {has.split(', ')[0]}: …}}): "
                        f"the {source} edition prints it and the catalogs translate from it; or "
                        "change game.yaml's source_language if the game is written in another")


def _dotted(pointer: tuple[str | int, ...]) -> str:
    """``("skill", "text")`` → ``skill.text``; ``("effects", 0, "text")`` → ``effects[0].text``."""
    text = ""
    for part in pointer:
        text += f"[{part}]" if isinstance(part, int) else f"{'.' if text else ''}{part}"
    return text or "(the whole file)"
