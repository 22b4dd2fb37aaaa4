import copy
import random
from pathlib import Path

import pytest

import cardforge.validation.schema_validate as validate_module
from cardforge.loading.yaml_source import loads
from cardforge.model.game_packs import discover
from cardforge.validation.schema_validate import validate

P = Path("cards.yaml")


def test_valid_file_has_no_problems():
    doc = loads("deck: main\ncards:\n  - {id: a, name: {en: A}}\n", P)
    assert validate(doc, "card.schema.json") == []


def test_unknown_field_points_at_the_key_with_suggestion():
    doc = loads("deck: main\ncards:\n  - id: a\n    name: {en: A}\n    lint-ignroe: [CF005]\n", P)
    [problem] = validate(doc, "card.schema.json")
    assert (problem.code, problem.line, problem.col) == ("CF004", 5, 5)
    assert problem.hint == "did you mean 'lint-ignore'?"


def test_bad_value_inside_a_list_points_at_the_item():
    doc = loads("deck: main\ncards:\n  - id: a\n    name: {en: A}\n    lint-ignore: [CF005, nope]\n", P)
    [problem] = validate(doc, "card.schema.json")
    assert (problem.code, problem.line, problem.col) == ("CF003", 5, 26)
    assert "lint-ignore/1" in problem.message


def test_game_manifest_facts_validated_against_a_subschema():
    doc = loads("id: g\nname: {en: G}\nlanguages: [en]\nplayers: {min: 2, max: 3}\n"
                "card: {width: 63, height: 88}\ndecks: {main: {name: {en: M}, count: -1}}\n", P)
    [problem] = validate(doc, "game.schema.json")
    assert problem.line == 6 and "minimum" in problem.message


# The fast check (jsonschema-rs) may only ever say "valid" where jsonschema finds no error:
# messages always come from jsonschema, so the two must agree on what is valid.

REPO = Path(__file__).resolve().parents[2]


def test_a_valid_file_is_not_validated_again_by_jsonschema(monkeypatch):
    doc = loads("deck: main\ncards:\n  - {id: a, name: {en: A}}\n", P)

    def refuse(*_args):
        raise AssertionError("jsonschema ran on a valid file")

    monkeypatch.setattr(validate_module, "_validator", refuse)
    assert validate(doc, "card.schema.json") == []


@pytest.mark.parametrize("value", [".inf", "-.inf", ".nan"])
def test_data_that_is_not_plain_json_is_left_to_jsonschema(value):
    doc = loads(f"deck: main\ncards:\n  - {{id: a, name: {{en: A}}, quantity: {value}}}\n", P)
    assert not validate_module.surely_valid(doc.data, "card.schema.json")
    problems = validate(doc, "card.schema.json")
    assert [(p.code, p.line) for p in problems][:1] == [("CF003", 3)]
    assert "cards/0/quantity: expected integer" in problems[0].message


def test_a_non_string_key_is_left_to_jsonschema():
    doc = loads("deck: main\ncards:\n  - {id: a, name: {en: A}, 12: x}\n", P)
    assert not validate_module.surely_valid(doc.data, "card.schema.json")
    [problem] = validate(doc, "card.schema.json")
    assert problem.code == "CF004"


_VALUES = [None, True, False, 0, -1, 1, 2, 7, 1.5, 10**6, "", "x", "X=X", "Bad Id", "ok-id", "#12ab9F",
           [], [1], ["a"], ["a", "a"], {}, {"en": ""}, {"en": "A"}, {"xx": "A"}, {"kind": "flip"}]


def _mutants(data, rng: random.Random, count: int):
    """``count`` copies of ``data`` with one random change each: a value replaced, a key
    removed, or an unknown key added, anywhere in the tree."""
    for _ in range(count):
        mutant = copy.deepcopy(data)
        parent, key = None, None
        node = mutant
        while isinstance(node, dict | list) and node and rng.random() < 0.75:
            parent, key = node, rng.choice(list(node) if isinstance(node, dict) else range(len(node)))
            node = node[key]
        action = rng.random()
        if parent is None:
            mutant = rng.choice(_VALUES)
        elif action < 0.6:
            parent[key] = copy.deepcopy(rng.choice(_VALUES))
        elif action < 0.8 and isinstance(parent, dict):
            del parent[key]
        elif isinstance(node, dict):
            node[rng.choice(["bogus", "kind", "name", "vp", "cost", "en"])] = rng.choice(_VALUES)
        yield mutant


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "cards").iterdir() if p.is_dir()))
def test_the_fast_check_agrees_with_jsonschema_on_mutated_shipped_cards(game):
    spec = discover()[game]
    rng = random.Random(game)
    for path in sorted((REPO / "cards" / game).glob("*.yaml")):
        data = loads(path.read_text(encoding="utf-8"), path).data
        if path.name == "game.yaml":
            cases = [(data, "game.schema.json", None)]
            if validate_module.has_subschema(spec.schema, "/$defs/facts"):
                cases.append((data["facts"], spec.schema, "/$defs/facts"))
        elif "deck" not in data:
            cases = [(data, spec.schema, "/$defs/dice-file")]
        else:  # one card at a time keeps jsonschema's share of the test short
            cases = [({**data, "cards": [card]}, spec.schema, None) for card in data["cards"][:6]]
        for instance, name, subschema in cases:
            strict = validate_module._validator(name, subschema)
            assert validate_module.surely_valid(instance, name, subschema)
            for mutant in _mutants(instance, rng, 30):
                expected = not any(True for _ in strict.iter_errors(mutant))
                assert validate_module.surely_valid(mutant, name, subschema) == expected, mutant


def _problems(doc):
    return [(p.code, p.line, p.col, p.message, p.hint) for p in doc]


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "cards").iterdir() if p.is_dir()))
def test_checking_only_the_failing_cards_gives_the_same_problems(game, monkeypatch):
    spec = discover()[game]
    rng = random.Random(f"{game} files")
    for path in sorted((REPO / "cards" / game).glob("*.yaml")):
        doc = loads(path.read_text(encoding="utf-8"), path)
        if path.name == "game.yaml" or "deck" not in doc.data:
            continue
        original = doc.data
        for _ in range(12):
            mutant = copy.deepcopy(original)
            for _ in range(rng.randint(1, 3)):  # one to three broken cards, or a bad deck or key
                where = rng.randrange(len(mutant["cards"]))
                mutant["cards"][where] = next(_mutants(mutant["cards"][where], rng, 1))
            if rng.random() < 0.25:
                mutant[rng.choice(["deck", "bogus"])] = copy.deepcopy(rng.choice(_VALUES))
            doc.data = mutant
            fast = _problems(validate(doc, spec.schema))
            with monkeypatch.context() as patch:
                patch.setattr(validate_module._fast(), "suspect_cards", lambda *_: None)
                assert fast == _problems(validate(doc, spec.schema)), mutant


def test_jsonschema_sees_only_the_failing_card_of_a_large_file(monkeypatch):
    cards = "".join(f"  - {{id: c{i}, name: {{en: C}}}}\n" for i in range(200))
    doc = loads("deck: main\ncards:\n" + cards + "  - {id: Bad, name: {en: B}}\n", P)
    seen = []
    strict = validate_module._validator

    def recording(name, subschema):
        validator = strict(name, subschema)
        return type("Recording", (), {"iter_errors": lambda _, instance: (
            seen.append(len(instance["cards"])), *validator.iter_errors(instance))[1:]})()

    monkeypatch.setattr(validate_module, "_validator", recording)
    [problem] = validate(doc, "card.schema.json")
    assert seen == [1]
    assert (problem.code, problem.line) == ("CF003", 203) and "cards/200/id" in problem.message
