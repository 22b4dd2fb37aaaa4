"""Template context as plain data: what a template may see, and nothing with methods.

A template comes from the workspace, so it is untrusted: whatever object it is given, it can
call that object's public methods (a :class:`pathlib.Path` reads and writes files). So every
render's context passes through :func:`plain` first, which deep-converts it to dicts, lists,
tuples, strings (:class:`markupsafe.Markup` kept), numbers, booleans and None:

- mappings become dicts, lists and other sequences become lists (tuples stay tuples, sets
  become frozensets), dataclasses become a dict of their fields, paths become strings, and
  dates and times their ISO text (as a template would print them);
- a :class:`~cardforge.model.game_model.Card`, :class:`~cardforge.model.game_model.Deck` or
  :class:`~cardforge.model.game_model.Game` becomes the view of it templates read (see
  :func:`card_view`, :func:`deck_view`, :func:`game_view`), built once per ``views`` memo;
- anything else (functions, files, model internals such as a Document) raises TypeError
  naming where in the context it was found.

Templates run in an immutable sandbox, so views shared between renders cannot be changed.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping, Sequence, Set
from pathlib import PurePath
from typing import Any

from markupsafe import Markup

from cardforge.boundary.trust import MAX_YAML_DEPTH
from cardforge.model.game_model import Card, Deck, Game

MAX_DEPTH = MAX_YAML_DEPTH + 20
"""Nesting a context may have: card data as deep as YAML allows, plus the views around it."""

Views = dict[int, tuple[object, Any]]
"""Memo of converted model objects: ``id(obj)`` → (the object, kept alive; its view)."""

_SCALARS = (type(None), bool, int, float, str)


def plain(value: Any, where: str = "", views: Views | None = None) -> Any:
    """``value`` deep-converted to plain data (see the module docstring).

    ``where`` names ``value`` in messages (``""``: the context itself, whose keys then name
    their values, e.g. ``card.data.cost``); ``views`` memoises model-object views across
    renders (pass one dict per game rendered). Raises TypeError naming the first value that
    is not plain data, or a nesting deeper than :data:`MAX_DEPTH` (a cycle).
    """
    return _convert(value, where, {} if views is None else views, 0)


def card_view(card: Card, views: Views | None = None) -> dict[str, Any]:
    """What a template sees as ``card``: ``{"id", "deck", "data", "quantity", "marks"}``
    (``data`` as written in the YAML; ``quantity`` default 1, ``marks`` default [])."""
    data = card.data
    return {"id": card.id, "deck": card.deck, "data": plain(data, "card.data", views),
            "quantity": plain(data.get("quantity", 1), "card.quantity", views),
            "marks": plain(data.get("marks", []), "card.marks", views)}


def deck_view(deck: Deck, views: Views | None = None) -> dict[str, Any]:
    """What a template sees as ``deck``: ``{"id", "spec", "size", "cards"}`` (``spec`` the
    game.yaml entry, ``size`` the physical card count or None, ``cards`` card views)."""
    try:
        size: int | None = deck.size
    except (TypeError, ValueError):  # a quantity lint reports; the face need not print it
        size = None
    views = {} if views is None else views
    return {"id": deck.id, "spec": plain(deck.spec, "deck.spec", views), "size": size,
            "cards": [_convert(card, "deck.cards", views, 1) for card in deck.cards]}


def game_view(game: Game, views: Views | None = None) -> dict[str, Any]:
    """What a template sees as ``game``: ``{"id", "names", "root", "info", "facts",
    "languages", "source_language", "decks"}`` (``names``: the pack's name per language;
    ``root``: the game folder as text; ``info``: game.yaml; ``decks``: id → deck view)."""
    views = {} if views is None else views
    decks: dict[str, Any] = {}
    for deck_id, deck in game.decks.items():
        decks[deck_id] = _convert(deck, "game.decks", views, 1)
    return {"id": game.id, "names": plain(game.spec.names, "game.names", views),
            "root": str(game.root), "info": plain(game.info, "game.info", views),
            "facts": plain(game.facts, "game.facts", views),
            "languages": plain(game.languages, "game.languages", views),
            "source_language": game.source_language, "decks": decks}


_VIEWS = ((Card, card_view), (Deck, deck_view), (Game, game_view))


Where = tuple[Any, ...]
"""Where a value sits, for messages only, built as cheaply as the walk allows: a text at the
top (such as ``card.data``), then ``(parent, key)`` for a mapping's key or a dataclass's
field and ``(parent, [index])`` for a sequence's item; :func:`_name` spells it out only
when a message needs it (a context of a thousand cards is walked without making a name)."""


def _name(where: Where | str) -> str:
    """``where`` as a message names it: ``card.data.cost``, ``deck.cards[3]``, ``x['a b']``."""
    if isinstance(where, str):
        return where
    parent, key = _name(where[0]), where[1]
    if isinstance(key, list):
        return f"{parent}[{key[0]}]"
    return _child(parent, key)


def _convert(value: Any, where: Where | str, views: Views, depth: int) -> Any:
    kind = type(value)
    if kind in _SCALARS or kind is Markup:
        return value
    if depth > MAX_DEPTH:
        raise TypeError(f"{_name(where) or 'the context'} nests deeper than {MAX_DEPTH} levels "
                        "(a value that contains itself?)")
    if kind is dict:  # the usual case, YAML's own mappings: no abstract-class checks
        return _mapping(value, where, views, depth)
    if kind is list:
        return [_convert(item, (where, [index]), views, depth + 1) for index, item in enumerate(value)]
    if isinstance(value, str):  # its text, not what a subclass's methods make of it
        return Markup(value) if isinstance(value, Markup) else str.__str__(value)
    if isinstance(value, int):  # bool cannot be subclassed, so this is an int subclass
        return int.__int__(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return str(value)
    for model, view in _VIEWS:
        if isinstance(value, model):
            known = views.get(id(value))
            if known is None or known[0] is not value:
                known = (value, view(value, views))
                views[id(value)] = known
            return known[1]
    if isinstance(value, Mapping):
        return _mapping(value, where, views, depth)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields: dict[str, Any] = {}
        for field in dataclasses.fields(value):
            fields[field.name] = _convert(getattr(value, field.name), (where, field.name),
                                          views, depth + 1)
        return fields
    if isinstance(value, (Sequence, Set)) and not isinstance(value, (bytes, bytearray, memoryview)):
        items = [_convert(item, (where, [index]), views, depth + 1) for index, item in enumerate(value)]
        if isinstance(value, tuple):
            return tuple(items)
        if isinstance(value, Set):
            try:
                return frozenset(items)
            except TypeError:
                raise TypeError(f"{_name(where)} is a set of values that are not strings or "
                                "numbers") from None
        return items
    raise TypeError(f"{_name(where) or 'the context'} is a {kind.__module__}.{kind.__qualname__} "
                    "object, not plain data (dicts, lists, strings, numbers, booleans, None)")


def _child(where: str, key: Any) -> str:
    """The name of ``key`` inside ``where``: ``where.key`` or ``where['key']``."""
    if isinstance(key, str) and key.isidentifier():
        return f"{where}.{key}" if where else key
    return f"{where}[{key!r}]"


def _mapping(value: Mapping[Any, Any], where: Where | str, views: Views, depth: int) -> dict[Any, Any]:
    """A mapping's plain copy (see :func:`_convert`): keys strings or numbers."""
    result: dict[Any, Any] = {}
    for key, item in value.items():
        name = (where, key)
        plain_key = key if type(key) is str else _convert(key, name, views, depth + 1)
        if isinstance(plain_key, (list, dict)):
            raise TypeError(f"{_name(name)} has a key that is not a string or number")
        result[plain_key] = _convert(item, name, views, depth + 1)
    return result
