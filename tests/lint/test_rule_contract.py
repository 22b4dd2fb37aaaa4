"""Every rule keeps the contract: documented with examples, tested in a file of its own."""

from pathlib import Path

import pytest

from cardforge.games.spec import discover
from cardforge.lint.rule import all_rules

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
