"""Acceptance of issue 14, scenarios 1 and 2, end to end: in an empty folder `cardforge new
goblin-market` writes a game that `cardforge lint` finds clean and `cardforge build
goblin-market` prints (card sheets, rule booklet); then, one at a time in a copy of that
game, a mistake a designer makes, which `cardforge lint --format json` reports under its
code at the file and line of the mistake. Every command is the `cardforge` process
(conftest.py: :func:`cardforge`), run in the workspace."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2
import pytest
import yaml

from tests.workspace_games.conftest import GAME, cardforge, copied

GAME_DIR = f"cards/{GAME}"
MONSTERS = f"{GAME_DIR}/monsters.yaml"
POINTS_PER_MM = 72 / 25.4
A4_MM = (210, 297)


def load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def pdf_texts(path: Path) -> list[str]:
    document = pypdfium2.PdfDocument(path)
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


def words(text: str) -> str:
    """``text`` with every run of white space one space (PDF text breaks lines)."""
    return " ".join(text.split())


def lint_json(root: Path, *args: str) -> tuple[int, list[dict]]:
    """The exit code and the problems of `cardforge lint --format json` in ``root``."""
    run = cardforge(root, "lint", "--format", "json", *args)
    assert run.code in (0, 1), run.output
    return run.code, json.loads(run.stdout)


def with_code(problems: list[dict], code: str) -> list[dict]:
    return [p for p in problems if p.get("code") == code]


def edit_card(root: Path, card_id: str, old: str, new: str) -> int:
    """In monsters.yaml, replace the first ``old`` within card ``card_id`` by ``new``; return
    the line of the file written on which ``new``'s last line stands (found in it, not
    counted by hand)."""
    path = root / MONSTERS
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {card_id}\n")
    end = text.find("- id: ", start + 1)
    end = len(text) if end < 0 else end
    at = text.index(old, start)
    assert at < end, f"{old!r} is not in card {card_id}"
    text = text[:at] + new + text[at + len(old):]
    path.write_text(text, encoding="utf-8")
    planted = new.rstrip("\n").splitlines()[-1]
    written = path.read_text(encoding="utf-8")
    return written.count("\n", 0, written.index(planted, start)) + 1


def card(root: Path, card_id: str) -> dict:
    return next(c for c in load(root / MONSTERS)["cards"] if c["id"] == card_id)


def monster_field(root: Path, name: str) -> dict:
    return load(root / GAME_DIR / "game.yaml")["decks"]["monsters"]["fields"][name]


def lint_rule(root: Path, code: str) -> dict:
    return next(r for r in load(root / GAME_DIR / "game.yaml")["lint"] if r["code"] == code)


@pytest.fixture
def fresh(new_workspace: Path, tmp_path: Path) -> Path:
    """A copy of the new game's workspace, for one test to plant its mistake in."""
    return copied(new_workspace, tmp_path)


# Scenario 1: new, lint, build.

def test_lint_finds_the_new_game_clean(new_workspace):
    run = cardforge(new_workspace, "lint")
    assert run.code == 0, run.output
    assert "cardforge lint: clean" in run.output


def test_the_default_build_writes_card_sheets_and_the_rule_booklet(built_workspace):
    build = built_workspace.build
    assert build.code == 0, build.output
    out = f"out/{GAME}/{GAME}"
    assert set(build.stdout.splitlines()) == {f"{out}-cards-en-a4.pdf", f"{out}-rules-en.pdf",
                                              f"{out}-rulesheet-en.pdf"}


def test_the_card_sheets_are_a4_pages_showing_the_first_sample_card(built_workspace):
    info = load(built_workspace.root / GAME_DIR / "game.yaml")
    first_deck = next(iter(info["decks"]))
    [card_file] = [p for p in (built_workspace.root / GAME_DIR).glob("*.yaml")
                   if p.name != "game.yaml" and load(p)["deck"] == first_deck]
    first_name = load(card_file)["cards"][0]["name"]["en"]
    pdf = built_workspace.out / f"{GAME}-cards-en-a4.pdf"
    document = pypdfium2.PdfDocument(pdf)
    assert len(document) > 0
    assert first_name in document[0].get_textpage().get_text_range()
    for i in range(len(document)):
        assert document[i].get_size() == pytest.approx(tuple(mm * POINTS_PER_MM for mm in A4_MM),
                                                       abs=0.5)


def test_the_booklet_prints_the_facts_of_game_yaml_where_the_rules_name_them(built_workspace):
    game = built_workspace.root / GAME_DIR
    facts = load(game / "game.yaml")["facts"]
    rules = (game / "rules" / "rules.md").read_text(encoding="utf-8")
    uses = [(before, name, after) for before, name, after in re.findall(r"(\w+) \{(\w+)\} (\w+)", rules)
            if isinstance(facts.get(name), int)]
    assert {name for _, name, _ in uses} >= {"market_size", "points_to_win"}
    text = words(" ".join(pdf_texts(built_workspace.out / f"{GAME}-rules-en.pdf")))
    for before, name, after in uses:
        assert f"{before} {facts[name]} {after}" in text, name
    assert "{" not in text


# Scenario 2: one mistake at a time, each at its line in `cardforge lint --format json`.

def test_a_misspelt_field_is_cf004_at_its_line_suggesting_the_declared_field(fresh):
    line = edit_card(fresh, "bat-swarm", "    attack: 2\n", "    attack: 2\n    atack: 3\n")
    code, problems = lint_json(fresh)
    [problem] = with_code(problems, "CF004")
    assert (problem["path"], problem["line"], problem["severity"]) == (MONSTERS, line, "error")
    assert problem["message"] == "unknown field 'atack'"
    assert problem["hint"] == "did you mean 'attack'?"
    assert code == 1


def test_a_value_above_the_declared_maximum_is_cf003_at_its_line(fresh):
    maximum = monster_field(fresh, "attack")["max"]
    line = edit_card(fresh, "wyvern", "attack: 5", f"attack: {maximum + 3}")
    code, problems = lint_json(fresh)
    [problem] = with_code(problems, "CF003")
    assert (problem["path"], problem["line"], problem["severity"]) == (MONSTERS, line, "error")
    assert f"greater than the maximum of {maximum}" in problem["message"]
    assert code == 1


def test_a_card_failing_the_expression_rule_is_reported_at_the_first_field_it_reads(fresh):
    rule = lint_rule(fresh, "GM101")
    assert rule["expect"].startswith("attack ")  # the field the card is reported at
    bats = card(fresh, "bat-swarm")
    attack = 2 * bats["cost"] + 3 - bats["defence"]  # one past `attack + defence <= 2 * cost + 2`
    assert attack <= monster_field(fresh, "attack")["max"]  # else CF003 would stop the rule
    line = edit_card(fresh, "bat-swarm", f"attack: {bats['attack']}\n", f"attack: {attack}\n")
    code, problems = lint_json(fresh)
    [problem] = with_code(problems, "GM101")
    assert (problem["path"], problem["line"], problem["card"]) == (MONSTERS, line, "bat-swarm")
    assert (problem["message"], problem["hint"], problem["severity"]) == \
        (rule["message"], rule["hint"], "error")
    assert code == 1


# A weak monster priced far above the curve (GM101 still true). Not the Cave Rat: it alone has
# no keyword, and only it and the Wyvern (alone with two) tell the intercept from the keyword
# weights, so the data cannot say which of the two is off (both would be reported, see below).
OVERPRICED = ("bat-swarm", "cost: 2\n", "cost: 8\n")


def test_a_cost_far_above_the_curve_is_a_cf011_warning_at_the_cost_line(fresh):
    line = edit_card(fresh, *OVERPRICED)
    code, problems = lint_json(fresh)
    assert [(p["code"], p["path"], p["line"], p["card"], p["severity"]) for p in problems] == \
        [("CF011", MONSTERS, line, "bat-swarm", "warning")]
    assert "a cost of about 2 is in line" in problems[0]["hint"]
    assert code == 0  # a warning


def test_strict_makes_the_cost_warning_fail_the_lint(fresh):
    edit_card(fresh, *OVERPRICED)
    code, problems = lint_json(fresh, "--strict")
    assert [p["code"] for p in problems] == ["CF011"]
    assert code == 1


def test_strict_says_so_in_the_plain_summary(fresh):
    edit_card(fresh, *OVERPRICED)
    run = cardforge(fresh, "lint", "--strict")
    assert run.code == 1
    assert "0 error(s), 1 warning(s) (--strict: warnings fail the check)" in run.output


def test_the_overpriced_card_is_named_even_when_one_other_card_shares_its_keyword(fresh):
    # the Mud Golem and the Stone Sentinel alone have `guard`: the data cannot say which of
    # the two is off, so both are reported, each naming the other
    line = edit_card(fresh, "stone-sentinel", "cost: 5\n", "cost: 10\n")
    _, problems = lint_json(fresh)
    found = {p["card"]: p for p in with_code(problems, "CF011")}
    assert set(found) == {"stone-sentinel", "mud-golem"}
    assert (found["stone-sentinel"]["path"], found["stone-sentinel"]["line"]) == (MONSTERS, line)
    assert "only it and mud-golem" in found["stone-sentinel"]["message"]
    assert "only it and stone-sentinel" in found["mud-golem"]["message"]
