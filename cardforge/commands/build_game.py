"""Building one game: load → lint (errors stop the game) → each language × product.

Kept apart from the ``cardforge build`` orchestrator (:mod:`cardforge.commands.build`) because
it imports the lint rules, the product builders and, through them, WeasyPrint: a build whose
games are all up to date never loads any of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardforge.config import Config
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.lint.data_rules import with_data_rules
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.model import Game
from cardforge.packs import GameSpec, discover
from cardforge.problem import Severity
from cardforge.products.builder import ProductSkipped
from cardforge.products.options import BuildOptions
from cardforge.products.registry import PRODUCTS, products_for, profile_product
from cardforge.profiles import Profile
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


def write_failure(game_id: str, exc: OSError) -> CardforgeError:
    """The error for a write that failed (e.g. a full disk) while building ``game_id``."""
    return CardforgeError(f"{game_id}: cannot write {exc.filename or 'a file'}: {exc.strerror or exc}",
                          hint="free disk space or fix the folder's permissions; "
                               "files already there were left as they were")
