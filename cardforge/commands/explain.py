"""``cardforge explain CODE``: print a rule's documentation (its module docstring)."""

from __future__ import annotations

import difflib
import inspect

import click

from cardforge.errors import ConfigError
from cardforge.lint.rule import all_rules
from cardforge.packs import discover
from cardforge.preflight.codes import CODES as PREFLIGHT


def run(code: str) -> None:
    """Print the documentation of rule ``code``. Raises ConfigError for an unknown code."""
    rules = all_rules(discover().values())
    rule = rules.get(code.upper())
    if rule is None and code.upper() in PREFLIGHT:
        name, what = PREFLIGHT[code.upper()].split(": ", 1)
        click.echo(f"{code.upper()} {name} (preflight of print-shop profiles, `cardforge build "
                   f"--profile`; default: error)\n\nReports {what}. See docs/exports.md.")
        return
    if rule is None:
        close = difflib.get_close_matches(code.upper(), sorted(rules), n=3, cutoff=0.5)
        raise ConfigError(f"no rule has the code {code!r}",
                          hint=f"did you mean {', '.join(close)}?" if close
                          else "`cardforge explain --list` shows all")
    pack = "core" if rule.pack == "core" else f"game pack {rule.pack}"
    click.echo(f"{rule.code} {rule.name} ({pack}; scope: {rule.scope}; default: {rule.severity.value})\n")
    click.echo(inspect.cleandoc(rule.doc))


def run_list() -> None:
    """Print every rule: code, default severity, name and summary."""
    for rule in all_rules(discover().values()).values():
        click.echo(f"{rule.code}  {rule.severity.value:<7}  {rule.name:<24} {rule.summary}")
