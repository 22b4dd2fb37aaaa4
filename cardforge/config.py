"""Configuration: ``[tool.cardforge]`` in pyproject.toml, or a ``cardforge.toml`` file.

Looked for in the workspace folder (the current directory unless ``--workspace`` says
otherwise); ``cardforge.toml`` wins when both exist. Keys are documented in
``schemas/config.schema.json``; an unknown key or a bad value is a ConfigError (exit 2).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from cardforge.errors import ConfigError
from cardforge.problem import Severity
from cardforge.validate import schema


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


def _read(root: Path) -> tuple[dict[str, Any], Path | None]:
    own = root / "cardforge.toml"
    pyproject = root / "pyproject.toml"
    for path, table in ((own, ()), (pyproject, ("tool", "cardforge"))):
        if not path.is_file():
            continue
        try:
            data: Any = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from None
        for key in table:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        if path == own or data:
            return data, path
    return {}, None


def load_config(root: Path, **overrides: Any) -> Config:
    """Read the configuration for the workspace at ``root``; ``overrides`` (non-None) win.

    Raises ConfigError naming the file and key when a setting is unknown or invalid.
    """
    data, source = _read(root)
    errors = sorted(Draft202012Validator(schema("config.schema.json")).iter_errors(data),
                    key=lambda e: list(map(str, e.path)))
    if errors:
        err = errors[0]
        where = ".".join(map(str, err.path)) or "[tool.cardforge]"
        raise ConfigError(f"{source}: {where}: {err.message}",
                          hint="see schemas/config.schema.json for the keys cardforge reads")
    data.update({k: v for k, v in overrides.items() if v is not None})
    return Config(
        root=root,
        source=source,
        cards=(root / data.get("cards", "cards")).resolve(),
        out=(root / data.get("out", "out")).resolve(),
        cache=(root / data.get("cache", ".cardforge-cache")).resolve(),
        paper=data.get("paper"),
        layout=data.get("layout", "sheets"),
        duplex=data.get("duplex", "long"),
        gutter_mm=float(data.get("gutter", 0.0)),
        lint_layout=bool(data.get("lint-layout", False)),
        select=tuple(data.get("select", ())),
        ignore=tuple(data.get("ignore", ())),
        severity={k: Severity(v) for k, v in data.get("severity", {}).items()},
    )
