"""Rules in two lanes (cardforge/lint/lanes.py): the rules sharing a state run in a forked
child, each rule runs once, results keep the rules' order, and a child that dies costs
nothing but time."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from cardforge.lint.engine import lint_game
from cardforge.lint.lanes import in_lanes
from cardforge.lint.rule import Rule, all_rules
from cardforge.problem import Severity
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import Config
from tests.conftest import GENERIC, i18n_game


def _rule(code: str, *needs: str) -> Rule:
    return Rule(code=code, name=code.lower(), scope="game", severity=Severity.ERROR, doc=code,
                check=None, pack="core", needs=frozenset(needs))


RULES = [_rule("ZZ101"), _rule("ZZ102", "catalogs"), _rule("ZZ103"), _rule("ZZ104"),
         _rule("ZZ105", "catalogs"), _rule("ZZ106"), _rule("ZZ107")]


@pytest.mark.linux_fast_path
def test_rules_that_share_a_state_run_in_one_child_and_every_rule_runs_once():
    parent = os.getpid()
    first_taken = multiprocessing.get_context("fork").Event()

    def check(rule: Rule) -> tuple[str, int]:
        if rule.code == "ZZ101":
            first_taken.set()
        elif rule.shared_states:
            first_taken.wait(10)  # on a loaded machine the child could otherwise take every rule
        if not rule.shared_states and os.getpid() == parent:
            time.sleep(0.05)  # the child has time to help with the others
        return rule.code, os.getpid()

    found = in_lanes(RULES, check, lanes=2)
    assert [code for code, _ in found] == [rule.code for rule in RULES]
    by_code = dict(found)
    child = {by_code["ZZ102"], by_code["ZZ105"]}
    assert len(child) == 1 and parent not in child
    assert {pid for _, pid in found} == {parent, *child}
    assert by_code["ZZ101"] == parent  # this process starts from the first


@pytest.mark.linux_fast_path
def test_rules_that_start_processes_run_here_whoever_takes_the_others():
    """Layout workers, or a child of the rule's own (NEEDS "processes"): a (daemon) child may not start
    them: `lint --layout` failed so."""
    parent = os.getpid()
    rules = [_rule("ZZ101"), _rule("ZZ102", "catalogs"), _rule("ZZ105", "layout"),
             _rule("ZZ106", "catalogs", "layout"), _rule("ZZ107", "processes"), _rule("ZZ108")]

    taken = multiprocessing.get_context("fork").Event()

    def check(rule: Rule) -> tuple[str, int]:
        if rule.code == "ZZ108":
            taken.set()
        elif rule.code == "ZZ101" and os.getpid() == parent:
            taken.wait(10)  # the child is done with its own and takes the last rule
        return rule.code, os.getpid()

    found = dict(in_lanes(rules, check, lanes=2))
    assert list(found) == [rule.code for rule in rules]
    assert found["ZZ105"] == found["ZZ106"] == found["ZZ107"] == parent
    assert found["ZZ102"] != parent and found["ZZ108"] == found["ZZ102"]


def test_one_lane_runs_every_rule_here_in_order():
    parent = os.getpid()
    found = in_lanes(RULES, lambda rule: (rule.code, os.getpid()), lanes=1)
    assert found == [(rule.code, parent) for rule in RULES]


def test_a_child_that_dies_leaves_its_rules_to_this_process_even_those_it_had_claimed():
    parent = os.getpid()

    def check(rule: Rule) -> tuple[str, int]:
        if os.getpid() != parent and rule.code == "ZZ107":
            os._exit(3)  # the child dies on the last rule it took from the others
        if not rule.shared_states and os.getpid() == parent:
            time.sleep(0.2)
        return rule.code, os.getpid()

    found = in_lanes(RULES, check, lanes=2)
    assert found == [(rule.code, parent) for rule in RULES]


def test_a_game_lints_the_same_in_two_lanes_as_in_one(tmp_path):
    root = i18n_game(tmp_path, "fail_untranslated_rules.po")
    cards = root / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("id: deadline", "id: speed-lines"),
                     encoding="utf-8")
    loaded = load_game(root, GENERIC)
    rules = all_rules([GENERIC])
    assert rules["TR101"].shared_states == {"catalogs"} and not rules["CF005"].shared_states
    config = Config(root=tmp_path)
    one = lint_game(loaded, rules, config, lanes=1)
    two = lint_game(loaded, rules, config, lanes=2)
    assert {"TR101", "CF005"} <= {p.code for p in one}
    assert two == one


def test_without_shared_locks_every_rule_runs_here(monkeypatch):
    """Some sandboxes have no POSIX semaphores: multiprocessing.Lock() raises; lint still runs."""
    from cardforge.proc import claims

    def refused() -> None:
        raise OSError("no semaphores here")

    monkeypatch.setattr(claims.multiprocessing, "Lock", refused)
    parent = os.getpid()
    found = in_lanes(RULES, lambda rule: (rule.code, os.getpid()), lanes=2)
    assert found == [(rule.code, parent) for rule in RULES]
