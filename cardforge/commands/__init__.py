"""One module per subcommand; each ``run(...)`` reads top to bottom like a recipe."""

from __future__ import annotations

from pathlib import Path


def shown(path: Path, workspace: Path) -> str:
    """``path`` as printed to the user: relative to ``workspace`` when inside it."""
    try:
        return str(path.relative_to(workspace))
    except ValueError:
        return str(path)
