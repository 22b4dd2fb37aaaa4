"""A game's gettext catalogs, and what ``cardforge i18n update`` would make of them.

Files, inside ``cards/<id>/``: ``locale/<domain>.pot`` (the template: every unit of
:mod:`cardforge.i18n.translatable_units`, no translations) and ``locale/<lang>/LC_MESSAGES/<domain>.po``
for every language but the source one. Babel reads, merges and writes them, so any PO
editor (Poedit, Lokalize, Weblate) can work on them.

Merging (:func:`merge`) is Babel's ``Catalog.update``: a unit whose text is unchanged keeps
its translation; a unit whose text changed a little gets the old translation marked
*fuzzy* (with the old msgid kept as ``#| msgid``); a unit Babel cannot match by text but
that sits where an old entry sat (same file and line) is marked fuzzy the same way; what no
unit matches is dropped. A fuzzy match between short texts or two different cards' names is
not offered (:mod:`cardforge.i18n.fuzzy_guard`). Babel compares every new text with every
old translation, so when
that would be more than :data:`~cardforge.boundary.trust.MAX_FUZZY_COMPARISONS` comparisons (a
crafted catalog of 200,000 look-alike entries would take hours) only the match by place
is made (and when every text has its entry, Babel is not asked to prepare a fuzzy match
it would not make). Then every unit with an inline YAML text in the language takes
that text, not fuzzy (the YAML is where the designer edits).

Headers: ``Project-Id-Version`` is the game's name in its source language and game.yaml's
``version`` when it has one; ``POT-Creation-Date`` is when the template's texts last
changed (the template's own date, kept while its texts stay the same, copied into every
language's catalog); ``PO-Revision-Date`` is when the catalog was last written with new
content. ``Last-Translator`` and ``Language-Team`` are kept as a translator's PO editor
wrote them and left out while nobody has (never Babel's ``FULL NAME <EMAIL@ADDRESS>``
placeholders); ``Report-Msgid-Bugs-To`` is left out (:mod:`cardforge.i18n.catalog_headers`). So an
update that changes no text writes no file, and a header states only what is known.

Reading a catalog (and what is refused) is :mod:`cardforge.i18n.po_files`'s.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache, cached_property, partial
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from cardforge.boundary import source_date, trust
from cardforge.boundary.atomic import write_atomically
from cardforge.errors import DataError
from cardforge.i18n.catalog_headers import GameCatalog, comparable, known, project_of
from cardforge.i18n.fuzzy_guard import drop_unrelated, other_cards
from cardforge.i18n.po_files import CODE, present, read_catalog, render
from cardforge.i18n.translatable_units import DOMAINS, Unit, extract, target_languages
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

__all__ = ["CODE", "LOCALE_DIR", "Planned", "merge", "places", "plan", "po_path", "pot_path", "read_catalog",
           "render", "template", "write"]

LOCALE_DIR = "locale"
"""Folder of a game's catalogs, inside ``cards/<id>/``."""


def po_path(game_root: Path, lang: str, domain: str) -> Path:
    """``<game_root>/locale/<lang>/LC_MESSAGES/<domain>.po``."""
    return game_root / LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def pot_path(game_root: Path, domain: str) -> Path:
    """``<game_root>/locale/<domain>.pot``."""
    return game_root / LOCALE_DIR / f"{domain}.pot"


def template(game: Game, domain: str, units: list[Unit], created: datetime | None = None) -> Catalog:
    """The ``<domain>.pot`` catalog of ``units``: locations relative to the game folder,
    each unit's comment as an extracted (``#.``) comment; dated ``created`` (the existing
    template's date; now when None)."""
    project, version = project_of(game)
    catalog = GameCatalog(domain=domain, project=project, version=version,
                           creation_date=created or source_date.now(), fuzzy=False,
                           header_comment=f"# {domain} texts of {game.id}, extracted by cardforge.\n#")
    relative: dict[Path, str] = {}  # a game has a few files and thousands of texts
    for unit in units:
        catalog.add(unit.msgid, locations=places(unit, game.root, relative),
                    auto_comments=[unit.comment] if unit.comment else [])
    return catalog


def places(unit: Unit, root: Path, relative: dict[Path, str] | None = None) -> list[tuple[str, int]]:
    """``unit``'s locations as a catalog entry names them (``#: rules/rules.md:12``): each
    a (path relative to the game folder ``root``, with ``/``; line) pair, first one first.
    ``relative`` keeps paths already made relative, to share between calls."""
    relative = {} if relative is None else relative
    found = []
    for loc in unit.locations:
        if loc.path not in relative:
            relative[loc.path] = _relative(loc.path, root)
        found.append((relative[loc.path], loc.line))
    return found


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()  # the usual case: found under the game folder
    except ValueError:
        pass
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        pass
    try:  # a card list read where it is, elsewhere in the workspace: ../../lists/k.csv
        return Path(os.path.relpath(path.resolve(), root.resolve())).as_posix()
    except ValueError:  # another drive (Windows)
        return path.as_posix()


def merge(old: Catalog | None, pot: Catalog, lang: str, units: list[Unit]) -> Catalog:
    """``old`` (None for a new language) brought up to ``pot`` as described in the module
    docstring; returns a new catalog, ``old`` is left alone."""
    merged = GameCatalog(locale=lang, domain=pot.domain, project=pot.project, version=pot.version,
                          creation_date=pot.creation_date,
                          revision_date=old.revision_date if old else source_date.now(), fuzzy=False,
                          last_translator=known(old.last_translator) if old else None,
                          language_team=known(old.language_team) if old else None,
                          header_comment=f"# {lang} translation of the {pot.domain} texts of "
                                         f"{pot.project}.\n#")
    for message in old or ():
        if message.id:  # update() only reads the old messages: shared, not copied
            merged[message.id] = message
    unmatched = sum(1 for message in pot if message.id and message.id not in merged)
    candidates = sum(1 for message in merged if message.id and message.string)
    merged.update(_template_copy(pot, merged), update_creation_date=False,
                  no_fuzzy_matching=not unmatched or unmatched * candidates > trust.MAX_FUZZY_COMPARISONS)
    drop_unrelated(merged, old)  # no fuzzy match between short texts or two cards' names
    _fuzzy_by_location(merged)
    merged.obsolete.clear()
    inline = {unit.msgid: unit.inline[lang] for unit in units if lang in unit.inline}
    for message in merged:
        if message.id in inline:
            message.string = inline[message.id]
            message.flags.discard("fuzzy")
            message.previous_id = []
    return merged


def _template_copy(pot: Catalog, merged: Catalog) -> Catalog:
    """``pot``'s messages as a template ``merged.update()`` may use without changing ``pot``:
    update() clones the messages it matches with an old one by id, and puts the others
    into ``merged`` as they are (to be written into later), so only those are cloned here.
    Copying the whole template took longer than the merge itself on a large game."""
    template = Catalog(domain=pot.domain, project=pot.project, version=pot.version, fuzzy=False)
    for message in pot:
        if message.id:
            template[message.id] = message if message.id in merged else message.clone()
    return template


def _fuzzy_by_location(catalog: Catalog) -> None:
    """Give an untranslated message the translation of a dropped one at the same place."""
    by_place: dict[tuple[str, int | None], Message] = {}
    for message in catalog.obsolete.values():
        for place in message.locations:
            by_place.setdefault(place, message)
    for message in catalog:
        if not message.id or message.string:
            continue
        old = next((by_place[p] for p in message.locations if p in by_place), None)
        if old is not None and old.string and not other_cards(message, old):
            message.string = old.string
            message.flags.add("fuzzy")
            message.previous_id = [old.id] if isinstance(old.id, str) else list(old.id)


@dataclass
class Planned:
    """One catalog file: ``path``, ``lang`` (None for the template), its ``domain``, what is
    there now (``old``: None when missing), what an update makes of it (:attr:`new`,
    merged on first use: lint asks only for the catalogs that exist), and the ``units`` of
    its domain it is made from."""

    path: Path
    lang: str | None
    domain: str
    old: Catalog | None
    make: Callable[[], Catalog] = field(repr=False)
    units: list[Unit] = field(default_factory=list, repr=False)

    @cached_property
    def new(self) -> Catalog:
        """The catalog an update writes."""
        return self.make()

    @cached_property
    def same_texts(self) -> bool:
        """Whether the language catalog on disk holds exactly the units' texts, each once as
        a plain entry (one msgid, one msgstr, no context). Then an update (:func:`merge`)
        matches every entry by its text and keeps its translation and flags: no entry is
        new, gone or made fuzzy, and the entries it writes differ from these only in their
        places, comments and the translations inline YAML gives. A caller may then compare
        without merging (a merge of 10,000 entries takes 0.3 s). False for a template."""
        if self.old is None or self.lang is None:  # a template is always made anew
            return False
        texts = set()
        for message in self.old:
            if not message.id:
                continue  # the header
            if not (isinstance(message.id, str) and isinstance(message.string, str)
                    and message.context is None):
                return False
            texts.add(message.id)
        return len(texts) == len(self.units) and texts == {unit.msgid for unit in self.units}

    @property
    def changed(self) -> bool:
        """Whether writing :attr:`new` would change the file's messages (dates aside)."""
        return self.old is None or comparable(render(self.old)) != comparable(render(self.new))


def plan(game: Game) -> list[Planned]:
    """Every catalog file of ``game`` with its merged contents: per domain the template,
    then each target language. Raises DataError with a Problem at each catalog that cannot
    be read (all of them, not only the first) or each rules file that cannot be."""
    units = extract(game)
    planned: list[Planned] = []
    problems: list[Problem] = []

    def read(path: Path, lang: str | None) -> Catalog | None:
        try:
            return read_catalog(path, lang) if present(path) else None
        except DataError as exc:
            problems.extend(exc.problems)
            return None

    for domain in DOMAINS:
        tpath = pot_path(game.root, domain)
        old_pot = read(tpath, None)
        created = old_pot.creation_date if old_pot else None
        pot = cache(partial(template, game, domain, units[domain], created))
        planned.append(Planned(tpath, None, domain, old_pot, pot))
        for lang in target_languages(game):
            path = po_path(game.root, lang, domain)
            old = read(path, lang)
            planned.append(Planned(path, lang, domain, old,
                                   partial(_merged, old, pot, lang, units[domain]), units[domain]))
    if problems:
        raise DataError(problems, what=f"{game.id}'s locale folder")
    return planned


def _merged(old: Catalog | None, pot: Callable[[], Catalog], lang: str, units: list[Unit]) -> Catalog:
    return merge(old, pot(), lang, units)


def write(planned: Planned) -> None:
    """Write ``planned.new`` to its path atomically, dated now. Raises DataError when the
    catalog's folder leads out of the workspace (a linked ``locale`` folder), OSError when
    the file cannot be written."""
    folder = planned.path.parent
    while not (folder.is_symlink() or folder.exists()) and folder != folder.parent:
        folder = folder.parent  # the nearest folder that is there (a new language has none)
    try:
        trust.resolve(folder)
    except trust.Refused as exc:
        raise DataError([Problem(Location(planned.path), CODE, f"cannot write the catalog: its "
                                 f"folder {folder}: {exc.reason}", hint=exc.hint)],
                        what=str(planned.path)) from None
    now = source_date.now()
    if planned.lang is None:
        planned.new.creation_date = now
    else:
        planned.new.revision_date = now
    data = render(planned.new)
    write_atomically(planned.path, lambda handle: handle.write(data))
