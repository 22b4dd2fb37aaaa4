from pathlib import Path

from cardforge.source import loads
from cardforge.validate import validate

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
