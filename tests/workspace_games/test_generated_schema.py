"""The card-file schema made from the decks' fields: valid draft 2020-12, self-contained
(an editor can use it alone), one branch per deck, each field typed and described."""

import json

import pytest
from jsonschema import Draft202012Validator

from cardforge.loading.yaml_source import load_yaml
from cardforge.validation.field_schema import card_file_schema, field_schema
from tests.workspace_games.conftest import GAME, SCENARIOS


@pytest.fixture
def schema():
    decks = load_yaml(SCENARIOS / "game.yaml").data["decks"]
    return card_file_schema(GAME, decks)


def test_it_is_a_valid_draft_2020_12_schema(schema):
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_it_refers_to_no_other_file(schema):
    refs = [v for v in _values(schema, "$ref")]
    assert refs and all(ref.startswith("#/$defs/") for ref in refs)
    assert "card.schema.json" not in json.dumps(schema)


def test_it_checks_cards_by_their_deck(schema):
    validator = Draft202012Validator(schema)
    bog_hag = {"id": "bog-hag", "name": {"en": "Bog Hag"}, "cost": 3}
    assert validator.is_valid({"deck": "monsters", "cards": [bog_hag]})
    assert not validator.is_valid({"deck": "wares", "cards": [bog_hag]})  # cost is no ware field
    assert not validator.is_valid({"deck": "bazaar", "cards": []})
    assert schema["properties"]["deck"]["enum"] == ["monsters", "wares"]


@pytest.mark.parametrize(("field", "good", "bad"), [
    ({"type": "text", "max-length": 3}, "abc", "abcd"),
    ({"type": "localized"}, {"en": "A"}, "A"),
    ({"type": "integer", "min": 1, "max": 2}, 2, 1.5),
    ({"type": "number", "min": 0}, 0.5, -1),
    ({"type": "enum", "values": ["a", "b"]}, "b", "c"),
    ({"type": "boolean"}, False, "no"),
    ({"type": "keywords", "values": ["a", "b"]}, ["a", "b"], ["a", "a"]),
    ({"type": "icons"}, ["die-6", "vp"], ["Not An Icon"]),
    ({"type": "image"}, "art/a.png", ""),
    ({"type": "dice-cost"}, "X=X", ""),
])
def test_each_field_type(field, good, bad):
    validator = Draft202012Validator({**field_schema(field), "$defs": _defs()})
    assert validator.is_valid(good) and not validator.is_valid(bad)
    assert field_schema(field)["description"]


def test_required_fields_and_descriptions_reach_the_card_entry(schema):
    monster = schema["$defs"]["deck-monsters"]
    assert monster["required"] == ["id", "name", "cost"]
    assert monster["additionalProperties"] is False
    assert monster["properties"]["cost"]["description"] == "Gold to hire it."
    assert monster["properties"]["element"]["description"] == "One of the values: fire, water, earth."
    assert set(monster["properties"]) >= {"id", "name", "quantity", "marks", "art", "lint-ignore"}


def _defs():
    decks = load_yaml(SCENARIOS / "game.yaml").data["decks"]
    return card_file_schema(GAME, decks)["$defs"]


def _values(node, key):
    if isinstance(node, dict):
        if key in node:
            yield node[key]
        for value in node.values():
            yield from _values(value, key)
    elif isinstance(node, list):
        for value in node:
            yield from _values(value, key)
