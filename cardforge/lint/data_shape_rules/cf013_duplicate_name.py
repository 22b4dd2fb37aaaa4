"""Duplicate name: two cards with different ids have the same name in one language.

A player tells cards apart by name, and so do the rules and other cards ("discard a
Fireball"): two cards named alike in any language the game is printed in cannot be told
apart in that edition. Names are compared per language as a player reads them: Unicode
NFKC (full-width and half-width forms alike), case folded, runs of white space as one
space, so ``Fire Ball``, ``fire  ball`` and ``ＦＩＲＥ ＢＡＬＬ`` are the same name. A
card's name in a language is its own text there (``name: {en: …}``), else the translation
of its source-language name in that language's catalog (``locale/<lang>/``), which is what
the face prints.

Every card after the first with that name (in game order: decks as game.yaml's ``decks:``
lists them, cards as their files do) is reported, per language, at that name: the
YAML value (``name.<lang>``) or, for a name that comes from a catalog, the ``msgstr`` line
of its entry; the message names the first card and where its name is. Cards of different
decks are compared too: a card text naming a card must name one, and in a hand or on the
table a card is read by its face, not its back. Copies of one card are ``quantity:``; a
card that is deliberately the same card in two decks says ``lint-ignore: [CF013]`` (the
later one). Two cards with the same id are CF005's, not this rule's.

Severity: error (the printed game is ambiguous). No rulebook section states it: every
rulebook of the built-in games refers to cards by the name printed on them (a Dice Tuners
"Bluff" card, a DiXe on Card character), which works only while names are distinct.
Games written in YAML get it as they are: it reads only the cards' ``name``, game.yaml's
``languages`` and the catalogs.

Passing::

    - id: fireball
      name: {en: Fireball, fr: Boule de feu}
    - id: firestorm
      name: {en: Firestorm, fr: Boule de feu géante}

Failing (reported at the second card's ``fr`` name, naming ``fireball``)::

    - id: fireball
      name: {en: Fireball, fr: Boule de feu}
    - id: firestorm
      name: {en: Firestorm, fr: "boule de  feu"}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, partial

from cardforge.i18n.catalog_state import messages, state
from cardforge.model.game_model import Card, Game
from cardforge.problem import Location, Problem

CODE = "CF013"
NAME = "duplicate-name"
SCOPE = "game"
SEVERITY = "error"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded

@dataclass(frozen=True)
class Shown:
    """A name as shown in one language: its ``text``, and ``where`` it is written (made only
    when asked: only duplicates are reported, and a location costs more than the check)."""

    text: str
    where: Callable[[], Location]


Catalog = dict[str, Shown]
"""A language's usable translations: source text → the translation at its ``msgstr`` line."""


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each card's name (per language) that an earlier card already has."""
    cards = [(card, _names(card)) for card in game.cards()]
    languages = list(dict.fromkeys([*game.languages, *(lang for _, names in cards for lang in names)]))
    for lang in languages:
        catalog = cache(partial(_catalog, game, lang))  # read only when a card lacks its own name
        first: dict[str, tuple[Card, Shown]] = {}
        for card, names in cards:
            shown = _shown(card, names, lang, game.source_language, catalog)
            if shown is None:
                continue
            key = normalised(shown.text)
            if key not in first:
                first[key] = (card, shown)
                continue
            other, there = first[key]
            if other.id == card.id:
                continue  # the same id twice: CF005
            yield Problem(shown.where(), CODE, f"card {card.id!r} has the same {lang} name as card "
                                               f"{other.id!r} ({_where(there.where(), game)}): "
                                               f"{shown.text!r}",
                          card=card.id,
                          hint=f"rename one of them in {lang}: a player cannot tell them apart "
                               "(copies of one card are `quantity:`; a card meant to be the same "
                               "card in another deck says `lint-ignore: [CF013]`)")


def normalised(text: str) -> str:
    """``text`` as a player tells names apart: NFKC, case folded, white space collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _names(card: Card) -> dict[str, str]:
    names = card.data.get("name")
    if not isinstance(names, dict):
        return {}
    return {str(k): v for k, v in names.items() if isinstance(v, str) and v.strip()}


def _shown(card: Card, names: dict[str, str], lang: str, source: str,
           catalog: Callable[[], Catalog]) -> Shown | None:
    """The card's name in ``lang`` (``names``: its own, by language) and where it is
    written: its own text, else its source-language name's translation in ``catalog()``;
    None when it has neither."""
    if lang in names:
        return Shown(names[lang], partial(card.locate, "name", lang))
    translated = catalog().get(names.get(source, ""))
    return translated if translated and translated.text.strip() else None


def _catalog(game: Game, lang: str) -> Catalog:
    """The usable (translated, not fuzzy) entries of ``lang``'s catalogs on disk; none for
    the source language or when the catalogs cannot be read (TR100 reports those)."""
    found: Catalog = {}
    if lang == game.source_language:
        return found
    catalogs = state(game)
    for planned in catalogs.translations():
        if planned.lang != lang or planned.old is None:
            continue
        for message in messages(planned.old):
            if isinstance(message.string, str) and message.string and not message.fuzzy \
                    and message.id not in found:
                found[message.id] = Shown(message.string, partial(catalogs.entry_location, planned.path,
                                                                  message, "msgstr"))
    return found


def _where(location: Location, game: Game) -> str:
    """``skill.yaml:12``: a location as a message names it, relative to the game folder."""
    try:
        path = location.path.relative_to(game.root)
    except ValueError:
        path = location.path
    return f"{path}:{location.line}"
