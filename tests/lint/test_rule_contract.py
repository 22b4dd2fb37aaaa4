"""Every rule keeps the contract: documented with examples, tested in a file of its own,
found by walking its package, given nothing but its arguments (layout options included)."""

import shutil
import types
from pathlib import Path

import pytest

from cardforge.lint.engine import lint_game
from cardforge.lint.layout_measures import LayoutOptions
from cardforge.lint.rule import all_rules, from_module, pack_rules, rule_modules
from cardforge.model.game_packs import GameSpec, discover
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import Config
from tests.conftest import FIXTURES, GENERIC

TESTS = Path(__file__).resolve().parents[1]
RULES = all_rules(discover().values())


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_documents_a_passing_and_a_failing_example(code):
    doc = RULES[code].doc
    assert "Passing" in doc and "Failing" in doc, f"{code}: the docstring needs both examples"


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_has_its_own_test_file(code):
    found = list(TESTS.rglob(f"test_{code.lower()}_*.py"))
    assert len(found) == 1, f"{code}: expected one tests/**/test_{code.lower()}_<name>.py, found {found}"


def test_rule_modules_are_found_by_walking_a_package_not_by_a_list(tmp_path, monkeypatch):
    package = tmp_path / "zz_pack_rules"
    package.mkdir()
    (package / "__init__.py").write_text('"""Rules."""\n', encoding="utf-8")
    for code in ("zz102", "zz101"):
        (package / f"{code}_x.py").write_text(
            f'"""A rule.\n\nPassing:: x\n\nFailing:: y\n"""\nCODE = "{code.upper()}"\nSCOPE = "game"\n'
            "def check(game, _game):\n    return []\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = GameSpec(id="zz", names={"en": "ZZ"}, schema="card.schema.json", rules="zz_pack_rules")
    assert [m.__name__ for m in rule_modules("zz_pack_rules")] == [
        "zz_pack_rules.zz101_x", "zz_pack_rules.zz102_x"]
    assert [(r.code, r.pack) for r in pack_rules(spec)] == [("ZZ101", "zz"), ("ZZ102", "zz")]
    assert {"ZZ101", "ZZ102", "CF005"} <= set(all_rules([spec]))
    with pytest.raises(ValueError, match="not a package"):
        rule_modules("zz_pack_rules.zz101_x")


def test_a_pack_without_a_rules_package_has_no_rules_of_its_own():
    assert pack_rules(GameSpec(id="zz", names={}, schema="card.schema.json")) == []


def _module(needs_layout: bool, check) -> types.ModuleType:
    module = types.ModuleType("zz201", "A layout rule.\n\nPassing:: x\n\nFailing:: y\n")
    module.CODE, module.SCOPE, module.check = "ZZ201", "game", check
    module.NEEDS = {"layout"} if needs_layout else set()
    return module


def test_a_layout_rule_must_take_the_layout_options_as_an_argument():
    with pytest.raises(ValueError, match=r"needs check\(target, game, layout\)"):
        from_module(_module(True, lambda game, _game: []), "core")
    with pytest.raises(ValueError, match=r"needs check\(target, game\)"):
        from_module(_module(False, lambda game, _game, layout: []), "core")
    assert from_module(_module(True, lambda game, _game, layout: []), "core").needs_layout


def test_a_rule_that_forks_says_it_needs_processes_and_the_shipped_one_does():
    module = _module(False, lambda game, _game: [])
    assert "processes" not in from_module(module, "core").needs
    module.NEEDS = {"processes"}
    assert from_module(module, "core").needs == {"processes"}
    from cardforge.games.dixe_on_card.rules import dx106_difficulty_outlier
    assert from_module(dx106_difficulty_outlier, "dixe-on-card").needs == {"processes"}


def test_the_engine_hands_layout_options_to_layout_rules_and_runs_them_only_with_options(tmp_path):
    seen = []
    rule = from_module(_module(True, lambda game, _game, layout: seen.append(layout) or []), "core")
    root = tmp_path / "cards" / "generic"
    root.mkdir(parents=True)
    shutil.copy(FIXTURES / "core" / "game.yaml", root / "game.yaml")
    loaded = load_game(root, GENERIC)
    options = LayoutOptions(tmp_path, tmp_path / "cache", jobs=1)
    lint_game(loaded, {"ZZ201": rule}, Config(root=tmp_path))
    assert seen == []
    lint_game(loaded, {"ZZ201": rule}, Config(root=tmp_path), options)
    assert seen == [options]
