"""``cardforge lint``: load, validate and lint games, then print a report.

Exit status: 0 clean (warnings allowed unless ``--strict``), 1 problems at error level,
2 usage, configuration or internal error (raised as CardforgeError by the stages).
"""

from __future__ import annotations

from pathlib import Path

import click

from cardforge.config import load_config
from cardforge.games.spec import discover
from cardforge.lint.engine import lint_game
from cardforge.lint.report import render
from cardforge.lint.rule import all_rules
from cardforge.problem import Problem, Severity
from cardforge.workspace import find_game_dirs, load_game


def collect(paths: tuple[Path, ...], workspace: Path) -> tuple[list[Problem], dict]:
    """Lint every game under ``paths`` (default: the configured cards folder).

    Returns (Problems sorted by place, the rule table used). Raises ConfigError for bad
    configuration or a folder with no known game.
    """
    config = load_config(workspace)
    specs = discover()
    rules = all_rules(specs.values())
    problems: list[Problem] = []
    for path in paths or (config.cards,):
        for spec, folder in find_game_dirs(path.resolve(), specs):
            problems.extend(lint_game(load_game(folder, spec), rules, config))
    return problems, rules


def run(paths: tuple[Path, ...], fmt: str, strict: bool, workspace: Path) -> int:
    """Print the report in ``fmt`` to stdout and a one-line summary to stderr; return the exit code."""
    problems, rules = collect(paths, workspace)
    report = render(fmt, problems, workspace, rules)
    if report:
        click.echo(report)
    errors = sum(p.severity is Severity.ERROR for p in problems)
    warnings = sum(p.severity is Severity.WARNING for p in problems)
    if fmt == "text":
        verdict = "clean" if not problems else f"{errors} error(s), {warnings} warning(s)"
        click.echo(f"cardforge lint: {verdict}", err=True)
    if errors or (strict and warnings):
        return 1
    return 0
