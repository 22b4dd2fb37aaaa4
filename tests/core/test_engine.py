from cardforge.problem import Severity
from cardforge.workspace.workspace_config import Config
from tests.conftest import FIXTURES, lint_files

GAME = FIXTURES / "core" / "game.yaml"
SUPPRESSED = """deck: main
cards:
  - id: a
    name: {en: A}
    quantity: 0
    lint-ignore: [CF008]
  - {id: b, name: {en: B}, quantity: 3, marks: [experts-only]}
  - {id: c, name: {en: C}}
"""


def test_lint_ignore_silences_a_code_for_that_card_only(tmp_path):
    text = SUPPRESSED.replace("quantity: 3", "quantity: 0")
    problems = lint_files(tmp_path, {"game.yaml": GAME, "c.yaml": text})
    assert [(p.code, p.card) for p in problems if p.code == "CF008"] == [("CF008", "b")]


def test_configuration_ignores_and_reweights_rules(tmp_path):
    text = SUPPRESSED.replace("    lint-ignore: [CF008]\n", "")
    raised = lint_files(tmp_path, {"game.yaml": GAME, "c.yaml": text},
                        config=Config(root=tmp_path, severity={"CF008": Severity.ERROR}))
    assert [p.severity for p in raised if p.code == "CF008"] == [Severity.ERROR]
    ignored = lint_files(tmp_path, {"game.yaml": GAME, "c.yaml": text},
                         config=Config(root=tmp_path, ignore=("CF008",)))
    assert [p for p in ignored if p.code == "CF008"] == []


def test_problems_are_sorted_by_place(tmp_path):
    text = "deck: main\ncards:\n  - {id: a, name: {en: A}, quantity: 0}\n  - {id: a, name: {en: B}}\n"
    problems = lint_files(tmp_path, {"game.yaml": GAME, "c.yaml": text})
    assert [p.sort_key() for p in problems] == sorted(p.sort_key() for p in problems)


def test_a_builds_gate_skips_advisory_rules_only(tmp_path):
    """`build` keeps only errors: an advisory rule (warnings of its own code from data alone)
    is not run for it (DX106's odds were 11 s of every DiXe build), unless the configuration
    raises it to an error; a warning-level rule that is not advisory still runs, since it
    may report an error under another code (as a data rule's CF012 does)."""
    import shutil

    from cardforge.lint.engine import lint_game
    from cardforge.lint.rule import Rule, all_rules
    from cardforge.problem import Location, Problem
    from cardforge.workspace.game_loading import load_game
    from tests.conftest import GENERIC

    ran: list[str] = []

    def advises(game, _game):
        ran.append("ZZ901")
        yield Problem(Location(game.root / "game.yaml"), "ZZ901", "a hint", Severity.WARNING)

    def errs_elsewhere(game, _game):
        ran.append("ZZ902")
        yield Problem(Location(game.root / "game.yaml", 2, 1), "CF012", "cannot be evaluated", Severity.ERROR)

    root = tmp_path / "cards" / "generic"
    root.mkdir(parents=True)
    shutil.copy(GAME, root / "game.yaml")
    (root / "c.yaml").write_text(SUPPRESSED, encoding="utf-8")
    extra = {"ZZ901": Rule(code="ZZ901", name="zz1", scope="game", doc="zz", severity=Severity.WARNING,
                           check=advises, pack="core", advisory=True),
             "ZZ902": Rule(code="ZZ902", name="zz2", scope="game", doc="zz", severity=Severity.WARNING,
                           check=errs_elsewhere, pack="core")}
    rules = {**all_rules([GENERIC]), **extra}
    loaded = load_game(root, GENERIC)
    everything = lint_game(loaded, rules, Config(root=tmp_path))
    assert sorted(ran) == ["ZZ901", "ZZ902"]
    ran.clear()
    gate = lint_game(loaded, rules, Config(root=tmp_path), errors_only=True)
    assert ran == ["ZZ902"]
    errors = [p for p in everything if p.severity is Severity.ERROR]
    assert [p for p in gate if p.severity is Severity.ERROR] == errors
    assert ("CF012", Severity.ERROR) in {(p.code, p.severity) for p in gate}
    ran.clear()
    raising = Config(root=tmp_path, severity={"ZZ9": Severity.ERROR})
    raised = lint_game(loaded, rules, raising, errors_only=True)
    assert sorted(ran) == ["ZZ901", "ZZ902"]  # raised to an error (by prefix), it gates the build too
    assert ("ZZ901", Severity.ERROR) in {(p.code, p.severity) for p in raised}


def test_the_costly_balance_rules_are_advisory():
    from cardforge.lint.rule import all_rules
    from cardforge.model.game_packs import discover

    rules = all_rules(discover().values())
    balance = ["CC103", "DG104", "DX106", "WB105"]
    assert sorted(code for code, rule in rules.items() if rule.advisory) == balance
    assert all(rules[code].severity is Severity.WARNING for code in balance)
