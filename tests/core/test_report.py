import json
from pathlib import Path

from cardforge.lint.report_formats import render
from cardforge.lint.rule import all_rules
from cardforge.problem import Location, Problem, Severity

ROOT = Path("/ws")
PROBLEMS = [
    Problem(Location(ROOT / "cards/g/a.yaml", 3, 5), "CF005", "card id 'x' is already used", hint="rename"),
    Problem(Location(ROOT / "cards/g/a.yaml", 9, 1), "CF008", "quantity 0, 50%", Severity.WARNING),
]
RULES = all_rules([])


def test_text_is_path_line_col_code_message():
    lines = render("text", PROBLEMS, ROOT, RULES).splitlines()
    assert lines[0] == "cards/g/a.yaml:3:5: CF005 card id 'x' is already used [error]"
    assert lines[1] == "    hint: rename"


def test_json_round_trips():
    data = json.loads(render("json", PROBLEMS, ROOT, RULES))
    assert data[1] == {"path": "cards/g/a.yaml", "line": 9, "col": 1, "code": "CF008",
                       "severity": "warning", "message": "quantity 0, 50%", "hint": None, "card": None,
                       "cell": None}


def test_github_workflow_commands_escape_data():
    lines = render("github", PROBLEMS, ROOT, RULES).splitlines()
    assert lines[0] == ("::error file=cards/g/a.yaml,line=3,col=5,title=CF005::"
                        "card id 'x' is already used (hint: rename)")
    assert lines[1].startswith("::warning ") and lines[1].endswith("quantity 0, 50%25")


def test_sarif_has_rules_and_regions():
    log = json.loads(render("sarif", PROBLEMS, ROOT, RULES))
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["CF005", "CF008"]
    result = run["results"][1]
    assert result["level"] == "warning" and result["ruleIndex"] == 1
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 9, "startColumn": 1}
