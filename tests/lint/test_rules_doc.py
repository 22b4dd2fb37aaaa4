"""docs/rules.md lists every rule `cardforge explain --list` lists (core and every installed
pack's), once, with its name and default severity, under a family; the README's lint
section names every family and links the page. So neither can go stale."""

from __future__ import annotations

import re
from pathlib import Path

from cardforge.lint.rule import all_rules
from cardforge.model.game_packs import discover

REPO = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| ([A-Z]{2,3}[0-9]{3}) \| ([a-z0-9-]+) \| (error|warning) \| .+ \|$")


def documented() -> dict[str, list[tuple[str, str, str]]]:
    """Family heading → its table rows (code, name, severity), from docs/rules.md."""
    families: dict[str, list[tuple[str, str, str]]] = {}
    family = ""
    for line in (REPO / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            family = line[3:].strip()
            families[family] = []
        elif found := ROW.match(line):
            families[family].append((found[1], found[2], found[3]))
    return families


def test_every_rule_is_listed_once_with_its_name_and_severity():
    rows = [row for family in documented().values() for row in family]
    codes = [code for code, _, _ in rows]
    assert len(codes) == len(set(codes)), "a rule listed twice"
    listed = {code: (name, severity) for code, name, severity in rows}
    rules = {code: (rule.name, rule.severity.value) for code, rule in all_rules(discover().values()).items()}
    assert sorted(set(rules) - set(listed)) == [], "rules missing from docs/rules.md"
    assert sorted(set(listed) - set(rules)) == [], "docs/rules.md lists rules that do not exist"
    assert {code: listed[code] for code in rules} == rules


def test_the_readme_names_every_family_and_links_the_page():
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())  # lines rewrapped
    assert "docs/rules.md" in readme
    families = [family for family, rows in documented().items() if rows]
    assert len(families) >= 10
    missing = [f for f in families if f.lower() not in readme.lower()]
    assert missing == [], "README's lint section does not name these families"
