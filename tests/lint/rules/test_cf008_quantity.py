from cardforge.problem import Severity
from tests.conftest import FIXTURES, lint_files


def test_zero_quantity_is_a_warning_at_the_quantity(lint_core):
    problems = [p for p in lint_core("fail_quantity_zero.yaml") if p.code == "CF008"]
    assert [(p.line, p.severity) for p in problems] == [(11, Severity.WARNING)]


def test_quantity_above_the_whole_deck_is_an_error(tmp_path):
    cards = "deck: main\ncards:\n  - id: a\n    name: {en: A}\n    quantity: 40\n"
    problems = lint_files(tmp_path, {"game.yaml": FIXTURES / "core" / "game.yaml", "c.yaml": cards})
    found = [p for p in problems if p.code == "CF008"]
    assert [(p.line, p.severity) for p in found] == [(5, Severity.ERROR)]
