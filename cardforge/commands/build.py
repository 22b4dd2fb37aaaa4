"""``cardforge build``: lint, then make each product of each game in each language.

Recipe, per game: load → lint (errors stop that game) → for each language and product:
render and write (faces laid out once, imposed, written atomically). Output paths are
printed at the end; a game that fails is reported, the others are still built, and the
exit status is non-zero.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import click

from cardforge import trust
from cardforge.commands import shown, targets
from cardforge.config import Config, load_config
from cardforge.dice.faces import DEFAULT_EDGE_MM
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.games.spec import GameSpec, discover
from cardforge.lint import report
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.model import Game
from cardforge.problem import Problem, Severity
from cardforge.products import BUILDERS, CARD_EXPORTS, PAPERS, PROFILE_PRODUCTS, BuildOptions, ProductSkipped
from cardforge.profiles import Profile, find_profile
from cardforge.workspace import load_game


@dataclass(frozen=True)
class Job:
    """One unit of work: a game, a language and a product."""

    spec: GameSpec
    folder: Path
    lang: str | None
    product: str


def _checked_game(spec: GameSpec, folder: Path, config: Config) -> Game:
    """The loaded game, or DataError with its lint errors (a game with errors is not built)."""
    loaded = load_game(folder, spec)
    problems = lint_game(loaded, all_rules(discover().values()), config)
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


def _products(spec: GameSpec, product: str | None) -> list[str]:
    """The products to build: all of the pack's, or ``product`` (a card export such as png,
    tts or pdfx for any pack that makes cards)."""
    if product in (None, "all"):
        return [p for p in spec.products if p in BUILDERS]
    if product in CARD_EXPORTS and "cards" in spec.products:
        return [product]
    if product not in spec.products or product not in BUILDERS:
        exports = ", ".join(CARD_EXPORTS) if "cards" in spec.products else ""
        known = ", ".join([p for p in spec.products if p in BUILDERS] + ([exports] if exports else []))
        raise ConfigError(f"{spec.id} cannot build {product!r}", hint=f"its products: {known}")
    return [product]


def _profile_product(profile: Profile | None, product: str | None) -> str | None:
    """The product a print-shop profile makes; ConfigError when ``product`` asks for another."""
    if profile is None:
        return product
    implied = PROFILE_PRODUCTS[profile.output]
    if product not in (None, "all", implied):
        raise ConfigError(f"profile {profile.id} makes the {implied} product, not {product}",
                          hint=f"drop --product, or use --product {implied}")
    return implied


def build_game(spec: GameSpec, folder: Path, config: Config, options: BuildOptions,
               lang: str | None, product: str | None, step, notes: list[str]) -> list[Path]:
    """Build one game's products; return the files written. Raises CardforgeError.

    A product that cannot be made in a language yet (ProductSkipped) adds a line to
    ``notes``, unless that very product and language were asked for: then it is an error.

    ``step(label)`` is called before each language × product (progress).
    """
    game = _checked_game(spec, folder, config)
    written: list[Path] = []
    for language in _languages(game, lang):
        for name in _products(spec, product):
            step(f"{game.id} {name} ({language})")
            try:
                written.extend(BUILDERS[name](game, language, options))
            except ProductSkipped as exc:
                if lang and product:
                    raise ConfigError(str(exc), hint="add the catalog (see docs), or build "
                                      "the game's source language") from None
                notes.append(str(exc))
            except ValueError as exc:
                raise ConfigError(f"{game.id}: {exc}") from None
    return written


def run(games: tuple[str, ...], paper: str | None, out_dir: Path | None, lang: str | None,
        product: str | None, duplex: str | None, quiet: bool, workspace: Path,
        die_edge_mm: float = DEFAULT_EDGE_MM, imposition: str | None = None,
        jobs: int | None = None, cache_dir: Path | None = None, dpi: int = 300,
        profile: str | None = None, layout: str | None = None,
        gutter_mm: float | None = None) -> None:
    """Build ``games`` (default: all in the workspace); print the files written.
    ``layout`` (sheets | fold-over), ``duplex`` (long | short | none, sheets only) and
    ``gutter_mm`` (mm between cards) override the configuration when not None;
    ``die_edge_mm`` is the edge of printed custom dice (the ``dice`` product), in mm;
    ``imposition`` ``"saddle"`` also imposes rule booklets for saddle stitching;
    ``jobs`` the worker processes laying out faces (default: the machine's cores);
    ``cache_dir`` the face cache (default: configured ``cache``, else .cardforge-cache);
    ``dpi`` the resolution of PNG and Tabletop Simulator exports; ``profile`` a print shop's
    profile (id or .toml path): it picks the product and the card geometry, and preflight
    problems are printed like lint problems (errors stop that game before it writes).

    Exits 1 if any game had data errors, 2 for other failures, after building the rest.
    """
    config = load_config(workspace, out=str(out_dir) if out_dir else None,
                         cache=str(cache_dir) if cache_dir else None, layout=layout,
                         duplex=duplex, gutter=gutter_mm)
    if jobs is not None and jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, got {jobs}")
    if gutter_mm is not None and gutter_mm < 0:
        raise ConfigError(f"--gutter must not be negative, got {gutter_mm:g} mm")
    if duplex is not None and config.layout == "fold-over":
        raise ConfigError("--duplex is for the sheets layout",
                          hint="fold-over sheets print every back beside its front; "
                               "drop --duplex, or use --layout sheets")
    trust.writable(config.out, "output")
    trust.writable(config.cache, "cache")
    chosen = paper or config.paper
    shop = find_profile(profile, workspace) if profile else None
    product = _profile_product(shop, product)
    chosen_games = targets(config, games)
    show = not quiet and sys.stderr.isatty() and not os.environ.get("CI")  # no bar in CI or pipes
    started = time.perf_counter()
    written: list[Path] = []
    failures: list[CardforgeError] = []
    notes: list[str] = []
    warnings: list[Problem] = []
    steps = sum(len(_products(spec, product)) * 2 for spec, _ in chosen_games)  # ~2 languages a game
    with click.progressbar(length=steps, label="Building", file=sys.stderr, hidden=not show,
                           item_show_func=lambda label: label) as bar:
        current = [""]

        def step(label: str) -> None:
            current[0] = label
            bar.update(1, label)

        options = BuildOptions(root=config.root, out=config.out, duplex=config.duplex,
                               layout=config.layout, gutter_mm=config.gutter_mm,
                               papers=PAPERS if chosen in (None, "all") else (chosen,),
                               die_edge_mm=die_edge_mm, imposition=imposition, cache=config.cache,
                               jobs=jobs or os.cpu_count() or 1, dpi=dpi, profile=shop,
                               report=warnings.append,
                               progress=lambda done, total: bar.update(
                                   0, f"{current[0]}: {done}/{total} faces laid out"))
        for spec, folder in chosen_games:
            try:
                written.extend(build_game(spec, folder, config, options, lang, product, step,
                                          notes))
            except CardforgeError as exc:
                failures.append(exc)
            except OSError as exc:  # e.g. the disk filled up while writing
                failures.append(CardforgeError(f"{spec.id}: cannot write {exc.filename or 'a file'}: "
                                               f"{exc.strerror or exc}",
                                               hint="free disk space or fix the folder's permissions; "
                                                    "files already there were left as they were"))
    for note in notes:
        click.echo(f"note: {note}", err=True)
    if warnings:
        click.echo(report.text(sorted(set(warnings), key=Problem.sort_key), workspace, {}), err=True)
    for exc in failures:
        click.echo(f"error: {exc.format_message()}", err=True)
    for line in listing(written, workspace):
        click.echo(line)
    if not quiet:
        summary = f"cardforge build: {len(written)} file(s) in {time.perf_counter() - started:.1f} s"
        click.echo(summary + (f", {len(failures)} game(s) failed" if failures else ""), err=True)
    if failures:
        sys.exit(max(exc.exit_code for exc in failures))


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
