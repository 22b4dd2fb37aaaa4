"""Catalog out of date: the sources changed since ``cardforge i18n update`` last ran.

Compares each language's catalogs on disk with what an update would write
(:func:`cardforge.i18n.game_catalogs.plan`) and reports every difference a translator must
hear about, per language:

- a source text that changed: its translation will become fuzzy (reported at the old
  entry's line in the .po file, naming the new text's file and line);
- a new source text with no entry (at the text itself: its key in YAML, its cell in a
  sheet, at the physical line and column; its line in the rules Markdown);
- an entry whose text is gone from the sources (at its .po line);
- an inline YAML translation the catalog does not mirror yet (at its .po line);
- a missing catalog file (at game.yaml's ``languages``).

An entry whose text left the sources because its YAML mapping lost its source-language
text (``name: {en: Fireball}`` in a French game) is not reported: CF014 reports the
mapping at its line, and an update would drop the translation that is left.

Source line numbers in ``#:`` comments are not compared: they move with every edit above
them and do not change what a translator does. Run ``cardforge i18n update`` to apply.

Passing: the catalogs were updated after the last edit of the rules or cards.

Failing: ``rules/rules.md`` line 5 was reworded and the update not run yet::

    rules/rules.md:5: source text changed; en entry at locale/en/LC_MESSAGES/rules.po:24
    will be fuzzy
"""

from collections.abc import Iterator
from dataclasses import dataclass

from babel.messages.catalog import Message

from cardforge.i18n.catalog_state import CatalogState, capped, messages, place, source_ref, state
from cardforge.i18n.game_catalogs import Planned, places
from cardforge.i18n.localized_mappings import in_document
from cardforge.i18n.translatable_units import Unit, Written, missing_source
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

CODE = "TR104"
NAME = "catalog-out-of-date"
SCOPE = "game"
SEVERITY = "warning"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
HINT = "run `cardforge i18n update`, then translate what it marks"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each change an update would make to a language's catalogs. At most
    ``REPORTED_PER_FILE`` per file (see :func:`cardforge.i18n.catalog_state.capped`)."""
    return capped(_check(game))


def _check(game: Game) -> Iterator[Problem]:
    catalogs = state(game)
    orphans: Orphans | None = None  # made once a game, when a catalog is there to compare
    for planned in catalogs.planned:
        if planned.lang is None:
            continue
        if planned.old is None:
            yield Problem(game.manifest.locate("languages"), CODE,
                          f"no {planned.domain} catalog for {planned.lang} "
                          f"({planned.path.relative_to(game.root)})", hint=HINT)
            continue
        if planned.same_texts:
            yield from _inline_changes(game, catalogs, planned)
            continue
        orphans = orphans or _orphans(game)
        yield from _changes(game, catalogs, planned, orphans)


@dataclass(frozen=True)
class Orphans:
    """The mappings with no source-language text (CF014's), whose old entries are not gone:
    their ``texts`` (language, text) and ``places`` (file relative to the game, line)."""

    texts: set[tuple[str, str]]
    places: set[tuple[str, int]]


def _orphans(game: Game) -> Orphans:
    texts: set[tuple[str, str]] = set()
    places: set[tuple[str, int]] = set()
    for doc in (game.manifest, *game.documents, *game.dice_documents):
        for pointer, mapping in missing_source(in_document(doc), game.source_language, game.languages):
            texts.update(mapping.items())
            places.add((str(doc.path.relative_to(game.root)), doc.locate(*pointer).line))
    return Orphans(texts, places)


def _changes(game: Game, catalogs: CatalogState, planned: Planned, orphans: Orphans) -> Iterator[Problem]:
    assert planned.old is not None
    old = {m.id: m for m in messages(planned.old)}
    reused: set[str] = set()
    by_id: dict[str, Unit] = {}
    for message in messages(planned.new):
        before = old.get(message.id)
        if before is not None:
            if message.string != before.string and not message.fuzzy:
                yield Problem(catalogs.entry_location(planned.path, before, "msgstr"), CODE,
                              f"the {planned.lang} text written at {source_ref(message)} differs "
                              "from this entry; an update copies it here", hint=HINT)
            continue
        yield from _new_entry(game, catalogs, planned, message, old, reused, by_id)
    for gone in old.values():
        orphan = (planned.lang, gone.string) in orphans.texts or any(
            (str(path), int(line or 0)) in orphans.places for path, line in gone.locations)
        if gone.id not in reused and planned.new.get(gone.id) is None and not orphan:
            yield Problem(catalogs.entry_location(planned.path, gone), CODE,
                          f"{planned.lang} entry for a text no longer in the sources "
                          f"(was {source_ref(gone)}); an update drops it", hint=HINT)


def _inline_changes(game: Game, catalogs: CatalogState, planned: Planned) -> Iterator[Problem]:
    """What :func:`_changes` reports when the catalog holds exactly the units' texts
    (:attr:`Planned.same_texts`), found without merging: only an inline YAML translation
    that differs from its entry's can be reported."""
    assert planned.old is not None and planned.lang is not None
    for unit in planned.units:
        text = unit.inline.get(planned.lang)
        before = planned.old.get(unit.msgid)
        if text and before is not None and text != before.string:
            new = Message(unit.msgid, text, locations=places(unit, game.root))
            yield Problem(catalogs.entry_location(planned.path, before, "msgstr"), CODE,
                          f"the {planned.lang} text written at {source_ref(new)} differs "
                          "from this entry; an update copies it here", hint=HINT)


def _new_entry(game: Game, catalogs: CatalogState, planned: Planned, message: Message,
               old: dict, reused: set[str], by_id: dict[str, Unit]) -> Iterator[Problem]:
    """An entry an update adds: a fuzzy one (at the entry it comes from) or a new text (at
    the text; ``by_id``, planned's units by msgid, is filled on first need)."""
    previous = old.get(message.previous_id[0]) if message.fuzzy and message.previous_id else None
    if previous is not None:
        reused.add(previous.id)
        yield Problem(catalogs.entry_location(planned.path, previous), CODE,
                      f"source text changed ({source_ref(message)}): this {planned.lang} "
                      "translation will be fuzzy", hint=HINT)
    elif not message.string:
        if not by_id:  # made once a catalog file, when a text is new
            for one in planned.units:
                by_id.setdefault(one.msgid, one)
        unit = by_id.get(message.id)
        yield Problem(_text_place(unit) if unit is not None else place(game, message), CODE,
                      f"new text not yet in the {planned.lang} catalog "
                      f"{planned.path.relative_to(game.root)}", hint=HINT)


def _text_place(unit: Unit) -> Location:
    """Where ``unit``'s text is first written: in a card file or game.yaml, the key of its
    source-language text (a sheet: the text's cell), else (the rules) its block's place."""
    written = unit.written[0] if unit.written else None
    if isinstance(written, Written) and written.pointer and isinstance(written.pointer[-1], str):
        return written.doc.locate_key(*written.pointer)
    return unit.locations[0]
