"""The translatable units of a game: what ``cardforge i18n update`` puts in its catalogs.

Two gettext domains per game:

- ``rules``: every heading, paragraph and list item of ``cards/<id>/rules/*.md``
  (:mod:`cardforge.booklet.rules_markdown`; directives are generated, never translated);
- ``cards``: every ``{lang: text}`` mapping in game.yaml, the card files and the dice
  files (card names and texts, deck names, icon, mark and symbol names, die names).

A unit's msgid is its text in the game's source language, exactly as written (placeholders
and ``:icon:`` tokens included). The same text in several places is one unit with several
locations. A ``{lang: text}`` mapping may already carry a language's text inline: that is
the unit's ``inline`` translation, which the catalog mirrors (YAML is where a designer
edits, so inline text wins over the catalog; see :mod:`cardforge.i18n.translations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from cardforge.booklet.rules_markdown import load_rules
from cardforge.i18n.localized_mappings import LANGUAGE, in_document, localized_mappings
from cardforge.loading.yaml_source import Document, Pointer
from cardforge.model.game_model import Game
from cardforge.problem import Location

__all__ = ["DOMAINS", "LANGUAGE", "Unit", "extract", "localized_mappings", "missing_source",
           "target_languages", "without_source"]

DOMAINS = ("rules", "cards")
"""The catalogs of a game, one ``<domain>.po`` per language."""


@dataclass(frozen=True)
class Written:
    """Where a text is written in a YAML document: ``doc`` and the ``pointer`` to it, located
    when asked (:attr:`location`): finding a place costs more than reading the text, and a
    lint with every catalog up to date asks for none."""

    doc: Document
    pointer: Pointer

    @property
    def location(self) -> Location:
        """The text's file, line and column."""
        return self.doc.locate(*self.pointer)


@dataclass
class Unit:
    """One translatable text: ``msgid`` (source-language text), its ``domain``, where it is
    written (``written``: Locations, or :class:`Written` places located when asked; first
    one first; see :attr:`locations`), a translator's ``comment`` (what kind of text it is)
    and any ``inline`` translations from YAML (language → text)."""

    msgid: str
    domain: str
    written: list[Location | Written] = field(default_factory=list)
    comment: str = ""
    inline: dict[str, str] = field(default_factory=dict)

    @property
    def locations(self) -> list[Location]:
        """Where the text is written, first one first."""
        return [place if isinstance(place, Location) else place.location for place in self.written]


def target_languages(game: Game) -> list[str]:
    """The languages that need catalogs: every one of ``languages`` but the source."""
    source = game.source_language
    return [lang for lang in game.languages if lang != source]


def without_source(data: Any, source: str, languages: Iterable[str],
                   path: tuple[str | int, ...] = ()) -> Iterator[
                       tuple[tuple[str | int, ...], dict[str, str]]]:
    """Every ``(pointer, mapping)`` of :func:`localized_mappings` that has a text in one of
    ``languages`` but none (or an empty one) in ``source``: a text no catalog can extract,
    whose translations are not made from the source (CF014)."""
    return missing_source(localized_mappings(data, path), source, languages)


def missing_source(found: Iterable[tuple[tuple[str | int, ...], dict[str, str]]], source: str,
                   languages: Iterable[str]) -> Iterator[tuple[tuple[str | int, ...], dict[str, str]]]:
    """Those of ``found`` (``(pointer, mapping)`` pairs, e.g. of
    :func:`cardforge.i18n.localized_mappings.in_document`) :func:`without_source` keeps."""
    wanted = set(languages)
    for pointer, mapping in found:
        if not (mapping.get(source) or "").strip() and wanted & mapping.keys():
            yield pointer, mapping


def _describe(pointer: tuple[str | int, ...], data: Any) -> str:
    """``cards[hire-an-assistant].name``-style comment for a pointer into a YAML file."""
    words: list[str] = []
    node = data
    for part in pointer:
        node = node[part] if isinstance(node, (dict, list)) else None
        if isinstance(part, int) and isinstance(node, dict) and isinstance(node.get("id"), str):
            words[-1:] = [f"{words[-1] if words else ''}[{node['id']}]"]
        elif isinstance(part, int):
            words[-1:] = [f"{words[-1] if words else ''}[{part}]"]
        else:
            words.append(str(part))
    return ".".join(words)


def _yaml_units(doc: Document, source: str) -> Iterator[Unit]:
    for pointer, mapping in in_document(doc):
        text = mapping.get(source)
        if not text:
            continue
        inline = {lang: value for lang, value in mapping.items() if lang != source and value}
        yield Unit(text, "cards", [Written(doc, (*pointer, source))],
                   comment=f"{doc.path.name}: {_describe(pointer, doc.data)}", inline=inline)


def extract(game: Game) -> dict[str, list[Unit]]:
    """Domain → its units, in reading order (rules files in name order; game.yaml, then the
    card files, then the dice files). Repeated texts are merged into the first unit.
    Raises DataError (a BK101 Problem at each file) for a rules file that cannot be read or
    nests too deep."""
    source = game.source_language
    found: dict[str, dict[str, Unit]] = {domain: {} for domain in DOMAINS}

    def add(unit: Unit) -> None:
        known = found[unit.domain].get(unit.msgid)
        if known is None:
            found[unit.domain][unit.msgid] = unit
            return
        known.written.extend(unit.written)
        for lang, text in unit.inline.items():
            known.inline.setdefault(lang, text)

    for block in load_rules(game.root):
        if block.translatable:
            add(Unit(block.text, "rules", [block.location], comment=block.kind))
    for doc in (game.manifest, *game.documents, *game.dice_documents):
        for unit in _yaml_units(doc, source):
            add(unit)
    return {domain: list(units.values()) for domain, units in found.items()}
