"""``cardforge explain CODE``: print a rule's documentation (its module docstring, or for a
rule written as data in a game's game.yaml ``lint:``, the page made from its message, hint,
expression and examples)."""

from __future__ import annotations

import difflib
import inspect
from pathlib import Path

import click

from cardforge.errors import CardforgeError, ConfigError
from cardforge.lint.data_rules import described_rules
from cardforge.lint.rule import Rule, all_rules
from cardforge.loading.yaml_source import LoadError, load_yaml
from cardforge.model.game_packs import discover
from cardforge.preflight.preflight_codes import CODES as PREFLIGHT
from cardforge.workspace.game_loading import MANIFEST
from cardforge.workspace.workspace_config import load_config


def run(code: str, workspace: Path | None = None) -> None:
    """Print the documentation of rule ``code``: a core or pack rule, a print-shop preflight
    code, or a data rule of a game in ``workspace`` (every game defining it). Raises
    ConfigError for an unknown code, suggesting the closest codes."""
    rules = all_rules(discover().values())
    wanted = code.upper()
    rule = rules.get(wanted)
    if rule is None and wanted in PREFLIGHT:
        name, what = PREFLIGHT[wanted].split(": ", 1)
        click.echo(f"{wanted} {name} (preflight of print-shop profiles, `cardforge build "
                   f"--profile`; default: error)\n\nReports {what}. See docs/exports.md.")
        return
    data = workspace_rules(workspace, rules) if workspace is not None else []
    found = [rule] if rule is not None else [r for r in data if r.code == wanted]
    if not found:
        codes = sorted({*rules, *PREFLIGHT, *(r.code for r in data)})
        close = difflib.get_close_matches(wanted, codes, n=3, cutoff=0.5)
        raise ConfigError(f"no rule has the code {code!r}",
                          hint=f"did you mean {', '.join(close)}?" if close
                          else "`cardforge explain --list` shows all")
    for index, rule in enumerate(found):
        if rule.pack == "core":
            origin = "core"
        elif rules.get(rule.code) is rule:
            origin = f"game pack {rule.pack}"
        else:
            origin = f"game {rule.pack}, game.yaml lint:"
        about = f"{origin}; scope: {rule.scope}; default: {rule.severity.value}"
        click.echo(("\n" if index else "") + f"{rule.code} {rule.name} ({about})\n")
        click.echo(for_terminal(inspect.cleandoc(rule.doc)))


def run_list(workspace: Path | None = None) -> None:
    """Print every rule: code, default severity, name and summary; the data rules of the
    games in ``workspace`` after the core and pack rules."""
    rules = all_rules(discover().values())
    for rule in [*rules.values(), *(workspace_rules(workspace, rules) if workspace else [])]:
        click.echo(f"{rule.code}  {rule.severity.value:<7}  {rule.name:<24} {rule.summary}")


def workspace_rules(workspace: Path, reserved: dict[str, Rule]) -> list[Rule]:
    """The data rules (game.yaml ``lint:``) of every game in the workspace's cards folder,
    for documentation only (their ``check`` is None), by game folder: only the game.yaml
    files are read, and one that cannot be read or makes no sense is skipped. A code in
    ``reserved`` is left out. Never raises for what is in the workspace."""
    try:
        cards = load_config(workspace).cards
    except CardforgeError:  # a broken configuration: the default cards folder
        cards = workspace / "cards"
    try:
        folders = sorted(child for child in cards.iterdir() if child.is_dir())
    except OSError:
        return []
    found: list[Rule] = []
    for folder in folders:
        try:
            info = load_yaml(folder / MANIFEST).data
        except (LoadError, OSError):
            continue
        found.extend(described_rules(folder.name, info, reserved))
    return found


def for_terminal(doc: str) -> str:
    """A rule's docstring as a terminal shows it: a line ending in reStructuredText's
    literal-block marker ``::`` ("Passing::") ends in one colon."""
    return "\n".join(line[:-1] if line.endswith("::") else line for line in doc.splitlines())
