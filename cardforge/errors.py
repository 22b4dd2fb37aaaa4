"""Errors that stop a command. Each is a click.ClickException: shown as a message, never a traceback.

Exit codes follow the lint contract: 1 for problems in the user's data, 2 for usage,
configuration or internal errors.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from cardforge.problem import Problem


class CardforgeError(click.ClickException):
    """A failure the user can act on: ``message`` says what, ``hint`` how to fix it. Exit code 2."""

    exit_code = 2

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint

    def format_message(self) -> str:
        """The message, with the hint on its own indented line when there is one."""
        if self.hint:
            return f"{self.message}\n  hint: {self.hint}"
        return self.message


class ConfigError(CardforgeError):
    """Bad ``[tool.cardforge]`` / ``cardforge.toml`` configuration or command-line usage (exit 2)."""


class DataError(CardforgeError):
    """The workspace's data has errors that stop a build; carries the Problems (exit 1)."""

    exit_code = 1

    def __init__(self, problems: Sequence[Problem], what: str = "the card data") -> None:
        self.problems = list(problems)
        lines = [
            f"{p.location}: {p.code} {p.message}" + (f"\n  hint: {p.hint}" if p.hint else "")
            for p in self.problems[:20]
        ]
        more = len(self.problems) - 20
        if more > 0:
            lines.append(f"... and {more} more (run `cardforge lint` for all)")
        super().__init__(f"cannot continue, {what} has errors:\n" + "\n".join(lines))


class RenderError(CardforgeError):
    """A template, image or font problem found while rendering (exit 2 unless data caused it)."""


class MissingFontError(RenderError):
    """A font needed for a language is not installed; the message names the font and package."""
