"""``cardforge build``: lint, lay out each distinct face once, impose sheets, write PDFs.

Recipe, per game: load → lint (errors stop that game) → render faces (one WeasyPrint
document) → impose on each paper → write atomically. Output paths are printed at the end;
a game that fails is reported and the command exits non-zero after building the others.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click

from cardforge.config import Config, load_config
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.games.spec import GameSpec, discover
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.model import Game
from cardforge.problem import Severity
from cardforge.render.cards import render_card_faces
from cardforge.render.impose import write_pdf_atomically
from cardforge.render.sheets import card_sheets
from cardforge.workspace import find_game_dirs, load_game

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class Target:
    """One game to build: its pack and its folder."""

    spec: GameSpec
    folder: Path


def _targets(config: Config, wanted: tuple[str, ...]) -> list[Target]:
    found = {spec.id: Target(spec, folder) for spec, folder in find_game_dirs(config.cards, discover())}
    unknown = [g for g in wanted if g not in found]
    if unknown:
        raise ConfigError(f"no game {', '.join(map(repr, unknown))} in {config.cards}",
                          hint=f"games here: {', '.join(found)}")
    return [found[g] for g in wanted] if wanted else list(found.values())


def _checked_game(target: Target, config: Config) -> Game:
    """The loaded game, or DataError with its lint errors (a game with errors is not built)."""
    loaded = load_game(target.folder, target.spec)
    problems = lint_game(loaded, all_rules(discover().values()), config)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors or loaded.game is None:
        raise DataError(errors, what=f"{target.spec.id}'s card data")
    return loaded.game


def _language(game: Game, lang: str | None) -> str:
    if lang is None:
        return game.languages[0]
    if lang not in game.languages:
        raise ConfigError(f"{game.id} has no language {lang!r}",
                          hint=f"its languages (game.yaml): {', '.join(game.languages)}")
    return lang


def _output(config: Config, game: Game, lang: str, paper: str) -> Path:
    suffix = "" if lang == game.languages[0] else f"-{lang}"
    return config.out / game.id / f"{game.id}-cards{suffix}-{paper}.pdf"


def build_game(target: Target, config: Config, papers: tuple[str, ...], lang: str | None,
               duplex: str, step: Callable[[str], None]) -> list[Path]:
    """Build one game's card sheets; return the files written. Raises CardforgeError.

    ``step(label)`` is called once before the faces and once per paper (progress).
    """
    game = _checked_game(target, config)
    language = _language(game, lang)
    step(f"{game.id}: faces ({language})")
    faces = render_card_faces(game, language, config.root)
    written = []
    for paper in papers:
        step(f"{game.id}: {paper} sheets")
        try:
            sheets = card_sheets(game, faces, paper, duplex)
        except ValueError as exc:
            raise ConfigError(f"{game.id}: {exc}") from None
        path = _output(config, game, language, paper)
        write_pdf_atomically(sheets, path)
        written.append(path)
    return written


def run(games: tuple[str, ...], paper: str | None, out_dir: Path | None, lang: str | None,
        duplex: str, quiet: bool, workspace: Path) -> None:
    """Build ``games`` (default: all in the workspace); print the files written.

    Exits 1 if any game had data errors, 2 for other failures, after building the rest.
    """
    config = load_config(workspace, out=str(out_dir) if out_dir else None)
    chosen = paper or config.paper
    papers = PAPERS if chosen in (None, "all") else (chosen,)
    show = not quiet and sys.stderr.isatty()  # no bar in CI logs or pipes
    started = time.perf_counter()
    written: list[Path] = []
    failures: list[CardforgeError] = []
    targets = _targets(config, games)
    steps = len(targets) * (1 + len(papers))
    with click.progressbar(length=steps, label="Building", file=sys.stderr, hidden=not show,
                           item_show_func=lambda label: label) as bar:
        def step(label: str) -> None:
            bar.update(1, label)

        for target in targets:
            try:
                written.extend(build_game(target, config, papers, lang, duplex, step))
            except CardforgeError as exc:
                failures.append(exc)
    for exc in failures:
        click.echo(f"error: {exc.format_message()}", err=True)
    for path in written:
        click.echo(_shown(path, workspace))
    if not quiet:
        click.echo(f"cardforge build: {len(written)} file(s) in {time.perf_counter() - started:.1f} s"
                   + (f", {len(failures)} game(s) failed" if failures else ""), err=True)
    if failures:
        sys.exit(max(exc.exit_code for exc in failures))


def _shown(path: Path, workspace: Path) -> str:
    try:
        return str(path.relative_to(workspace))
    except ValueError:
        return str(path)
