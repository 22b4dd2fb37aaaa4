"""Building one game: load → lint (errors stop the game) → each language × product.

The lint runs in a forked child (:mod:`cardforge.proc.forked`) while the products are made, and
the game's outputs are held (:func:`cardforge.boundary.atomic.outputs_held`) until it has passed: a
game with lint errors writes nothing, as when the lint ran first, and on two cores the
templates and the first faces no longer wait for the lint. The files the child read are
added to the build's read log (:mod:`cardforge.boundary.read_log`), so the build manifest still
knows every input.

Kept apart from the ``cardforge build`` orchestrator (:mod:`cardforge.commands.build_command`) because
it imports the lint rules, the product builders and, through them, WeasyPrint: a build whose
games are all up to date never loads any of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from cardforge.boundary import read_log
from cardforge.boundary.atomic import outputs_held
from cardforge.commands.build_overflow import OverflowWatch
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.loading.parse_cache import ParseCache
from cardforge.model.game_model import Game
from cardforge.model.game_packs import GameSpec, discover
from cardforge.problem import Problem, Severity
from cardforge.proc import forked
from cardforge.products.product_builder import ProductSkipped
from cardforge.products.product_options import BuildOptions
from cardforge.products.product_registry import PRODUCTS, products_for, profile_product
from cardforge.workspace.game_loading import Loaded, load_game
from cardforge.workspace.print_profiles import Profile
from cardforge.workspace.workspace_config import Config

LINT_NICENESS = 10
"""How much less CPU priority the lint child has than the build's own process: more than
the face workers' (:data:`~cardforge.render.workers.layout_workers.WORKER_NICENESS`), because the lint's
answer is needed only when the first file is written, after the first faces are laid out;
on two cores, the lint of a 1,000-card game otherwise delayed a one-card edit's only face."""


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


def game_jobs(targets: list[tuple[GameSpec, Path]], lang: str | None, product: str | None,
              shop: Profile | None) -> list[GameJob]:
    """A job per (spec, folder) target: the products ``product`` (or the print-shop
    profile ``shop``) asks for of each game, in ``lang`` (None: every language). Raises
    ConfigError for a product the registry does not know."""
    wanted = profile_product(shop, product)
    return [GameJob(spec, folder, lang, tuple(products_for(spec, wanted)), exact=bool(lang and wanted))
            for spec, folder in targets]


def build_game(job: GameJob, config: Config, options: BuildOptions, step: Callable[[str], None],
               notes: list[str]) -> list[Path]:
    """Build one game's products; return the files written. Raises CardforgeError.

    A product that cannot be made in a language yet (ProductSkipped) adds a line to
    ``notes``, unless that very product and language were asked for (``job.exact``): then
    it is a ConfigError. ``step(label)`` is called before each language × product.
    Text overflow (TR105) is measured on the faces the products made, from the layout they
    did (:mod:`cardforge.commands.build_overflow`); it and the products' warnings are told
    to ``options.report`` when the game is done (or failed), TR105 configured as lint
    configures it.
    """
    loaded = load_game(job.folder, job.spec, ParseCache.at(config.cache))
    game = loaded.game
    lint = forked.start(partial(_lint_errors, loaded, config), niceness=LINT_NICENESS)
    linted = _LintGate(job.spec.id, lint)
    if game is None:
        linted.release()  # raises DataError: the game did not load
        raise DataError([], what=f"{job.spec.id}'s card data")
    written: list[Path] = []
    watch = OverflowWatch(game)  # the faces made and the warnings, told at the end (TR105 configured)
    told = options.report
    options = replace(options, report=watch.report, faces_made=watch.faces_made)
    with outputs_held(options.out, linted.release), _finishing(watch, config, options, told, notes):
        try:
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
        except Exception:
            linted.release()  # a failure the card data caused is told as its lint errors
            raise
        linted.release()
    return written


@contextmanager
def _finishing(watch: OverflowWatch, config: Config, options: BuildOptions,
               told: Callable[[Problem], None] | None, notes: list[str]) -> Iterator[None]:
    """Tell the game's warnings when the block ends, however it ends (a failed game's
    warnings are printed too); a cache that cannot be tidied costs only a relayout."""
    complete = False
    try:
        yield
        complete = True
    finally:
        try:
            watch.finish(config, options.face_cache(), told, notes, complete=complete)
        except OSError:
            pass


@dataclass(frozen=True)
class _Linted:
    """What the lint child sends back: the game's lint ``errors`` and the files it ``read``."""

    errors: list[Problem]
    read: dict[Path, read_log.FileStamp]


def _lint_errors(loaded: Loaded, config: Config) -> _Linted:
    """Lint ``loaded`` with every rule that can report an error (its game.yaml ``lint:``
    rules included; advisory rules, which only warn, cannot stop the build, so they are not
    run: DX106's odds alone were 11 s of CPU a DiXe build); its errors, and the files the
    lint read (runs in the lint child)."""
    from cardforge.lint.data_rules import with_data_rules  # the rules: imported by the child
    from cardforge.lint.engine import lint_game
    from cardforge.lint.rule import all_rules

    with read_log.recording() as read:
        problems = lint_game(loaded, with_data_rules(all_rules(discover().values()), loaded.game), config,
                             errors_only=True)
    return _Linted([p for p in problems if p.severity is Severity.ERROR], dict(read))


class _LintGate:
    """Releases a game's outputs once its lint (started in a child) found no error."""

    def __init__(self, game_id: str, pending: forked.Pending[_Linted]) -> None:
        self.game_id = game_id
        self.pending = pending
        self.errors: list[Problem] | None = None

    def release(self) -> None:
        """Wait for the lint (the first time); raise DataError with its errors, if any."""
        if self.errors is None:
            linted = self.pending.result()
            read_log.note_stamps(linted.read)
            self.errors = linted.errors
        if self.errors:
            raise DataError(self.errors, what=f"{self.game_id}'s card data")


def _languages(game: Game, lang: str | None) -> list[str]:
    if lang is None:
        return game.languages
    if lang not in game.languages:
        raise ConfigError(f"{game.id} has no language {lang!r}",
                          hint=f"its languages (game.yaml): {', '.join(game.languages)}")
    return [lang]


def write_failure(game_id: str, exc: OSError) -> CardforgeError:
    """The error for a write that failed (e.g. a full disk) while building ``game_id``."""
    return CardforgeError(f"{game_id}: cannot write {exc.filename or 'a file'}: {exc.strerror or exc}",
                          hint=getattr(exc, "hint", "free disk space or fix the folder's permissions")
                          + "; files already there were left as they were")
