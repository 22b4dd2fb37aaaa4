from cardforge.config import Config
from cardforge.problem import Severity
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


def test_a_builds_gate_runs_only_the_rules_that_can_report_an_error(tmp_path):
    """`build` keeps only errors: a warning-level rule is not run for it (DX106's odds were
    11 s of every DiXe build), unless the configuration raises it to an error."""
    import shutil

    from cardforge.lint.engine import lint_game
    from cardforge.lint.rule import Rule, all_rules
    from cardforge.workspace import load_game
    from tests.conftest import GENERIC

    ran: list[str] = []

    def check(game, _game):
        ran.append("ZZ901")
        yield from ()

    root = tmp_path / "cards" / "generic"
    root.mkdir(parents=True)
    shutil.copy(GAME, root / "game.yaml")
    (root / "c.yaml").write_text(SUPPRESSED, encoding="utf-8")
    rules = {**all_rules([GENERIC]), "ZZ901": Rule(code="ZZ901", name="zz", scope="game", doc="zz",
                                                   severity=Severity.WARNING, check=check, pack="core")}
    loaded = load_game(root, GENERIC)
    gate = lint_game(loaded, rules, Config(root=tmp_path), errors_only=True)
    assert ran == [] and not [p for p in gate if p.severity is not Severity.ERROR and p.code == "CF008"]
    assert {p.code for p in gate} == {p.code for p in lint_game(loaded, rules, Config(root=tmp_path))
                                      if p.severity is Severity.ERROR}
    assert ran == ["ZZ901"]  # the full lint runs it
    lint_game(loaded, rules, Config(root=tmp_path, severity={"ZZ901": Severity.ERROR}), errors_only=True)
    assert ran == ["ZZ901", "ZZ901"]  # raised to an error, it gates the build too
