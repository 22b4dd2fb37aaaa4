"""JSON card lists keep a source map: every value and key at its 1-based line and column,
syntax errors, repeated keys, NaN and deep nesting as located CF001/CF002 Problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge.boundary import trust
from cardforge.loading.json_source import load_json, parse_json
from cardforge.loading.yaml_walk import LoadError

TEXT = """[
  {"name": {"en": "Gold", "fr": "Or"}, "qty": 3,
   "tags": ["a", "b"], "gone": null, "ratio": -1.5e3}
]"""


def test_values_and_keys_are_located():
    doc = parse_json(TEXT, Path("k.json"))
    assert doc.data[0]["name"]["fr"] == "Or"
    assert (doc.locate(0, "name", "fr").line, doc.locate(0, "name", "fr").col) == (2, 33)
    assert (doc.locate(0, "tags", 1).line, doc.locate(0, "tags", 1).col) == (3, 18)
    assert (doc.locate_key(0, "qty").line, doc.locate_key(0, "qty").col) == (2, 40)
    assert (doc.locate(0, "ratio").line, doc.locate(0, "ratio").col) == (3, 47)
    assert doc.locate_in_scalar(0, 0, "name", "en").col == 20  # inside the quotes


def _error(text: str) -> tuple[str, int, int, str]:
    with pytest.raises(LoadError) as caught:
        parse_json(text, Path("bad.json"))
    [problem] = caught.value.problems
    return problem.code, problem.location.line, problem.location.col, problem.message


@pytest.mark.parametrize(("text", "expected"), [
    ('[\n  {"a": 1,\n   "b": 2\n  ', ("CF001", 4, 3, "not valid JSON")),
    ('{"a": 1,\n "a": 2}', ("CF002", 2, 2, "key 'a' appears twice")),
    ('[1,\n NaN]', ("CF001", 2, 2, "NaN is not a JSON value")),
    ("[1] x", ("CF001", 1, 5, "not valid JSON: Extra data")),
    ("[" * 300 + "]" * 300, ("CF001", 1, 202, "values nest more than 200 levels deep")),
])
def test_errors_are_located(text, expected):
    code, line, col, message = _error(text)
    assert (code, line, col) == expected[:3]
    assert message.startswith(expected[3])


def test_a_file_is_read_through_the_trust_boundary(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_text('["' + "x" * 2000 + '"]', encoding="utf-8")
    monkeypatch.setitem(trust.MAX_BYTES, "yaml", 1000)
    with pytest.raises(LoadError) as caught:
        load_json(path)
    assert "too large" in caught.value.problems[0].message
    with trust.confined(tmp_path / "elsewhere"):
        with pytest.raises(LoadError) as caught:
            load_json(path)
    assert "outside the workspace" in caught.value.problems[0].message


def test_the_value_count_has_a_limit(monkeypatch):
    monkeypatch.setattr(trust, "MAX_YAML_NODES", 10)
    code, line, col, message = _error("[" + ", ".join(["1"] * 20) + "]")
    assert (code, line) == ("CF001", 1) and "more than 10 values" in message


_SCALARS = (st.none() | st.booleans() | st.integers() | st.text()
            | st.floats(allow_nan=False, allow_infinity=False))
_JSON = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(_JSON, st.sampled_from([None, 1, 2]))
def test_every_value_is_found_where_it_was_written(value, indent):
    """Each value's recorded place is where json.dumps wrote that value."""
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    doc = parse_json(text, Path("any.json"))
    assert doc.data == value
    lines = text.split("\n")

    def check(node, pointer):
        place = doc.locate(*pointer)
        written = lines[place.line - 1][place.col - 1:]
        dumped = json.dumps(node, ensure_ascii=False)
        assert written.startswith(dumped if not isinstance(node, (dict, list)) else dumped[:1])
        if isinstance(node, dict):
            for key, item in node.items():
                key_place = doc.locate_key(*pointer, key)
                written_key = lines[key_place.line - 1][key_place.col - 1:]
                assert written_key.startswith(json.dumps(key, ensure_ascii=False))
                check(item, (*pointer, key))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                check(item, (*pointer, index))
    check(value, ())
