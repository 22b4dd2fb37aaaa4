"""cel-python's CEL parser, loaded from tables shipped with cardforge instead of built anew.

cel-python makes one Lark LALR parser per process from its ``cel.lark`` grammar the first
time an expression is compiled: about 0.2 s, in every ``cardforge lint`` and in the lint of
every build, before the first game.yaml ``lint:`` rule can run. Lark can save a parser it
built as plain data and load it again: this module
keeps that form as JSON next to the code (``cel_parser.json``, written by
``python -m cardforge.cel.cel_grammar``, never by a run, and read from the installed package,
never from a workspace), and :func:`install` hands the loaded parser to cel-python before
it builds its own; loading takes about 10 ms.

The file is used only when it was made from the very grammar, parser module and Lark
version installed (:func:`fingerprint`); otherwise cel-python builds its parser as it
always did, so a cel-python or Lark upgrade costs time, never a wrong parse. The parse
table is saved with numbered states (Lark's ``IntParseTable``), as Lark saves its own:
the same actions, so the same trees and the same syntax errors
(tests/test_cel_grammar.py compares both parsers on every string of the shipped games, and
checks that the shipped file fits the installed libraries).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import lark
from celpy import celparser
from celpy.evaluation import TranspilerTree
from lark.parsers.lalr_analysis import IntParseTable

TABLES = Path(__file__).with_name("cel_parser.json")
"""The saved parser: ``{"fingerprint": …, "parser": …}``, dictionaries with integer keys
written as ``{"#": [[key, value], …]}``."""

TREE_CLASS = TranspilerTree
"""The tree type of the parser cardforge makes first (:mod:`cardforge.cel.cel_expressions`): the
transpiling runner's, which serves the interpreting runner too."""


def fingerprint() -> str:
    """SHA-256 of what the parser is made from: cel-python's grammar file and parser module
    (which sets Lark's options) and the Lark version."""
    digest = hashlib.sha256(lark.__version__.encode())
    for name in ("cel.lark", "celparser.py"):
        digest.update(Path(celparser.__file__).with_name(name).read_bytes())
    return digest.hexdigest()


def install() -> bool:
    """Give cel-python the saved parser, unless it has one already; return whether the saved
    one is in use. A missing, unreadable or stale file (another grammar, parser module or
    Lark version) leaves cel-python to build its own."""
    if celparser.CELParser.CEL_PARSER is not None:
        return False
    try:
        saved = json.loads(TABLES.read_text(encoding="utf-8"), object_hook=_int_keys)
        if saved.get("fingerprint") != fingerprint():
            return False
        # Lark.load reads a pickle file; its _load, which it calls, takes the saved form as
        # data, with the options that cannot be saved (checked by the fingerprint's version)
        parser = lark.Lark.__new__(lark.Lark)._load(
            saved["parser"], tree_class=TREE_CLASS,
            lexer_callbacks={"IDENT": celparser.CELParser.ambiguous_literals})
    except (OSError, ValueError, KeyError, TypeError, AttributeError, lark.exceptions.LarkError):
        return False
    celparser.CELParser.CEL_PARSER = parser
    return True


def built_tables() -> dict[str, Any]:
    """The parser cel-python builds now, in the saved form (plain data); the process's own
    parser is left as it was."""
    kept = celparser.CELParser.CEL_PARSER
    celparser.CELParser.CEL_PARSER = None
    try:
        parser = celparser.CELParser(tree_class=TREE_CLASS).CEL_PARSER
    finally:
        celparser.CELParser.CEL_PARSER = kept
    lalr = parser.parser.parser
    lalr._parse_table = IntParseTable.from_ParseTable(lalr._parse_table)
    data, memo = parser.memo_serialize([lark.lexer.TerminalDef, lark.grammar.Rule])
    data["options"] = {key: value for key, value in data["options"].items()
                       if key not in ("tree_class", "lexer_callbacks")}  # given when loading
    return {"fingerprint": fingerprint(), "parser": _plain({"data": data, "memo": memo})}


def tables_text(tables: dict[str, Any]) -> str:
    """``tables`` as the JSON text of :data:`TABLES` (integer keys written as pairs)."""
    return json.dumps(_with_pairs(tables), separators=(",", ":"), sort_keys=False) + "\n"


def _plain(value: Any) -> Any:
    """``value`` with regex flags as integers and tuples as lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)  # re.RegexFlag
    return value


def _with_pairs(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            return {key: _with_pairs(item) for key, item in value.items()}
        return {"#": [[key, _with_pairs(item)] for key, item in value.items()]}
    if isinstance(value, list):
        return [_with_pairs(item) for item in value]
    return value


def _int_keys(value: dict[str, Any]) -> dict[Any, Any]:
    return dict(value["#"]) if len(value) == 1 and "#" in value else value


if __name__ == "__main__":  # python -m cardforge.cel.cel_grammar: write the saved parser anew
    TABLES.write_text(tables_text(built_tables()), encoding="utf-8")
    print(f"wrote {TABLES}", file=sys.stderr)
