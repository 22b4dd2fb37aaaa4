"""Which YAML text a measured text box's overflow is blamed on, and where it is written.

A template marks a text box with ``data-field="<field> …"`` (dotted paths into the card:
``skill.text``; ``game.<key>`` and ``deck.<key>`` for texts of game.yaml and of the card's
deck); TR105 measures the box and reports the overflow at the text to shorten, in the
language it overflows in (:func:`blamed_field`, :func:`locate`).
"""

from __future__ import annotations

from typing import Any

from cardforge.i18n.translatable_units import localized_mappings
from cardforge.model.game_model import Card, Game
from cardforge.problem import Location

__all__ = ["blamed_field", "locate"]


def blamed_field(fields: list[str], card: Card | None, lang: str | None = None) -> str:
    """The field a box's overflow is blamed on. Of ``fields`` the card writes (a dotted
    path, ``skill.text``, is written when every key on it is), the one whose texts are the
    longest in ``lang`` (its ``{lang: text}`` mappings, however deep; ties go to the later
    field); when none holds such a text, or no ``lang`` is given, the last the card writes;
    else the last listed; ``"text"`` if none is."""
    if not fields:
        return "text"
    written = [f for f in fields if card is not None and _value(card.data, _path(f)) is not None]
    if card is not None and lang is not None and written:
        sizes = [_length(_value(card.data, _path(f)), lang) for f in written]
        if max(sizes) > 0:
            return written[max(range(len(written)), key=lambda i: (sizes[i], i))]
    return (written or fields)[-1]


def locate(field: str, lang: str, game: Game, card: Card | None, deck: str | None) -> Location:
    """Where the text of ``field`` in ``lang`` is written: ``game.<key>`` in game.yaml,
    ``deck.<key>`` in the deck's entry there, else in the card's entry: ``field.<lang>``
    for a ``{lang: text}`` mapping, the longest text in ``lang`` among those inside a field
    that holds several (a list of abilities), else the field (the nearest enclosing place
    that exists when the text is not written in that language)."""
    keys = _path(field)
    if keys[0] == "game" and len(keys) > 1:
        return game.manifest.locate(*keys[1:], lang)
    deck_id = deck or (card.deck if card else None)
    if keys[0] == "deck" and len(keys) > 1 and deck_id:
        return game.manifest.locate("decks", deck_id, *keys[1:], lang)
    if card is not None:
        return card.locate(*_text_at(card.data, keys, lang))
    return game.manifest.locate("decks", deck_id) if deck_id else Location(game.root / "game.yaml")


def _path(field: str) -> list[str | int]:
    """``"ability.text"`` → ``["ability", "text"]`` (numeric parts as list indexes)."""
    return [int(part) if part.isdigit() else part for part in field.split(".")]


def _value(data: Any, keys: list[str | int]) -> Any:
    """The value at ``keys`` inside ``data`` (mappings and lists), None where there is none."""
    for key in keys:
        if isinstance(data, dict) and key in data:
            data = data[key]
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data


def _texts(value: Any, lang: str) -> list[tuple[tuple[str | int, ...], str]]:
    """``(pointer, text)`` of each ``{lang: text}`` mapping inside ``value`` (``value`` itself
    included): its text in ``lang``, else its first text (what a length is judged by when
    the language comes from a catalog)."""
    return [(pointer, mapping.get(lang) or next(iter(mapping.values()), ""))
            for pointer, mapping in localized_mappings(value)]


def _length(value: Any, lang: str) -> int:
    """How many characters of text in ``lang`` the field ``value`` holds."""
    return sum(len(text) for _, text in _texts(value, lang))


def _text_at(data: dict[str, Any], keys: list[str | int], lang: str) -> tuple[str | int, ...]:
    """The card-relative pointer of the text in ``lang`` of the field at ``keys``: the
    longest of the mappings inside it (``keys`` + its pointer + ``lang``), else ``keys`` +
    ``lang`` (a field that is missing or holds no text)."""
    texts = _texts(_value(data, keys), lang)
    if not texts:
        return (*keys, lang)
    pointer, _ = max(reversed(texts), key=lambda found: len(found[1]))
    return (*keys, *pointer, lang)
