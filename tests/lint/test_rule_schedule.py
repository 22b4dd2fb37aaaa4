"""The rule contract's schedule (cardforge/lint/rule_schedule.py): derived from what a rule
needs, the same for every shipped rule as the five flags it replaced gave, and the flags of
earlier releases still read, so a pack written for them keeps working."""

from __future__ import annotations

import shutil
import types

import pytest

from cardforge.lint.engine import lint_game
from cardforge.lint.rule import Rule, all_rules, from_module
from cardforge.lint.rule_schedule import Schedule, schedule
from cardforge.model.game_packs import discover
from cardforge.problem import Location, Problem, Severity
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import Config
from tests.conftest import FIXTURES, GENERIC

OLD_FLAGS = {
    "CF005": {"RUNS_ON_INCOMPLETE": True},
    "CF010": {"RUNS_ON_INCOMPLETE": True},
    "CF012": {"RUNS_ON_INCOMPLETE": True},
    "CF013": {"RUNS_ON_INCOMPLETE": True, "SHARES": "catalogs"},
    "CF014": {"RUNS_ON_INCOMPLETE": True},
    "CF017": {"RUNS_ON_INCOMPLETE": True},
    "CF021": {"RUNS_ON_INCOMPLETE": True},
    "CF025": {"RUNS_ON_INCOMPLETE": True},  # new since the flags: JUDGES_WHAT_LOADED, as the old flag said
    "BK101": {"RUNS_ON_INCOMPLETE": True, "SHARES": "catalogs"},
    "TR100": {"RUNS_ON_INCOMPLETE": True, "SHARES": "catalogs"},
    "TR101": {"RUNS_ON_INCOMPLETE": True, "SHARES": "catalogs"},
    "TR102": {"RUNS_ON_INCOMPLETE": True, "SHARES": "catalogs"},
    "TR103": {"RUNS_ON_INCOMPLETE": True, "SHARES": "catalogs"},
    "TR104": {"SHARES": "catalogs"},
    "TR105": {"NEEDS_LAYOUT": True},
    "CC103": {"ADVISORY": True},
    "DG104": {"ADVISORY": True},
    "DX106": {"FORKS": True, "ADVISORY": True},
    "WB105": {"ADVISORY": True},
}
"""The scheduling flags every shipped rule set before NEEDS (issue 36, at d9890cf); a rule
not named here set none."""


def _old_schedule(flags: dict[str, object], scope: str) -> Schedule:
    """What the engine and lanes of d9890cf did with a rule of ``scope`` setting ``flags``."""
    starts_processes = bool(flags.get("NEEDS_LAYOUT") or flags.get("FORKS"))
    lane = "main" if starts_processes else "shared" if flags.get("SHARES") else "any"
    if scope == "card" or flags.get("RUNS_ON_INCOMPLETE"):
        waits_for = "nothing"
    else:
        waits_for = scope
    return Schedule(lane=lane, layout=bool(flags.get("NEEDS_LAYOUT")), waits_for=waits_for,
                    gate="when-error" if flags.get("ADVISORY") else "always")


RULES = all_rules(discover().values())


@pytest.mark.parametrize("code", sorted(code for code, rule in RULES.items() if rule.scope != "file"))
def test_every_rule_is_scheduled_as_its_old_flags_scheduled_it(code):
    rule = RULES[code]
    assert schedule(rule) == _old_schedule(OLD_FLAGS.get(code, {}), rule.scope)


def test_the_table_of_old_flags_names_only_rules_that_exist():
    assert set(OLD_FLAGS) <= set(RULES)


def _rule(scope: str = "game", needs: tuple[str, ...] = (), judges_what_loaded: bool = False,
          advisory: bool = False) -> Rule:
    return Rule(code="ZZ301", name="zz", scope=scope, severity=Severity.WARNING, doc="zz", check=None,
                pack="core", needs=frozenset(needs), judges_what_loaded=judges_what_loaded,
                advisory=advisory)


@pytest.mark.parametrize(("needs", "lane"), [
    ((), "any"),
    (("catalogs",), "shared"),
    (("tallies",), "shared"),  # any state's name: shared with the rules naming one
    (("layout",), "main"),
    (("processes",), "main"),
    (("catalogs", "layout"), "main"),  # starting processes wins: the child may not
])
def test_the_lane_is_derived_from_the_needs(needs, lane):
    assert schedule(_rule(needs=needs)).lane == lane


def test_only_a_rule_needing_layout_is_given_layout_options():
    assert schedule(_rule(needs=("layout",))).layout
    assert not schedule(_rule(needs=("processes", "catalogs"))).layout


@pytest.mark.parametrize(("scope", "judges_what_loaded", "waits_for"), [
    ("card", False, "nothing"), ("deck", False, "deck"), ("game", False, "game"),
    ("deck", True, "nothing"), ("game", True, "nothing"), ("card", True, "nothing"),
])
def test_what_a_rule_waits_for_is_derived_from_its_scope_and_whether_it_judges_what_loaded(
        scope, judges_what_loaded, waits_for):
    assert schedule(_rule(scope, judges_what_loaded=judges_what_loaded)).waits_for == waits_for


def test_a_builds_gate_runs_an_advisory_rule_only_when_its_code_is_an_error():
    assert schedule(_rule(advisory=True)).gate == "when-error"
    assert schedule(_rule()).gate == "always"


def _module(name: str, **declared: object) -> types.ModuleType:
    module = types.ModuleType(name, "A rule.\n\nPassing:: x\n\nFailing:: y\n")
    module.CODE, module.SCOPE = "ZZ302", "game"
    needs = declared.get("NEEDS", ())
    layout = declared.get("NEEDS_LAYOUT") or (isinstance(needs, (set, list)) and "layout" in needs)
    module.check = (lambda game, _game, layout: []) if layout else (lambda game, _game: [])
    for key, value in declared.items():
        setattr(module, key, value)
    return module


@pytest.mark.parametrize(("old", "new"), [
    ({"NEEDS_LAYOUT": True}, {"NEEDS": {"layout"}}),
    ({"FORKS": True}, {"NEEDS": {"processes"}}),
    ({"SHARES": "catalogs"}, {"NEEDS": {"catalogs"}}),
    ({"SHARES": "Tally_State"}, {"NEEDS": set()}),  # any name was accepted: still is
    ({"RUNS_ON_INCOMPLETE": True}, {"JUDGES_WHAT_LOADED": True}),
    ({"NEEDS_LAYOUT": True, "SHARES": "catalogs", "RUNS_ON_INCOMPLETE": True},
     {"NEEDS": ["layout", "catalogs"], "JUDGES_WHAT_LOADED": True}),
])
def test_the_flags_of_earlier_releases_are_read_as_the_new_declarations(old, new):
    was, now = from_module(_module("zz_old", **old), "zz"), from_module(_module("zz_new", **new), "zz")
    if old.get("SHARES") == "Tally_State":
        assert was.needs == {"Tally_State"} and schedule(was).lane == "shared"
        return
    assert (was.needs, was.judges_what_loaded) == (now.needs, now.judges_what_loaded)
    assert schedule(was) == schedule(now)


@pytest.mark.parametrize("state", ["layout", "processes"])
def test_an_old_shared_state_named_like_a_need_stays_a_shared_state(state):
    """An earlier release took SHARES = "layout" as the name of a shared state (the child's
    lane, two-argument check); it must not turn into the layout need."""
    rule = from_module(_module("zz_old_state", SHARES=state), "zz")
    assert not rule.needs_layout
    assert schedule(rule).lane == "shared"


@pytest.mark.parametrize("needs", ["layout", {"Layout"}, {""}, {3}, 7])
def test_needs_must_be_a_set_of_lower_case_names(needs):
    with pytest.raises(ValueError, match="zz_bad: NEEDS"):
        from_module(_module("zz_bad", NEEDS=needs), "zz")


def test_a_pack_rule_with_the_old_flags_runs_in_two_lanes_on_a_game_that_did_not_fully_load(tmp_path):
    """A third party's rule module written for the five flags: its SHARES puts it in the
    child's lane, its RUNS_ON_INCOMPLETE keeps it running while a card file failed to
    load, and a rule without it waits (CF099 says so)."""
    root = tmp_path / "cards" / "generic"
    root.mkdir(parents=True)
    shutil.copy(FIXTURES / "core" / "game.yaml", root / "game.yaml")
    (root / "broken.yaml").write_text("deck: main\ncards: [\n", encoding="utf-8")

    def tally(game, _game):
        yield Problem(Location(game.root / "game.yaml"), "ZZ401", "tallied", Severity.WARNING)

    def counts(game, _game):
        yield Problem(Location(game.root / "game.yaml"), "ZZ402", "counted", Severity.WARNING)

    old = _module("zz_old_pack", SHARES="tallies", RUNS_ON_INCOMPLETE=True)
    old.CODE, old.check = "ZZ401", tally
    waits = _module("zz_waits")
    waits.CODE, waits.check = "ZZ402", counts
    rules = {"ZZ401": from_module(old, GENERIC.id), "ZZ402": from_module(waits, GENERIC.id)}
    loaded = load_game(root, GENERIC)
    assert loaded.problems
    config = Config(root=tmp_path)
    one = lint_game(loaded, rules, config, lanes=1)
    two = lint_game(loaded, rules, config, lanes=2)
    assert two == one
    codes = [p.code for p in one]
    assert "ZZ401" in codes and "ZZ402" not in codes
    note = [p for p in one if p.code == "CF099"]
    assert len(note) == 1 and "ZZ402" in note[0].message and "ZZ401" not in note[0].message


def _docstring_table() -> list[tuple[str, str]]:
    """(declaration, default) of each row of lint/rule.py's docstring table, backticks off."""
    from cardforge.lint import rule

    lines = rule.__doc__.splitlines()
    borders = [i for i, line in enumerate(lines) if line.startswith("====")]
    widths = [len(part) for part in lines[borders[0]].split("  ") if part]
    starts = [lines[borders[0]].index("=" * w, sum(widths[:k]) + 2 * k) for k, w in enumerate(widths)]
    rows = []
    for line in lines[borders[1] + 1:borders[2]]:
        if line[:starts[1]].strip():
            rows.append((line[:starts[1]].strip().strip("`"),
                         line[starts[2]:starts[3]].strip().replace("``", "")))
    return rows


def _markdown_table(path: str) -> list[tuple[str, str]]:
    """(declaration, default) of each row of the "The rule contract" section's table in ``path``."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8")
    section = text.split("## The rule contract", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if line.startswith("| ") and len(cells) == 4 and cells[0] not in ("declaration", "---"):
            rows.append((cells[0].strip("`"), cells[2].replace("`", "")))
    return rows


@pytest.mark.parametrize("path", ["docs/architecture.md", "docs/game-packs.md"])
def test_the_contract_is_one_table_the_same_in_the_docstring_and_the_docs(path):
    documented = _docstring_table()
    assert [name for name, _ in documented] == [
        "CODE", "NAME", "SCOPE", "SEVERITY", "check", "docstring", "NEEDS", "JUDGES_WHAT_LOADED", "ADVISORY"]
    in_docs = _markdown_table(path)
    assert [name for name, _ in in_docs] == [name for name, _ in documented]
    assert all(md.startswith(rst) for (_, md), (_, rst) in zip(in_docs, documented, strict=True))
