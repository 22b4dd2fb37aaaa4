"""DiXe on Card's data as the pack reads it: DiXes from the dice file, sets, combinations.

Every reader here tolerates data that failed its schema (rules run on partly broken
workspaces): an entry that is not the expected shape is skipped, never a traceback.
Vocabularies and counts come from game.yaml ``facts`` (see cards/dixe-on-card/game.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardforge.games.dixe_on_card.dx_odds import JOKER, JokerLimits
from cardforge.loading.yaml_source import Document
from cardforge.model.game_model import Card, Game
from cardforge.model.language_text import localized
from cardforge.problem import Location

CHARACTER = JOKER
"""How a dice file writes the character face (the joker) among a DiXe's faces."""


@dataclass(frozen=True)
class DiXe:
    """One DiXe from a dice file: ``id``, ``set`` (a deck id), ``name`` per language,
    ``faces`` in side order (``character`` or symbol ids), ``colour`` (``#rrggbb``),
    ``monogram`` (the character's mark), and where it was written (``doc``, ``pointer``)."""

    id: str
    set: str
    name: dict[str, str]
    faces: tuple[str, ...]
    colour: str
    monogram: str
    doc: Document
    pointer: tuple[str | int, ...]

    def locate(self, *keys: str | int) -> Location:
        """Location of this DiXe's field at ``keys`` (the entry itself with no keys)."""
        return self.doc.locate(*self.pointer, *keys)

    def label(self, lang: str, fallback: str | None = None) -> str:
        """The character's name in ``lang``, else ``fallback``, else any, else the id."""
        return localized(self.name, lang, fallback) or next(iter(self.name.values()), self.id)


def dixes(game: Game) -> list[DiXe]:
    """Every well-formed DiXe of every dice file, in file then list order."""
    found: list[DiXe] = []
    for doc in game.dice_documents:
        entries = doc.data.get("dice") if isinstance(doc.data, dict) else None
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            die = _dixe(entry, doc, ("dice", index))
            if die is not None:
                found.append(die)
    return found


def _dixe(entry: Any, doc: Document, pointer: tuple[str | int, ...]) -> DiXe | None:
    if not isinstance(entry, dict):
        return None
    ident, faces, owner = entry.get("id"), entry.get("faces"), entry.get("set")
    if not (isinstance(ident, str) and isinstance(owner, str) and isinstance(faces, list)
            and all(isinstance(f, str) for f in faces)):
        return None
    name = entry.get("name") if isinstance(entry.get("name"), dict) else {}
    monogram = entry.get("monogram")
    return DiXe(id=ident, set=owner, name={str(k): str(v) for k, v in name.items()},
                faces=tuple(faces), colour=str(entry.get("colour", "#777777")),
                monogram=str(monogram) if monogram else ident[:1].upper(), doc=doc,
                pointer=pointer)


def dixes_by_id(game: Game) -> dict[str, DiXe]:
    """DiXes by id; of two DiXes sharing an id the first wins (DX104 reports the second)."""
    table: dict[str, DiXe] = {}
    for die in dixes(game):
        table.setdefault(die.id, die)
    return table


def set_dice(game: Game, set_id: str) -> list[DiXe]:
    """The DiXes of starter set ``set_id`` (a deck id), in file order."""
    return [die for die in dixes(game) if die.set == set_id]


def character(card: Card, game: Game) -> DiXe | None:
    """The DiXe a card names in ``character``, if it exists (in any set)."""
    ident = card.data.get("character")
    return dixes_by_id(game).get(ident) if isinstance(ident, str) else None


def combinations(card: Card) -> list[list[str]]:
    """The card's combinations as lists of symbol ids (malformed entries skipped)."""
    combos = card.data.get("combinations")
    if not isinstance(combos, list):
        return []
    return [list(c) for c in combos if isinstance(c, list) and all(isinstance(s, str) for s in c)]


def symbols(game: Game) -> dict[str, Any]:
    """game.yaml's symbol set: id → {name}."""
    table = game.facts.get("symbols")
    return table if isinstance(table, dict) else {}


def joker_limits(game: Game, mode: str) -> JokerLimits:
    """The joker limits of ``mode`` (a key of facts.joker_modes). Raises KeyError if unknown."""
    spec = game.facts["joker_modes"][mode]
    return JokerLimits(per_throw=spec.get("per_throw"),
                       per_combination=spec.get("per_combination_per_turn"))

