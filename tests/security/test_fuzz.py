"""Fuzzing the readers of untrusted text: whatever a workspace file holds, reading it ends in
data or in a located complaint (a Problem, ``trust.Refused``, ``LoadError``, ``DataError``,
``CostSyntaxError``), never in another exception.

Covered: the YAML loader (arbitrary text, YAML-shaped text with anchors, aliases, merge
keys and tags; libyaml's composer and the counting one agree), schema validation of any
data YAML can make (dates, binary, huge numbers, keys that are not text), the cost notation
and structured costs with the odds they feed, the PO reader and the Markdown reader.
Deterministic: ``derandomize=True``, so a failure here fails every run.
"""

from __future__ import annotations

import os
import tempfile
from datetime import UTC, date, datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from cardforge.booklet.rules_markdown import load_rules, parse_rules
from cardforge.boundary import trust
from cardforge.dice.cost import Cost, CostSyntaxError, cost_from_structured, parse_cost
from cardforge.dice.odds import OddsTooLarge, Pool, min_dice_to_pay, pay_probability
from cardforge.errors import DataError
from cardforge.i18n.game_catalogs import read_catalog
from cardforge.loading import yaml_limits
from cardforge.loading.yaml_source import Document, LoadError, loads
from cardforge.problem import Problem
from cardforge.validation.schema_validate import validate

P = Path("fuzz.yaml")


def fuzz(examples: int):  # noqa: ANN201 - a hypothesis settings object
    """Deterministic settings for ``examples`` examples (times ``$CARDFORGE_FUZZ_SCALE``, to
    fuzz longer by hand), no per-example deadline."""
    examples *= int(os.environ.get("CARDFORGE_FUZZ_SCALE", "1"))
    return settings(derandomize=True, max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _located(problem: Problem, path: Path) -> None:
    assert problem.path == path
    assert problem.line >= 1 and problem.col >= 1
    assert problem.message


# --- the YAML loader ------------------------------------------------------------------------------

YAML_CHARS = " \n\t-:?,[]{}&*!<>|'\"#%@`=~.+_01239aAxyz\u00e9\u3042\ufeff\x85\u2028"

_name = st.sampled_from(["a", "b", "c", "id", "cards", "<<", "x y", "2024-01-01", "1", "~"])
_scalar = st.one_of(
    st.sampled_from(["x", "12", "-0.5", ".inf", ".nan", "~", "null", "yes", "No", "0x1F", "0o17",
                     "1_000", "190:20:30", "2024-01-01", "2024-13-45", "2001-12-14t21:59:43.10-05:00",
                     "!!binary aGVsbG8=", "!!binary ***", "!!str 1", "!!int x", "!!float 1",
                     "!!bool maybe", "!!timestamp soon", "!!null", "!foo bar", "'it''s'",
                     '"a\\tb\\u00e9"', "|\n  block\n", ">-\n  folded\n", "9" * 30]),
    st.text(alphabet="abc xyz", max_size=8), st.text(alphabet="ab:#-'\"", max_size=4))


@st.composite
def yaml_like(draw: st.DrawFn, depth: int = 0, names: list[str] | None = None,
              count: list[int] | None = None) -> str:
    """YAML-shaped text: block and flow collections with anchors, aliases (mostly to anchors
    already defined), merge keys and tags, at random indentation."""
    names = [] if names is None else names
    count = [0] if count is None else count  # anchors made so far, at any level
    pad = "  " * depth
    fresh: list[str] = []  # anchors of this level, usable once their value is complete

    def anchor() -> str:
        if draw(st.integers(0, 2)):
            return ""
        count[0] += 1
        fresh.append(f"n{count[0]}")
        return f"&{fresh[-1]} "

    def alias() -> str:
        if not names:
            return draw(_scalar)
        return "*" + draw(st.sampled_from(names * 5 + ["zz"]))  # now and then, undefined

    lines = []
    for _ in range(draw(st.integers(0, 4))):
        form = draw(st.integers(0, 6 if depth < 3 else 2))
        if form == 0:
            value = anchor() + draw(_scalar)
        elif form == 1:
            value = alias()
        elif form == 2:
            mark = anchor()
            value = mark + "[" + ", ".join(draw(_scalar) if draw(st.booleans()) else alias()
                                           for _ in range(draw(st.integers(0, 4)))) + "]"
        elif form == 3:
            mark = anchor()
            value = mark + "{" + ", ".join(f"{draw(_name)}: {draw(_scalar)}"
                                           for _ in range(draw(st.integers(0, 3)))) + "}"
        elif form == 4 and names:
            value = f"{{<<: {alias()}, {draw(_name)}: {draw(_scalar)}}}"
        elif form == 4:
            value = "{}"
        else:
            lines.append(f"{pad}{draw(_name)}: {anchor()}".rstrip())
            lines.append(draw(yaml_like(depth + 1, names, count)) if form == 5 else
                         f"{pad}  - {draw(_scalar)}\n{pad}  - {alias()}")
            if draw(st.integers(0, 20)) == 0 and fresh:
                lines[-1] += f"\n{pad}  - *{fresh[-1]}"  # a recursive alias, now and then
        if form < 5:
            lines.append(f"{pad}{draw(_name)}: {value}")
        names.extend(fresh)
        fresh.clear()
    return "\n".join(lines)


def _load(text: str) -> Document | LoadError:
    try:
        doc = loads(text, P)
        event("loaded")
        return doc
    except LoadError as exc:
        event("refused: " + " ".join(exc.problems[0].message.split()[:3]))
        assert exc.problems
        for problem in exc.problems:
            _located(problem, P)
            assert problem.code in ("CF001", "CF002")
        return exc


@fuzz(600)
@given(st.text(max_size=300))
@example("a: &a [*a]")
@example("\ufeffa: 1")
@example("x: " + "[" * 3000)
def test_the_yaml_loader_reads_any_text_into_data_or_located_problems(text):
    _load(text)


@fuzz(600)
@given(st.text(alphabet=YAML_CHARS, max_size=200))
def test_the_yaml_loader_reads_yaml_characters_into_data_or_located_problems(text):
    _load(text)


@fuzz(500)
@given(yaml_like())
@example("a: &a {k: v}\nb: &b {<<: [*a, *a], k2: *a}\nc: {<<: *b}")
def test_yaml_shaped_text_loads_the_same_through_both_composers(text):
    """libyaml's composer (used when the text surely holds no alias and few nodes; small
    texts are safe with it either way) and the counting composer give the same data, source
    map and problem places."""
    original = yaml_limits.surely_small
    try:
        yaml_limits.surely_small = lambda _text: True  # libyaml's composer, even with aliases
        fast = _load(text)
        yaml_limits.surely_small = lambda _text: False
        counted = _load(text)
    finally:
        yaml_limits.surely_small = original
    if isinstance(fast, LoadError) or isinstance(counted, LoadError):
        assert type(fast) is type(counted), (fast, counted)
        if "*" not in text:  # a recursive alias: only the counting composer names it
            assert [(p.code, p.line, p.col) for p in fast.problems] == \
                [(p.code, p.line, p.col) for p in counted.problems]  # type: ignore[union-attr]
    else:
        assert fast.data == counted.data or fast.data != fast.data  # NaN is not equal to itself
        assert fast.tree == counted.tree


# --- schema validation of any data YAML can make ------------------------------------------------------

_atoms = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(10 ** 1300, 10 ** 1400), st.floats(),
    st.text(max_size=12), st.dates(), st.binary(max_size=8),
    st.datetimes(timezones=st.sampled_from([None, UTC, timezone(timedelta(hours=-5))])))
_keys = st.one_of(st.sampled_from(["id", "name", "en", "ja", "cost", "vp", "quantity", "kind",
                                   "abilities", "deck", "cards", "faces", "die"]),
                  st.text(max_size=6), st.integers(), st.dates(), st.booleans(), st.none())
_data = st.recursive(_atoms, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(_keys, inner, max_size=4)), max_leaves=20)

SCHEMAS = ["comic-creator.schema.json", "dice-girls.schema.json", "dice-tuners.schema.json",
           "dixe-on-card.schema.json", "writers-battle.schema.json", "game.schema.json"]


@fuzz(250)
@given(st.sampled_from(SCHEMAS), st.sampled_from(["skill", "idol", "hero", "crypte", "character", None]),
       st.lists(st.dictionaries(_keys, _data, max_size=5), max_size=3), _data)
@example("comic-creator.schema.json", "skill", [{"id": date(2024, 1, 1), date(2024, 1, 2): b"x",
                                                 "quantity": datetime(2024, 1, 1, 10)}], None)
def test_schema_problems_are_made_for_any_yaml_data(name, deck, cards, other):
    for data in ({"deck": deck, "cards": cards}, other, {"deck": deck, "cards": other}):
        problems = validate(Document(path=P, data=data), name)
        for problem in problems:
            _located(problem, P)
            assert problem.code in ("CF003", "CF004")
            assert len(problem.message) < 1000


# --- cost notation, structured costs and the odds they feed ----------------------------------------

COST_CHARS = "XYZxyz=&+ \t0123456789KINDRUNEVODgrenblu-_!\u00e9\u0663"

_piece = st.one_of(
    st.sampled_from(["X=X", "X=X=X", "Y = Y", "Z=Z=Z=Z", "green", "red", "X=Y", "x=x", "run3", "X"]),
    st.builds("{}{}".format, st.sampled_from(["KIND", "RUN", "EVEN", "ODD", ""]),
              st.integers(0, 40)).map(lambda s: s + "+" if s.isdigit() else s))
cost_like = st.builds(lambda parts, seps: "".join(p + s for p, s in zip(parts, seps, strict=False)),
                      st.lists(_piece, min_size=1, max_size=4),
                      st.lists(st.sampled_from([" ", " & ", "&", "  ", ""]), min_size=4, max_size=4))
"""Cost-shaped text: notation pieces, some misspelt, joined by spaces and ``&``."""


def _cost(text: str) -> Cost | None:
    try:
        return parse_cost(text)
    except CostSyntaxError as exc:
        assert exc.message and exc.hint
        assert 0 <= exc.offset <= len(text)
        return None


@fuzz(800)
@given(st.one_of(cost_like, st.text(alphabet=COST_CHARS, max_size=30), st.text(max_size=20)))
@example("X=X & Y=Y")
@example("RUN3 RUN3 & 10+ green")
@example("KIND999999999999999999")
def test_the_cost_notation_reads_any_text_into_a_cost_or_a_located_error(text):
    cost = _cost(text)
    event("read" if cost is not None else "refused")
    if cost is not None:
        assert parse_cost(cost.notation()) == cost


@pytest.mark.parametrize("text", ["9" * 5000 + "+", "KIND" + "9" * 5000])
def test_a_number_too_long_for_python_is_a_cost_syntax_error(text):
    with pytest.raises(CostSyntaxError) as error:
        parse_cost(text)
    assert "too large" in error.value.args[0]


def test_a_structured_cost_whose_kind_is_a_list_is_a_cost_syntax_error():
    with pytest.raises(CostSyntaxError):
        cost_from_structured([{"kind": []}])


_component = st.dictionaries(
    st.sampled_from(["kind", "n", "length", "at-least", "colour", "x"]),
    st.one_of(st.sampled_from(["of-a-kind", "run", "even", "odd", "sum", "die", "green", "Red"]),
              st.integers(-2, 12), st.booleans(), st.none(), st.text(max_size=4)), max_size=3)


@fuzz(400)
@given(st.one_of(st.lists(_component, max_size=4), _data))
def test_structured_costs_read_into_a_cost_or_an_error(items):
    try:
        cost_from_structured(items)
    except CostSyntaxError as exc:
        assert exc.message and exc.hint and exc.offset == 0


@fuzz(300)
@given(cost_like, st.lists(st.integers(1, 80), min_size=1, max_size=trust.MAX_DIE_FACES),
       st.dictionaries(st.sampled_from(["white", "green", "red"]), st.integers(0, 40), min_size=1),
       st.lists(st.tuples(st.sampled_from(["red", "green"]), st.integers(1, 6)), max_size=2))
def test_the_odds_of_any_cost_are_a_probability_or_a_refusal(text, faces, rolled, fixed):
    cost = _cost(text)
    if cost is None:
        return
    min_dice_to_pay(cost, faces)
    try:
        chance = pay_probability(cost, Pool(tuple(rolled.items()), tuple(fixed)), faces=faces,
                                 required_colour="green")
    except OddsTooLarge as exc:
        assert "too costly" in str(exc)
        event("odds refused")
        return
    event("odds computed")
    assert isinstance(chance, Fraction) and 0 <= chance <= 1


# --- the PO reader ------------------------------------------------------------------------------

_po_line = st.one_of(
    st.sampled_from(['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
                     '"Plural-Forms: nplurals=999999; plural=(n != 1);\\n"',
                     '"Plural-Forms: nplurals=x; plural=n;\\n"', '"Language: fr\\n"',
                     "#, fuzzy", "#: cards/x.yaml:3", "#~ msgid \"old\"", "msgctxt \"c\"",
                     "msgid_plural \"p\"", "msgstr[0] \"a\"", "msgstr[99] \"b\"", "msgstr[", "",
                     '"unterminated', "\\", "#| msgid \"prev\""]),
    st.builds(lambda k, v: f"{k} {v}", st.sampled_from(["msgid", "msgstr", "msgctxt", "\""]),
              st.text(max_size=10).map(lambda s: '"' + s.replace("\n", " ") + '"')))


@pytest.fixture(scope="module")
def scratch():
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def _po(scratch: Path, data: bytes) -> None:
    path = scratch / "fuzz.po"
    path.write_bytes(data)
    try:
        read_catalog(path, "fr")
        event("read")
    except DataError as exc:
        event("refused")
        assert exc.problems
        for problem in exc.problems:
            _located(problem, path)
    except trust.Refused as exc:
        _located(exc.problem("TR100"), path)


@fuzz(300)
@given(data=st.binary(max_size=300))
@example(data=b"\xff\xfemsgid")
@example(data=b'msgid ""\nmsgstr "\xe9"\n')
def test_the_po_reader_reads_any_bytes_into_a_catalog_or_located_problems(scratch, data):
    _po(scratch, data)


@fuzz(300)
@given(lines=st.lists(_po_line, max_size=14))
def test_the_po_reader_reads_po_shaped_text_into_a_catalog_or_located_problems(scratch, lines):
    _po(scratch, "\n".join(lines).encode())


# --- the Markdown reader ------------------------------------------------------------------------------

MD_CHARS = "#-*+>1.) \n\t`[]()!_~|\\<>&:;abcXYZ0\u3042"


@fuzz(400)
@given(st.one_of(st.text(alphabet=MD_CHARS, max_size=300), st.text(max_size=200)))
@example("- " * 40 + "x")
@example("> " * 40 + "x")
@example("1. a\n" + "".join("   " * i + "1. b\n" for i in range(1, 40)))
def test_the_markdown_reader_reads_any_text_into_blocks_or_a_located_refusal(text):
    path = Path("rules/fuzz.md")
    try:
        blocks = parse_rules(text, path)
        event(f"{min(len(blocks), 3)}+ blocks")
    except trust.Refused as exc:
        event("refused")
        _located(exc.problem("BK101"), path)
        return
    assert isinstance(blocks, list)


@fuzz(200)
@given(data=st.binary(max_size=200))
@example(data=b"\xef\xbb\xbf# Rules\n")
@example(data="# R\n".encode("utf-16"))
def test_rules_files_of_any_bytes_load_into_blocks_or_located_problems(scratch, data):
    rules = scratch / "game" / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    (rules / "fuzz.md").write_bytes(data)
    try:
        load_rules(scratch / "game")
    except DataError as exc:
        for problem in exc.problems:
            _located(problem, rules / "fuzz.md")
