"""Configuration: ``[tool.cardforge]`` in pyproject.toml, or a ``cardforge.toml`` file.

Looked for in the workspace folder (the current directory unless ``--workspace`` says
otherwise); ``cardforge.toml`` wins when both exist. Keys are documented in
``schemas/config.schema.json``; an unknown key or a bad value is a ConfigError (exit 2) at
its file and line. The file is read through :mod:`cardforge.boundary.trust` like every workspace
file, and the ``cards``, ``out`` and ``cache`` folders it names must stay inside the
workspace (only the command line may send output elsewhere).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.problem import Severity
from cardforge.workspace.toml_files import TomlFile, check, load_toml


@dataclass(frozen=True)
class Config:
    """Resolved settings. Paths are absolute; ``severity`` maps a code or prefix to a Severity."""

    root: Path
    source: Path | None = None
    cards: Path = Path("cards")
    out: Path = Path("out")
    cache: Path = Path(".cardforge-cache")
    paper: str | None = None  # None: build both A4 and Letter
    layout: str = "sheets"  # how cards are imposed: sheets | fold-over
    duplex: str = "long"  # sheets layout: long | short | none
    gutter_mm: float = 0.0  # space between cards, mm
    lint_layout: bool = False  # lint also runs the rules that lay faces out (lint --layout)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    severity: dict[str, Severity] = field(default_factory=dict)

    def selects(self, code: str) -> bool:
        """Whether rule ``code`` runs: selected (or no selection) and not ignored.

        The longest matching code prefix decides, so ``select = ["CC"]`` with
        ``ignore = ["CC103"]`` runs every CC rule but CC103.
        """
        best_select = max((len(p) for p in self.select if code.startswith(p)), default=-1)
        best_ignore = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        if self.select and best_select < 0:
            return False
        return best_ignore < 0 or best_select > best_ignore

    def severity_for(self, code: str, default: Severity) -> Severity:
        """The configured severity for ``code`` (longest prefix wins), else ``default``."""
        matches = [p for p in self.severity if code.startswith(p)]
        return self.severity[max(matches, key=len)] if matches else default


_TABLE = {"cardforge.toml": (), "pyproject.toml": ("tool", "cardforge")}
"""Configuration files, first found wins, and the table of each that holds the settings."""


def _read(root: Path) -> tuple[dict[str, Any], TomlFile | None]:
    """The cardforge table of ``cardforge.toml`` or ``pyproject.toml`` in ``root`` (the
    first that exists: a link or folder by that name is refused, not skipped)."""
    for name, table in _TABLE.items():
        path = root / name
        if not (path.is_symlink() or path.exists()):
            continue
        toml = load_toml(path, "configuration")
        data: Any = toml.data
        for key in table:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        if not table or data:
            return data, toml
    return {}, None


_FOLDERS = {"cards": ("cards", "cards"), "out": ("out", "output"), "cache": (".cardforge-cache", "cache")}


def load_config(root: Path, **overrides: Any) -> Config:
    """Read the configuration for the workspace at ``root``; ``overrides`` (non-None, from
    the command line) win.

    Raises ConfigError naming the file, line and key when a setting is unknown or invalid,
    or when a configured ``cards``, ``out`` or ``cache`` folder lies outside the workspace
    (folders named on the command line may be anywhere).
    """
    data, toml = _read(root)
    within = _TABLE[toml.path.name] if toml is not None else ()
    if toml is not None:
        check(toml, data, "config.schema.json", within=within,
              hint="see schemas/config.schema.json for the keys cardforge reads")
    given = {k: v for k, v in overrides.items() if v is not None}
    data = {**data, **given}
    folders = {}
    for key, (default, what) in _FOLDERS.items():
        setting = toml.where((*within, key)) if toml is not None and key not in given else key
        folders[key] = trust.write_folder(root / data.get(key, default), root, what=what,
                                          from_command_line=key in given, setting=setting)
    return Config(
        root=root,
        source=toml.path if toml is not None else None,
        cards=folders["cards"],
        out=folders["out"],
        cache=folders["cache"],
        paper=data.get("paper"),
        layout=data.get("layout", "sheets"),
        duplex=data.get("duplex", "long"),
        gutter_mm=float(data.get("gutter", 0.0)),
        lint_layout=bool(data.get("lint-layout", False)),
        select=tuple(data.get("select", ())),
        ignore=tuple(data.get("ignore", ())),
        severity={k: Severity(v) for k, v in data.get("severity", {}).items()},
    )
