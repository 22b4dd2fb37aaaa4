"""A workspace game's card-file schema, made from the ``fields:`` of its decks in game.yaml.

docs/workspace-games.md is the format. :func:`card_file_schema` returns a JSON Schema
(draft 2020-12) that stands alone (no ``$ref`` to another file, so an editor can use it by
itself): a card file is ``{deck: <one of the decks>, cards: [...]}``, and for each deck
(``if`` the file's ``deck`` is that deck, ``then``) every card entry has the fields every
card has (``id``, ``name``, ``quantity``, ``marks``, ``art``, ``lint-ignore``) plus the
deck's own, typed as declared, ``required`` where declared, and nothing else
(``additionalProperties: false``: an unknown field is CF004 with a "did you mean").

A ``dice-cost`` field is a string for the schema; :func:`dice_cost_problems` then reads
each with :func:`cardforge.dice.cost.parse_cost` and reports the first character it cannot
read as CF003, with the notation's hint.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from cardforge.dice.cost import CostSyntaxError, parse_cost
from cardforge.model.game_model import Card
from cardforge.problem import Problem

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA = "CF003"
DICE_COST = "dice-cost"

IDENTIFIER: dict[str, Any] = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
                              "description": "Lower-case letters, digits and hyphens."}
LOCALIZED: dict[str, Any] = {
    "type": "object", "minProperties": 1,
    "description": "Text per language code, e.g. {en: Speed Lines, fr: Lignes de vitesse}.",
    "propertyNames": {"pattern": "^[a-z]{2}(-[A-Z]{2})?$"},
    "additionalProperties": {"type": "string", "minLength": 1},
}
RULE_CODE: dict[str, Any] = {"type": "string", "pattern": "^[A-Z]{2,3}[0-9]{3}$"}

BASE_FIELDS: dict[str, dict[str, Any]] = {
    "id": {"$ref": "#/$defs/identifier", "description": "Unique within the game."},
    "name": {"$ref": "#/$defs/localized", "description": "The card's name, per language."},
    "quantity": {"type": "integer", "minimum": 0, "maximum": 10000, "default": 1,
                 "description": "Copies in the deck."},
    "marks": {"type": "array", "items": {"$ref": "#/$defs/identifier"}, "uniqueItems": True,
              "description": "Marks declared under `marks:` in game.yaml."},
    "art": {"type": "string", "minLength": 1,
            "description": "Image path relative to the game's folder."},
    "lint-ignore": {"type": "array", "items": {"$ref": "#/$defs/rule-code"}, "uniqueItems": True,
                    "description": "Rule codes not reported for this card."},
}
"""The fields every card has, whatever its deck (as in card.schema.json's ``$defs/card``)."""

_DESCRIPTIONS = {
    "text": "Text.", "localized": "Text per language code.", "integer": "A whole number.",
    "number": "A number.", "enum": "One of the values.", "boolean": "true or false.",
    "keywords": "A list of distinct keywords from the values.",
    "icons": "A list of icon names (templates/<game>/icons/<name>.svg).",
    "image": "An image path relative to the game's folder.",
    DICE_COST: "A cost in cardforge's dice notation, e.g. X=X Y=Y, RUN3, 12+.",
}


def field_schema(field: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of one declared field (``{type, min, max, max-length, values,
    description}`` as game.schema.json's ``$defs/field`` allows; already validated)."""
    kind = field["type"]
    schema: dict[str, Any]
    if kind == "text":
        schema = {"type": "string"}
        if "max-length" in field:
            schema["maxLength"] = field["max-length"]
    elif kind == "localized":
        schema = {"$ref": "#/$defs/localized"}
    elif kind in ("integer", "number"):
        schema = {"type": kind}
        if "min" in field:
            schema["minimum"] = field["min"]
        if "max" in field:
            schema["maximum"] = field["max"]
    elif kind == "enum":
        schema = {"enum": list(field["values"])}
    elif kind == "boolean":
        schema = {"type": "boolean"}
    elif kind == "keywords":
        schema = {"type": "array", "uniqueItems": True, "items": {"enum": list(field["values"])}}
    elif kind == "icons":
        schema = {"type": "array", "items": {"$ref": "#/$defs/identifier"}}
    elif kind in ("image", DICE_COST):
        schema = {"type": "string", "minLength": 1}
    else:
        raise ValueError(f"unknown field type {kind!r}")
    schema["description"] = str(field.get("description") or _default_description(field))
    return schema


def _default_description(field: Mapping[str, Any]) -> str:
    """What an undescribed field is, from its type and limits (shown by editors and as the
    hint of a schema error)."""
    kind = field["type"]
    if kind in ("enum", "keywords"):
        return f"{_DESCRIPTIONS[kind].rstrip('.')}: {', '.join(map(str, field['values']))}."
    if kind in ("integer", "number") and ("min" in field or "max" in field):
        low, high = field.get("min"), field.get("max")
        limits = (f"from {low:g} to {high:g}" if low is not None and high is not None
                  else f"at least {low:g}" if low is not None else f"at most {high:g}")
        return f"{_DESCRIPTIONS[kind].rstrip('.')} {limits}."
    if kind == "text" and "max-length" in field:
        return f"Text of at most {field['max-length']} characters."
    return _DESCRIPTIONS[kind]


def deck_card_schema(deck_id: str, deck: Mapping[str, Any]) -> dict[str, Any]:
    """The schema of one card entry of deck ``deck_id`` (its game.yaml ``decks:`` entry)."""
    fields: Mapping[str, Any] = deck.get("fields") or {}
    properties = {**copy.deepcopy(BASE_FIELDS), **{name: field_schema(f) for name, f in fields.items()}}
    required = ["id", "name", *(name for name, f in fields.items() if f.get("required"))]
    return {"type": "object", "description": f"A card of the {deck_id} deck.",
            "required": required, "properties": properties, "additionalProperties": False}


def card_file_schema(game_id: str, decks: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The card-file schema of workspace game ``game_id`` from its game.yaml ``decks:``
    (validated by game.schema.json first). Self-contained: every ``$ref`` is ``#/$defs/…``."""
    defs: dict[str, Any] = {"identifier": IDENTIFIER, "localized": LOCALIZED, "rule-code": RULE_CODE}
    branches = []
    for deck_id, deck in decks.items():
        defs[f"deck-{deck_id}"] = deck_card_schema(deck_id, deck)
        branches.append({"if": {"properties": {"deck": {"const": deck_id}}, "required": ["deck"]},
                         "then": {"properties": {"cards": {"items": {"$ref": f"#/$defs/deck-{deck_id}"}}}}})
    return {
        "$schema": DRAFT,
        "title": f"{game_id} card file (cards/{game_id}/<deck>.yaml)",
        "description": "Made by cardforge from the decks' fields: in game.yaml "
                       "(docs/workspace-games.md); `cardforge schema` writes it for editors.",
        "type": "object",
        "required": ["deck", "cards"],
        "additionalProperties": False,
        "properties": {
            "deck": {"enum": list(decks), "description": "Which deck of game.yaml these cards belong to."},
            "cards": {"type": "array", "description": "The deck's cards.", "items": {"type": "object"}},
        },
        "allOf": branches,
        "$defs": defs,
    }


def dice_cost_problems(card: Card, deck: Mapping[str, Any]) -> Iterator[Problem]:
    """CF003 for each ``dice-cost`` field of ``card`` (a card of ``deck``, its game.yaml
    entry, that passed the schema) the cost notation cannot read, located at the first
    character it cannot read, with the notation's hint."""
    for name, field in (deck.get("fields") or {}).items():
        raw = card.data.get(name)
        if field.get("type") != DICE_COST or not isinstance(raw, str):
            continue
        try:
            parse_cost(raw)
        except CostSyntaxError as exc:
            where = (card.locate(name) if "\n" in raw
                     else card.doc.locate_in_scalar(exc.offset, *card.pointer, name))
            yield Problem(where, SCHEMA, f"{name} {raw!r}: {exc.message}", card=card.id, hint=exc.hint)
