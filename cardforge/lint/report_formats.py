"""Lint report formats: text, json, github (workflow commands) and sarif (2.1.0).

Every format lists the same Problems; paths are shown relative to the workspace when
they are inside it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from cardforge import __version__
from cardforge.lint.rule import Rule
from cardforge.problem import Problem, Severity

FORMATS = ("text", "json", "github", "sarif")


def _rel(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` when inside it, as written: links are not followed, so a
    link that leads out of the workspace (or loops) is reported where it stands."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.path.abspath(root)).as_posix()
    except ValueError:
        return path.as_posix()


def text(problems: Sequence[Problem], root: Path, rules: dict[str, Rule]) -> str:
    """``path:line:col: CODE message [severity]`` a line, each with its hint below."""
    lines = []
    for p in problems:
        lines.append(f"{_rel(p.path, root)}:{p.line}:{p.col}: {p.code} {p.message} [{p.severity.value}]")
        if p.hint:
            lines.append(f"    hint: {p.hint}")
    return "\n".join(lines)


def as_json(problems: Sequence[Problem], root: Path, rules: dict[str, Rule]) -> str:
    """A JSON array of objects: path, line, col, code, severity, message, hint, card, cell
    (a sheet's, such as ``Monsters!E47``, else null)."""
    return json.dumps([
        {"path": _rel(p.path, root), "line": p.line, "col": p.col, "code": p.code,
         "severity": p.severity.value, "message": p.message, "hint": p.hint, "card": p.card,
         "cell": p.cell}
        for p in problems], ensure_ascii=False, indent=2)


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def github(problems: Sequence[Problem], root: Path, rules: dict[str, Rule]) -> str:
    """GitHub Actions workflow commands (``::error file=…,line=…,col=…,title=…::message``)."""
    kinds = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
    lines = []
    for p in problems:
        message = p.message + (f" (hint: {p.hint})" if p.hint else "")
        props = (f"file={_escape_property(_rel(p.path, root))},line={p.line},col={p.col},"
                 f"title={_escape_property(p.code)}")
        lines.append(f"::{kinds[p.severity]} {props}::{_escape_data(message)}")
    return "\n".join(lines)


def sarif(problems: Sequence[Problem], root: Path, rules: dict[str, Rule]) -> str:
    """A SARIF 2.1.0 log with one run; every rule used is described in the driver."""
    levels = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
    used = sorted({p.code for p in problems})
    driver_rules = []
    for code in used:
        rule = rules.get(code)
        entry: dict[str, object] = {"id": code}
        if rule:
            entry["name"] = rule.name
            entry["shortDescription"] = {"text": rule.summary}
            entry["fullDescription"] = {"text": rule.doc.strip()}
        driver_rules.append(entry)
    results = [{
        "ruleId": p.code,
        "ruleIndex": used.index(p.code),
        "level": levels[p.severity],
        "message": {"text": p.message + (f" (hint: {p.hint})" if p.hint else "")},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": _rel(p.path, root), "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": p.line, "startColumn": p.col}}}],
    } for p in problems]
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "cardforge", "version": __version__,
                                      "rules": driver_rules}},
                  "results": results}],
    }
    return json.dumps(log, ensure_ascii=False, indent=2)


RENDERERS: dict[str, Callable[[Sequence[Problem], Path, dict[str, Rule]], str]] = {
    "text": text, "json": as_json, "github": github, "sarif": sarif}


def render(fmt: str, problems: Sequence[Problem], root: Path, rules: dict[str, Rule]) -> str:
    """The report in format ``fmt`` (one of FORMATS). Raises KeyError for an unknown format."""
    return RENDERERS[fmt](problems, root, rules)
