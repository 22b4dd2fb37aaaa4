from pathlib import Path

import pytest

from cardforge.loading.yaml_source import LoadError, load_yaml, loads

P = Path("cards.yaml")


def test_every_value_and_key_has_a_location():
    doc = loads("deck: skill\ncards:\n  - id: a\n    cost: 'X=X'\n  - id: b\n", P)
    assert doc.data == {"deck": "skill", "cards": [{"id": "a", "cost": "X=X"}, {"id": "b"}]}
    assert (doc.locate("cards", 1).line, doc.locate("cards", 1).col) == (5, 5)
    assert (doc.locate_key("cards", 0, "cost").line, doc.locate_key("cards", 0, "cost").col) == (4, 5)
    assert (doc.locate("cards", 0, "cost").line, doc.locate("cards", 0, "cost").col) == (4, 11)


def test_locate_falls_back_to_the_nearest_ancestor():
    doc = loads("cards:\n  - id: a\n", P)
    assert doc.locate("cards", 0, "missing").line == 2


def test_offsets_inside_quoted_and_plain_scalars():
    doc = loads("a: 'X=Y'\nb: X=Y\n", P)
    assert doc.locate_in_scalar(2, "a").col == 7
    assert doc.locate_in_scalar(2, "b").col == 6


def test_tokens_in_block_scalars_are_found_on_their_line():
    text = "t: |\n  one :a:\n  two :b: and :b:\n"
    doc = loads(text, P)
    value = doc.data["t"]
    second_b = value.rindex(":b:")
    loc = doc.locate_text(value, second_b, ":b:", "t")
    assert (loc.line, loc.col) == (3, 15)


def test_duplicate_keys_are_problems_not_silently_dropped():
    with pytest.raises(LoadError) as err:
        loads("a: 1\nb: 2\na: 3\n", P)
    [problem] = err.value.problems
    assert (problem.code, problem.line, problem.col) == ("CF002", 3, 1)


def test_merge_keys_are_resolved():
    doc = loads("base: &b {x: 1}\nitem:\n  <<: *b\n  y: 2\n", P)
    assert doc.data["item"] == {"x": 1, "y": 2}


def test_unsafe_tags_are_refused():
    with pytest.raises(LoadError) as err:
        loads("a: !!python/object/apply:os.system ['true']\n", P)
    assert err.value.problems[0].code == "CF001"


def test_non_utf8_file_is_a_located_problem(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(LoadError) as err:
        load_yaml(path)
    assert "UTF-8" in err.value.problems[0].message


def test_empty_document_is_none():
    assert loads("", P).data is None


def test_the_garbage_collector_runs_again_after_loading_and_after_an_error():
    import gc

    assert gc.isenabled()
    loads("a: [1, 2]\n", P)
    assert gc.isenabled()
    with pytest.raises(LoadError):
        loads("a: 1\na: 2\n", P)
    assert gc.isenabled()


def test_equal_scalars_load_as_equal_values_of_their_own_type():
    doc = loads("a: [1, '1', 1.5, yes, ~, 2024-01-02, 1, 1.5]\n", P)
    assert doc.data["a"][0] == 1 and type(doc.data["a"][0]) is int
    assert doc.data["a"][1] == "1" and doc.data["a"][2] == 1.5 and doc.data["a"][3] is True
    assert doc.data["a"][4] is None and str(doc.data["a"][5]) == "2024-01-02"
    assert doc.data["a"][6:] == [1, 1.5]


def test_scalars_keys_and_collections_load_as_pyyaml_safe_load_makes_them():
    """The loader's tag shortcuts (a plain scalar's tag remembered by its text, any other
    scalar text, collections their default tag) and the walker's direct path for scalars
    in mappings and lists give what PyYAML's own safe loader gives, keys included."""
    import yaml

    text = ("a: [true, 'true', \"true\", 012, '012', 1e3, .inf, null, '', x=y]\n"
            "=: value key\ntrue: plain key\n'true': quoted key\n2: number key\n"
            "b: |\n  true\nc: >\n  12\nd: !!str 12\ne: ! 12\nf: {g: [h, 2, {i: off}]}\n"
            "j:\n  - - deep\n    - 3\n")
    assert loads(text, P).data == yaml.safe_load(text)
    for quoted in ("'", '"'):
        doc = loads(f"k: {quoted}12{quoted}\nl: 12\n", P)
        assert doc.data == {"k": "12", "l": 12}
        assert doc.locate_in_scalar(1, "k").col == 6 and doc.locate_in_scalar(1, "l").col == 5
