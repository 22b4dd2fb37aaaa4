"""``cardforge build``: lint, then make each product of each game in each language.

Recipe: the request and the configuration give the build options; per game: load → lint
(errors stop that game) → for each language × product, the registry's builder writes its
files (faces laid out once, imposed, written atomically). Notes, preflight warnings,
failures and the files written are printed at the end; a game that fails is reported, the
others are still built, and the exit status is non-zero.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import click

from cardforge.commands import shown, targets
from cardforge.commands.build_request import BuildRequest, build_config, build_options
from cardforge.config import Config
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.lint import report
from cardforge.lint.data_rules import with_data_rules
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.model import Game
from cardforge.packs import GameSpec, discover
from cardforge.problem import Problem, Severity
from cardforge.products.builder import ProductSkipped
from cardforge.products.options import BuildOptions
from cardforge.products.registry import PRODUCTS, products_for, profile_product
from cardforge.profiles import find_profile
from cardforge.workspace import load_game


@dataclass(frozen=True)
class GameJob:
    """One game to build: its pack ``spec`` and ``folder``, the ``lang`` asked for (None:
    every language of the game), its ``products`` (registry names) and ``exact``: the user
    named both language and product, so a product that cannot be made is an error."""

    spec: GameSpec
    folder: Path
    lang: str | None
    products: tuple[str, ...]
    exact: bool


@dataclass
class Outcome:
    """What a build did: files ``written``, games' ``failures``, ``notes`` (products skipped)
    and preflight ``warnings``."""

    written: list[Path] = field(default_factory=list)
    failures: list[CardforgeError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def run(request: BuildRequest, workspace: Path) -> None:
    """Build the requested games (default: all in the workspace); print the files written.

    A print-shop ``profile`` picks the product and the card geometry, and its preflight
    problems are printed like lint problems (errors stop that game before it writes).
    Raises ConfigError for a bad request; exits 1 if any game had data errors, 2 for other
    failures, after building the rest.
    """
    config = build_config(request, workspace)
    shop = find_profile(request.profile, workspace) if request.profile else None
    product = profile_product(shop, request.product)
    jobs = [GameJob(spec, folder, request.lang, tuple(products_for(spec, product)),
                    exact=bool(request.lang and product))
            for spec, folder in targets(config, request.games)]
    outcome = Outcome()
    started = time.perf_counter()
    with _Progress(sum(len(job.products) * 2 for job in jobs), request.quiet) as progress:  # ~2 languages
        options = build_options(request, config, shop, report=outcome.warnings.append,
                                progress=progress.faces)
        for job in jobs:
            try:
                outcome.written += build_game(job, config, options, progress.step, outcome.notes)
            except CardforgeError as exc:
                outcome.failures.append(exc)
            except OSError as exc:  # e.g. the disk filled up while writing
                outcome.failures.append(_write_failure(job.spec.id, exc))
    _tell(outcome, workspace, request.quiet, time.perf_counter() - started)


def build_game(job: GameJob, config: Config, options: BuildOptions, step: Callable[[str], None],
               notes: list[str]) -> list[Path]:
    """Build one game's products; return the files written. Raises CardforgeError.

    A product that cannot be made in a language yet (ProductSkipped) adds a line to
    ``notes``, unless that very product and language were asked for (``job.exact``): then
    it is a ConfigError. ``step(label)`` is called before each language × product.
    """
    game = _checked_game(job.spec, job.folder, config)
    written: list[Path] = []
    for language in _languages(game, job.lang):
        for name in job.products:
            step(f"{game.id} {name} ({language})")
            try:
                written.extend(PRODUCTS[name].build(game, language, options))
            except ProductSkipped as exc:
                if job.exact:
                    raise ConfigError(str(exc), hint="add the catalog (see docs), or build "
                                      "the game's source language") from None
                notes.append(str(exc))
            except ValueError as exc:
                raise ConfigError(f"{game.id}: {exc}") from None
    return written


def _checked_game(spec: GameSpec, folder: Path, config: Config) -> Game:
    """The loaded game, or DataError with its lint errors (its game.yaml `lint:` rules
    included; a game with errors is not built)."""
    loaded = load_game(folder, spec)
    problems = lint_game(loaded, with_data_rules(all_rules(discover().values()), loaded.game), config)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors or loaded.game is None:
        raise DataError(errors, what=f"{spec.id}'s card data")
    return loaded.game


def _languages(game: Game, lang: str | None) -> list[str]:
    if lang is None:
        return game.languages
    if lang not in game.languages:
        raise ConfigError(f"{game.id} has no language {lang!r}",
                          hint=f"its languages (game.yaml): {', '.join(game.languages)}")
    return [lang]


def _write_failure(game_id: str, exc: OSError) -> CardforgeError:
    return CardforgeError(f"{game_id}: cannot write {exc.filename or 'a file'}: {exc.strerror or exc}",
                          hint="free disk space or fix the folder's permissions; "
                               "files already there were left as they were")


class _Progress:
    """The progress bar on stderr (hidden when quiet, in CI or in a pipe): one step per
    language × product, and the faces laid out within the current step."""

    def __init__(self, steps: int, quiet: bool) -> None:
        show = not quiet and sys.stderr.isatty() and not os.environ.get("CI")
        self._bar = click.progressbar(length=steps, label="Building", file=sys.stderr, hidden=not show,
                                      item_show_func=lambda label: label)
        self._current = ""

    def __enter__(self) -> _Progress:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._bar.__exit__(*exc_info)

    def step(self, label: str) -> None:
        """A language × product begins."""
        self._current = label
        self._bar.update(1, label)

    def faces(self, done: int, total: int) -> None:
        """``done`` of ``total`` faces of the current step are laid out."""
        self._bar.update(0, f"{self._current}: {done}/{total} faces laid out")


def _tell(outcome: Outcome, workspace: Path, quiet: bool, seconds: float) -> None:
    """Print notes, warnings and failures (stderr), the files written (stdout) and, unless
    ``quiet``, a summary; exit with the worst failure's code when a game failed."""
    for note in outcome.notes:
        click.echo(f"note: {note}", err=True)
    if outcome.warnings:
        problems = sorted(set(outcome.warnings), key=Problem.sort_key)
        click.echo(report.text(problems, workspace, {}), err=True)
    for exc in outcome.failures:
        click.echo(f"error: {exc.format_message()}", err=True)
    for line in listing(outcome.written, workspace):
        click.echo(line)
    if not quiet:
        summary = f"cardforge build: {len(outcome.written)} file(s) in {seconds:.1f} s"
        failed = len(outcome.failures)
        click.echo(summary + (f", {failed} game(s) failed" if failed else ""), err=True)
    if outcome.failures:
        sys.exit(max(exc.exit_code for exc in outcome.failures))


def listing(paths: list[Path], workspace: Path) -> list[str]:
    """One line per file written, except that a folder of PNGs is one line with its count."""
    entries: dict[Path, int] = {}  # a file → 0; a PNG folder → how many PNGs, in first-seen order
    for path in paths:
        if path.suffix == ".png":
            entries[path.parent] = entries.get(path.parent, 0) + 1
        else:
            entries[path] = 0
    return [f"{shown(p, workspace)}/ ({n} PNG files)" if n else shown(p, workspace)
            for p, n in entries.items()]
