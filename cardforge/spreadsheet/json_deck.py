"""A JSON card list as a deck file: ``[{"name": …, "qty": 3, …}, …]`` read where it is.

game.yaml names the file for a deck as it names a sheet (``decks: <id>: sheet: {file:
kingdom.json, columns: …, ids: name}``). The list is read through
:mod:`cardforge.loading.json_source` (every value located at its file, line and column) and
turned into the same ``{"deck": <id>, "cards": [...]}`` Document a YAML card file gives,
its source tree kept, so validation and lint name the JSON file's lines:

- each object is one card; its keys are field names, or headers ``columns`` maps to
  field paths (``"Card Name": name``, ``"Qty": quantity``; a dotted path such as
  ``name.en`` puts a plain text under that language); a key starting with ``#`` is a
  note, never card data; a ``null`` value is an absent field;
- a nested object is a value per language (``{"name": {"en": …, "de": …}}``), an array a
  list (keywords);
- a card without an ``id`` takes one from its ``ids`` field, as a sheet's cards do.

A JSON file holding an object with ``deck`` and ``cards`` is a card file as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardforge.loading.deck_notes import NOTE_PREFIX
from cardforge.loading.document import Document, SourceTree
from cardforge.loading.json_source import load_json
from cardforge.loading.yaml_walk import YAML_SYNTAX, LoadError
from cardforge.problem import Problem
from cardforge.spreadsheet.sheet_deck import id_from

JSON_SUFFIX = ".json"


def is_json(path: Path) -> bool:
    """Whether ``path`` is named like a JSON card list (``.json``, any case)."""
    return path.suffix.lower() == JSON_SUFFIX


def json_deck(path: Path, deck: str | None = None, *, columns: dict[str, str] | None = None,
              ids: str | None = None) -> Document:
    """The deck file in the JSON card list ``path`` for deck ``deck`` (see the module).

    Raises :class:`LoadError`: what :func:`~cardforge.loading.json_source.load_json` raises,
    and CF001 for a file that is neither a list of cards nor an object with ``cards``, or a
    list no game.yaml deck names."""
    doc = load_json(path)
    data, tree = doc.data, doc.tree or [1, 1]
    if isinstance(data, dict) and "cards" in data:
        return doc
    if not isinstance(data, list):
        raise LoadError([Problem(doc.locate(), YAML_SYNTAX,
                                 "a JSON card list is a list of objects, one per card",
                                 hint='e.g. [{"name": "Gold", "qty": 3}, …]')])
    if deck is None:
        raise LoadError([Problem(doc.locate(), YAML_SYNTAX, "the JSON list does not say which deck it holds",
                                 hint="name it in game.yaml: decks: <id>: sheet: {file: " + path.name + "}")])
    renamed = columns or {}
    items: list[SourceTree] = tree[2] if len(tree) > 2 and isinstance(tree[2], list) else []
    cards: list[Any] = []
    trees: list[SourceTree] = []
    for index, entry in enumerate(data):
        place = items[index] if index < len(items) else tree
        if isinstance(entry, dict):
            card, card_tree = _card(entry, place, renamed, ids)
            cards.append(card)
            trees.append(card_tree)
        else:  # the schema says a card is an object, at this place
            cards.append(entry)
            trees.append(place)
    doc.data = {"deck": deck, "cards": cards}
    doc.tree = [1, 1, {"deck": [1, 1, [1, 1]], "cards": [tree[0], tree[1], [tree[0], tree[1], trees]]}]
    return doc


def _card(entry: dict[str, Any], place: SourceTree, columns: dict[str, str],
          ids: str | None) -> tuple[dict[str, Any], SourceTree]:
    """One object's card and its source tree: keys renamed, notes and nulls left out, an id
    made from field ``ids`` when it has none."""
    places: dict[str, list[Any]] = place[2] if len(place) > 2 and isinstance(place[2], dict) else {}
    card: dict[str, Any] = {}
    entries: dict[str, list[Any]] = {}
    for key, value in entry.items():
        if key.startswith(NOTE_PREFIX) or value is None:
            continue
        key_line, key_col, value_tree = places.get(key, [place[0], place[1], [place[0], place[1]]])
        parts = columns.get(key, key).removesuffix("[]").split(".")
        node, node_entries = card, entries
        for part in parts[:-1]:
            if not isinstance(node.get(part, {}), dict):
                break
            node = node.setdefault(part, {})
            parent = node_entries.setdefault(part, [key_line, key_col, [key_line, key_col, {}]])
            node_entries = parent[2][2]
        node[parts[-1]] = value
        node_entries[parts[-1]] = [key_line, key_col, value_tree]
    if ids and "id" not in card and ids in card:
        made = id_from(card[ids])
        if made:
            card["id"] = made if made[0].isalpha() else f"card-{made}"
            entries["id"] = entries[ids]
    return card, [place[0], place[1], entries]
