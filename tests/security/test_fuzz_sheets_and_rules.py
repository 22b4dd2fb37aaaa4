"""Fuzzing the workbook reader over generated sheet XML, and CEL rules over generated
expressions (issue 34): whatever they hold, reading ends in cells or a located
``Unreadable``, evaluating in a value or an ``ExpressionError``, never in another
exception, and within the limits (lowered here, so each example costs milliseconds and a
few MiB). Deterministic (``derandomize=True``); ``$CARDFORGE_FUZZ_SCALE`` fuzzes longer."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardforge.boundary import trust
from cardforge.cel import cel_expressions as expressions
from cardforge.cel.cel_expressions import Budget, ExpressionError, OverBudget, compile_expression
from cardforge.spreadsheet.cell_grid import book_grid
from cardforge.spreadsheet.cells import BadCell, column_name
from cardforge.spreadsheet.sheet_xml import Unreadable
from tests.security.sheet_books import ods, worksheet, xlsx

ROWS, COLUMNS, CELLS = 2_000, 60, 20_000
"""The limits while fuzzing: a sheet within them is built in milliseconds."""


def fuzz(examples: int):  # noqa: ANN201 - a hypothesis settings object
    examples *= int(os.environ.get("CARDFORGE_FUZZ_SCALE", "1"))
    return settings(derandomize=True, max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture
def small_sheets(monkeypatch):
    monkeypatch.setattr(trust, "MAX_SHEET_ROWS", ROWS)
    monkeypatch.setattr(trust, "MAX_SHEET_COLUMNS", COLUMNS)
    monkeypatch.setattr(trust, "MAX_SHEET_CELLS", CELLS)


def _within(data: bytes, suffix: str) -> None:
    try:
        grid = book_grid(data, suffix)
    except Unreadable as refused:
        assert refused.row >= 1 and refused.col >= 1 and refused.reason and refused.hint
        return
    assert len(grid.rows) <= ROWS
    assert all(len(row) <= COLUMNS for row in grid.rows)
    assert sum(len(row) for row in grid.rows) <= CELLS
    for row in grid.rows:
        for value in row:
            assert value is None or isinstance(value, (str, int, float, bool, BadCell))


_NUMBERS = st.one_of(st.integers(1, 30), st.integers(1, 3_000), st.integers(1, 2 ** 40))
_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=8)


@st.composite
def xlsx_cells(draw) -> str:
    """A cell element: referenced anywhere (or not at all, or by a broken name), of any type."""
    row, col = draw(_NUMBERS), draw(st.one_of(st.integers(1, 80), st.integers(1, 20_000)))
    ref = draw(st.sampled_from(["ref", "none", "broken"]))
    name = {"ref": f' r="{column_name(col)}{row}"', "none": "",
            "broken": f' r="{col}{column_name(row % 99 + 1)}"'}[ref]
    kind = draw(st.sampled_from(["n", "s", "e", "b", "inline"]))
    if kind == "inline":
        body = "<is><t>" + draw(_TEXT).replace("&", "&amp;").replace("<", "&lt;") + "</t></is>"
        return f'<c{name} t="inlineStr">{body}</c>'
    value = {"n": draw(st.integers(-10, 10)), "s": 0, "e": "#REF!", "b": draw(st.integers(0, 1))}[kind]
    return f'<c{name} t="{kind}"><v>{value}</v></c>' if kind != "n" else f"<c{name}><v>{value}</v></c>"


@st.composite
def xlsx_sheets(draw) -> bytes:
    rows = []
    for _ in range(draw(st.integers(0, 6))):
        number = draw(st.one_of(st.none(), _NUMBERS))
        cells = "".join(draw(st.lists(xlsx_cells(), max_size=5)))
        rows.append(f'<row r="{number}">{cells}</row>' if number else f"<row>{cells}</row>")
    dimension = draw(st.one_of(st.just(""), st.builds(lambda r, c: f"A1:{column_name(c)}{r}",
                                                      _NUMBERS, st.integers(1, 20_000))))
    shared = '<?xml version="1.0"?><sst xmlns="x"><si><t>deck</t></si></sst>'
    return xlsx(worksheet("".join(rows), dimension), shared=shared)


@fuzz(80)
@given(data=xlsx_sheets())
def test_any_xlsx_sheet_xml_reads_within_the_limits_or_is_located(small_sheets, data):
    _within(data, ".xlsx")


@st.composite
def ods_tables(draw) -> bytes:
    rows = []
    for _ in range(draw(st.integers(0, 5))):
        cells = []
        for _ in range(draw(st.integers(0, 4))):
            repeat = draw(st.one_of(st.just(1), st.integers(1, 100), st.integers(1, 2 ** 31)))
            across = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
            if draw(st.booleans()):
                text = draw(_TEXT).replace("&", "&amp;").replace("<", "&lt;")
                cells.append(f'<table:table-cell office:value-type="string"{across}><text:p>{text}</text:p>'
                             "</table:table-cell>")
            else:
                cells.append(f"<table:table-cell{across}/>")
        repeat = draw(st.one_of(st.just(1), st.integers(1, 3_000), st.integers(1, 2 ** 31)))
        down = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
        rows.append(f"<table:table-row{down}>{''.join(cells)}</table:table-row>")
    return ods(f'<table:table table:name="Cards">{"".join(rows)}</table:table>')


@fuzz(80)
@given(data=ods_tables())
def test_any_ods_table_reads_within_the_limits_or_is_located(small_sheets, data):
    _within(data, ".ods")


@pytest.fixture
def small_steps(monkeypatch):
    monkeypatch.setattr(expressions, "MAX_EXPRESSION_STEPS", 20_000)
    compile_expression("[1].all(x, x > 0) && 1 + 1 == 2").evaluate({})  # parsers made (and the
    # recursion limit they raise set) before hypothesis records it


_ATOMS = st.sampled_from(["1", "2.5", "'ab'", "true", "null", "cost", "name", "tags", "[1, 2, 3]",
                          "{'a': 1}", "size(tags)", "x", "y"])


OPERATORS = st.sampled_from(["+", "-", "*", "/", "%", "==", "<", "&&", "||", "in"])
MACROS = st.sampled_from(["all", "exists", "exists_one", "map", "filter"])
FUNCTIONS = st.sampled_from(["size", "sum", "max", "distinct", "string", "int"])


def _combine(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    lists = st.sampled_from(["[0,1,2,3,4,5,6,7,8,9]", "tags", "[1, 2, 3]"])
    return st.one_of(
        st.builds(lambda a, op, b: f"({a} {op} {b})", inner, OPERATORS, inner),
        st.builds(lambda li, m, v, body: f"{li}.{m}({v}, {body})", lists, MACROS, st.sampled_from(["x", "y"]),
                  inner),
        st.builds(lambda f, a: f"{f}({a})", FUNCTIONS, inner),
        st.builds(lambda c, a, b: f"({c} ? {a} : {b})", inner, inner, inner),
    )


RULES = st.recursive(_ATOMS, _combine, max_leaves=12)


@fuzz(150)
@given(text=RULES)
def test_any_rule_evaluates_or_is_an_expression_error_within_its_steps(small_steps, text):
    try:
        expression = compile_expression(text)
    except ExpressionError:
        return
    budget = Budget(30_000)
    try:
        expression.evaluate({"cost": 3, "name": "Ogre", "tags": ["a", "b"]}, budget)
    except OverBudget as stopped:
        assert stopped.message
    except ExpressionError as failed:
        assert failed.message
    assert 0 <= budget.left <= 30_000


@fuzz(150)
@given(text=st.text(st.sampled_from("[](){}.,:?!&|=<>+-*/% abcxyz0129'\"\\"), max_size=60))
def test_any_text_compiles_or_is_located(small_steps, text):
    try:
        compile_expression(text).evaluate({}, Budget(30_000))
    except ExpressionError as failed:
        assert failed.message
