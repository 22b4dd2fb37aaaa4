"""The CEL parser loaded from cardforge's saved tables (cardforge/cel/cel_grammar.py) is the one
cel-python builds: same trees and same syntax errors, on every string of the shipped games'
game.yaml files; the shipped file fits the installed libraries; a stale one is not used.
(Lark numbers a table's states in hash order, so two builds are equal in what they do, not
byte for byte.)"""

from __future__ import annotations

import json
from pathlib import Path

import lark
import pytest
import yaml
from celpy import celparser

from cardforge.cel import cel_grammar
from cardforge.cel.cel_expressions import compile_expression

REPO = Path(__file__).resolve().parents[1]
EDGES = ["a + b <= 2 * cost", "card.cost > 3 && has(card.x) ? 1 : 2", "[1, 2].all(x, x > 0)",
         "true || false", 'size("abc") == 3u', "{'a': 1}.a", "-1.5e3 != b'x'", "a.b[3].c(1, 2) in [1]",
         "a +", "((", "cost <= ", "1 2", "'unterminated", "card.", "", "x ? y", "!!!true"]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _corpus() -> list[str]:
    found = {s for path in sorted(REPO.glob("cards/*/game.yaml"))
             for s in _strings(yaml.safe_load(path.read_text(encoding="utf-8")))}
    return sorted(found | set(EDGES))


@pytest.fixture(scope="module")
def parsers() -> tuple[lark.Lark, lark.Lark]:
    """(the parser cel-python builds, the one loaded from the shipped tables)."""
    kept = celparser.CELParser.CEL_PARSER
    try:
        celparser.CELParser.CEL_PARSER = None
        built = celparser.CELParser(tree_class=cel_grammar.TREE_CLASS).CEL_PARSER
        celparser.CELParser.CEL_PARSER = None
        assert cel_grammar.install()
        loaded = celparser.CELParser.CEL_PARSER
    finally:
        celparser.CELParser.CEL_PARSER = kept
    assert loaded is not built
    return built, loaded


def _outcome(parser: lark.Lark, text: str) -> object:
    """The tree, or what a syntax error says: its kind, place, first line and the tokens it
    expected (a set: Lark lists them in hash order, which differs from one run to the next)."""
    try:
        return parser.parse(text)
    except lark.exceptions.LarkError as exc:
        return (type(exc).__name__, getattr(exc, "line", None), getattr(exc, "column", None),
                str(exc).splitlines()[0], sorted(getattr(exc, "expected", None) or ()))


def test_the_loaded_parser_reads_every_game_string_as_cel_python_does(parsers):
    built, loaded = parsers
    corpus = _corpus()
    assert len(corpus) > 200  # the games' expressions, and their prose as non-expressions
    parsed = 0
    for text in corpus:
        expected = _outcome(built, text)
        assert _outcome(loaded, text) == expected, text
        parsed += isinstance(expected, lark.Tree)
    assert parsed > 50


def test_the_shipped_tables_fit_the_installed_cel_python_and_lark():
    shipped = json.loads(cel_grammar.TABLES.read_text(encoding="utf-8"))
    assert shipped["fingerprint"] == cel_grammar.fingerprint(), \
        "run `python -m cardforge.cel.cel_grammar` after upgrading cel-python or Lark"
    fresh = json.loads(cel_grammar.tables_text(cel_grammar.built_tables()))
    assert fresh["parser"]["data"]["options"] == shipped["parser"]["data"]["options"]
    assert len(fresh["parser"]["memo"]) == len(shipped["parser"]["memo"])  # rules and terminals


def test_stale_or_damaged_tables_leave_cel_python_to_build_its_parser(tmp_path, monkeypatch):
    saved = json.loads(cel_grammar.TABLES.read_text(encoding="utf-8"))
    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps({**saved, "fingerprint": "0" * 64}), encoding="utf-8")
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"fingerprint": "' + cel_grammar.fingerprint() + '", "parser": {"data": 1}}',
                       encoding="utf-8")
    kept = celparser.CELParser.CEL_PARSER
    try:
        for path in (stale, damaged, tmp_path / "missing.json"):
            monkeypatch.setattr(cel_grammar, "TABLES", path)
            celparser.CELParser.CEL_PARSER = None
            assert not cel_grammar.install()
            assert celparser.CELParser.CEL_PARSER is None
            assert compile_expression("cost <= 5").evaluate({"cost": 4}) is True  # built its own
    finally:
        celparser.CELParser.CEL_PARSER = kept
