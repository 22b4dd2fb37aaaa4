"""Card, Deck and Game: plain dataclasses built from loaded, schema-valid documents.

A Card keeps a reference to the Document it came from and its pointer inside it, so any
stage can point a Problem at the exact line of any of its fields (``card.locate("cost")``).
Game-specific interpretation (parsed costs, abilities) is done by game packs, which may
memoise results in ``card.derived``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardforge.loading.yaml_source import Document
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.card_sizes import resolve_card
from cardforge.model.language_text import localized
from cardforge.problem import Location

if TYPE_CHECKING:
    from cardforge.model.game_packs import GameSpec


@dataclass(eq=False)
class Card:
    """One card design. ``quantity`` copies of it are printed.

    ``data`` is the card's mapping as written (plain YAML data); ``doc`` and ``pointer`` say
    where it was written; ``derived`` is a cache for game packs.
    """

    id: str
    deck: str
    data: dict[str, Any]
    doc: Document
    pointer: tuple[str | int, ...]
    derived: dict[str, Any] = field(default_factory=dict)

    @property
    def quantity(self) -> int:
        """Copies of this card in its deck (``quantity:``, default 1)."""
        return int(self.data.get("quantity", 1))

    @property
    def marks(self) -> list[str]:
        """Mark ids the card carries (``marks:``), e.g. ``["experts-only"]``."""
        return list(self.data.get("marks", []))

    @property
    def ignored_codes(self) -> set[str]:
        """Rule codes this card suppresses with ``lint-ignore``."""
        return set(self.data.get("lint-ignore", []))

    def name(self, lang: str, fallback: str | None = None) -> str:
        """The card's name in ``lang``, else in ``fallback``, else any name it has."""
        names: dict[str, str] = self.data.get("name", {})
        return localized(names, lang, fallback) or next(iter(names.values()), self.id)

    def text(self, key: str, lang: str, fallback: str | None = None) -> str | None:
        """A localized text field (``text``, ``flavor``…) in ``lang`` or ``fallback``; None if absent
        (see :func:`cardforge.model.language_text.localized`)."""
        return localized(self.data.get(key), lang, fallback)

    def locate(self, *keys: str | int) -> Location:
        """Location of this card's field at ``keys`` (or of the card itself with no keys)."""
        return self.doc.locate(*self.pointer, *keys)

    def locate_key(self, *keys: str | int) -> Location:
        """Location of the key of the field at ``keys``."""
        return self.doc.locate_key(*self.pointer, *keys)

    @property
    def location(self) -> Location:
        """Where the card's entry starts in its file."""
        return self.locate()


@dataclass(eq=False)
class Deck:
    """The cards of one deck of game.yaml's ``decks:``; ``spec`` is that entry (name, count, marks)."""

    id: str
    spec: dict[str, Any]
    cards: list[Card] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Physical cards in the deck: quantities summed."""
        return sum(c.quantity for c in self.cards)


@dataclass(eq=False)
class Game:
    """One game in a workspace: its pack, its manifest (game.yaml) and its decks.

    ``root`` is ``cards/<id>/``; ``manifest`` the loaded game.yaml; ``documents`` every card
    file loaded, in path order; ``dice_documents`` every dice file (top-level ``dice:``, see
    :mod:`cardforge.workspace.game_loading`), in path order, whatever its schema said.
    """

    spec: GameSpec
    root: Path
    manifest: Document
    decks: dict[str, Deck] = field(default_factory=dict)
    documents: list[Document] = field(default_factory=list)
    dice_documents: list[Document] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The game pack's id, also the folder name ``cards/<id>/``."""
        return self.spec.id

    @property
    def info(self) -> dict[str, Any]:
        """game.yaml as plain data."""
        return self.manifest.data

    @property
    def facts(self) -> dict[str, Any]:
        """game.yaml's ``facts:`` mapping: the numbers the rulebook states."""
        return self.manifest.data.get("facts", {})

    def fact_location(self, *keys: str | int) -> Location:
        """Where in game.yaml the fact at ``facts.<keys>`` is written."""
        return self.manifest.locate("facts", *keys)

    @property
    def languages(self) -> list[str]:
        """game.yaml's ``languages``, the first being the default for builds."""
        return list(self.manifest.data.get("languages", ["en"]))

    @property
    def source_language(self) -> str:
        """The language the game's texts are written in: game.yaml's ``source_language``,
        else its first language."""
        return str(self.info.get("source_language") or self.languages[0])

    def cards(self) -> Iterator[Card]:
        """Every card design in deck order (each once, whatever its quantity)."""
        for deck in self.decks.values():
            yield from deck.cards

    def card_geometry(self, deck: str | None = None) -> CardGeometry:
        """The geometry (trim, bleed, safe; mm) of the game's cards, from game.yaml
        ``card:`` (a preset ``size:`` or ``width:``/``height:``); with ``deck``, of that deck's
        cards: its own ``card:`` in ``decks:`` laid over the game's (see
        :func:`cardforge.model.card_sizes.resolve_card`). Raises KeyError for an unknown deck."""
        deck_card = self.manifest.data["decks"][deck].get("card") if deck is not None else None
        return resolve_card(self.manifest.data["card"], deck_card)
