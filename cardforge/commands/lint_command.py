"""``cardforge lint``: load, validate and lint games, then print a report.

Exit status: 0 clean (warnings allowed unless ``--strict``), 1 problems at error level,
2 usage, configuration or internal error (raised as CardforgeError by the stages).
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path

import click

from cardforge.lint.data_rules import with_data_rules
from cardforge.lint.engine import lint_game
from cardforge.lint.layout_measures import LayoutOptions
from cardforge.lint.not_run import NOT_RUN
from cardforge.lint.report_formats import render
from cardforge.lint.rule import all_rules
from cardforge.loading.parse_cache import ParseCache
from cardforge.model.game_packs import discover
from cardforge.problem import Problem, Severity
from cardforge.workspace.game_loading import find_game_dirs, load_game
from cardforge.workspace.parse_ahead import Ahead
from cardforge.workspace.workspace_config import load_config

_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


@dataclass(frozen=True)
class Shown:
    """What the command line asks to see, as ruff's options do: ``select`` (codes or
    prefixes; when given, it replaces the configuration's ``select``), ``ignore`` (added to
    the configuration's), and the ``minimum`` severity printed (info is hidden unless asked
    for: its count is said instead)."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    minimum: Severity = Severity.WARNING

    def shows(self, problem: Problem) -> bool:
        """Whether ``problem`` is printed: at least the minimum severity (the CF099 note
        always is)."""
        return problem.code == NOT_RUN or _RANK[problem.severity] >= _RANK[self.minimum]


def collect(paths: tuple[Path, ...], workspace: Path, layout: bool = False,
            jobs: int | None = None, cache_dir: Path | None = None,
            ahead: Ahead | None = None, shown: Shown | None = None) -> tuple[list[Problem], dict]:
    """Lint every game under ``paths`` (default: the configured cards folder).

    With ``layout`` (or ``lint-layout = true`` in the configuration) the rules that lay faces
    out run too, the faces the configured cache lacks laid out in ``jobs`` worker
    processes (default: the machine's cores), in ``cache_dir`` when given (else the
    configured cache). With two or more ``jobs`` (or cores), the rules that share the parsed
    catalogs run in a second process meanwhile (:mod:`cardforge.lint.lanes`). Each game is
    linted with the core and pack rules and its own game.yaml ``lint:`` rules. Returns
    (Problems sorted by place, the rule table used: every game's data rules added, the first
    game's winning a code two games share). ``ahead``: the child the command started
    parsing the big card files (:func:`cardforge.workspace.parse_ahead.early`), else each game's load
    starts one. ``shown``: the command line's ``--select`` and ``--ignore``, applied over the
    configuration's. Raises ConfigError for bad configuration or a folder with no known game.
    """
    config = load_config(workspace, cache=str(cache_dir) if cache_dir else None)
    if shown is not None and (shown.select or shown.ignore):
        config = dataclasses.replace(config, select=shown.select or config.select,
                                     ignore=(*config.ignore, *shown.ignore))
    specs = discover()
    rules = all_rules(specs.values())
    cores = jobs or os.cpu_count() or 1
    options = LayoutOptions(workspace, config.cache, cores) if layout or config.lint_layout else None
    parsed = ParseCache.at(config.cache)
    problems: list[Problem] = []
    table = dict(rules)
    for path in paths or (config.cards,):
        for spec, folder in find_game_dirs(path.resolve(), specs):
            loaded = load_game(folder, spec, parsed, ahead)
            game_rules = with_data_rules(rules, loaded.game)  # its game.yaml `lint:` too
            problems.extend(lint_game(loaded, game_rules, config, options, lanes=min(cores, 2)))
            for code, rule in game_rules.items():
                table.setdefault(code, rule)
    return problems, table


def run(paths: tuple[Path, ...], fmt: str, strict: bool, workspace: Path, layout: bool = False,
        jobs: int | None = None, cache_dir: Path | None = None, ahead: Ahead | None = None,
        shown: Shown | None = None) -> int:
    """Print the report in ``fmt`` to stdout and a one-line summary to stderr (text, or
    any format when Problems were hidden); return the exit code, from what was printed.
    ``ahead``: see :func:`collect`; ``shown``: see :class:`Shown` (default: warnings and
    errors)."""
    shown = shown or Shown()
    found, rules = collect(paths, workspace, layout, jobs, cache_dir, ahead, shown)
    problems = [p for p in found if shown.shows(p)]
    hidden = len(found) - len(problems)
    report = render(fmt, problems, workspace, rules)
    if report:
        click.echo(report)
    errors = sum(p.severity is Severity.ERROR for p in problems)
    warnings = sum(p.severity is Severity.WARNING for p in problems)
    if fmt == "text" or hidden:
        verdict = "clean" if not problems else f"{errors} error(s), {warnings} warning(s)"
        if hidden:
            verdict += f"; {hidden} below {shown.minimum.value} not shown (-v or --severity info shows them)"
        if strict and warnings and not errors:
            verdict += " (--strict: warnings fail the check)"
        click.echo(f"cardforge lint: {verdict}", err=True)
    if errors or (strict and warnings):
        return 1
    return 0
