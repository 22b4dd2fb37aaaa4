"""Notes in a deck file: fields a designer keeps beside the cards that are not card data.

A card field whose name starts with ``#`` (a sheet column headed ``# notes``, a YAML key
``"#todo"``), or one the deck lists in game.yaml under ``ignore:``, is a note: it is not
checked against the deck's fields (no CF004), not translated and never printed, and
``cardforge convert`` keeps it (it is part of the file, only not of the cards).
"""

from __future__ import annotations

from typing import Any

from cardforge.loading.document import Document

NOTE_PREFIX = "#"
"""A field name starting with this is a note."""


def is_note(name: object, ignored: frozenset[str] = frozenset()) -> bool:
    """Whether field ``name`` of a card is a note: it starts with :data:`NOTE_PREFIX` or
    is one of the deck's ``ignored`` field names."""
    return isinstance(name, str) and (name.startswith(NOTE_PREFIX) or name in ignored)


def ignored_fields(manifest: Any) -> dict[str, frozenset[str]]:
    """Per deck id, the field names game.yaml data ``manifest`` declares as notes
    (``decks: <id>: ignore: [...]``); decks without the list are left out."""
    decks = manifest.get("decks") if isinstance(manifest, dict) else None
    found: dict[str, frozenset[str]] = {}
    for deck, spec in (decks or {}).items() if isinstance(decks, dict) else ():
        names = spec.get("ignore") if isinstance(spec, dict) else None
        if isinstance(names, list) and names:
            found[deck] = frozenset(n for n in names if isinstance(n, str))
    return found


def without_notes(doc: Document, ignored: dict[str, frozenset[str]]) -> None:
    """Take the notes out of card file ``doc``'s cards: ``doc.data`` is replaced by a copy
    whose cards lack them (the loaded data itself, which a parse cache may share, is left
    as it is). Card positions do not change, so the source map still fits."""
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return
    deck = data.get("deck")
    names = ignored.get(deck, frozenset()) if isinstance(deck, str) else frozenset()
    cards = data["cards"]
    changed: list[Any] | None = None
    for index, card in enumerate(cards):
        if isinstance(card, dict) and any(is_note(key, names) for key in card):
            if changed is None:
                changed = list(cards)
            changed[index] = {k: v for k, v in card.items() if not is_note(k, names)}
    if changed is not None:
        doc.data = {**data, "cards": changed}
