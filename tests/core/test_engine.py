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
