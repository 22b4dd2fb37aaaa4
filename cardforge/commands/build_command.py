"""``cardforge build``: lint, then make each product of each game in each language.

Recipe: the request and the configuration give the build options and the games; a game
whose last build by the same command read exactly the files it would read now and whose
files are still there (the build manifest, :mod:`cardforge.build.build_manifest`) is up to date:
its files are listed again and nothing else is done. Each other game: load → lint (errors
stop that game) → for each language × product, the registry's builder writes its files
(faces laid out once, imposed, written atomically), the files it read recorded for next
time. Notes, warnings, failures and the files written are printed at the end; a game that
fails is reported, the others are still built, and the exit status is non-zero.

Warnings are preflight's and text overflow (TR105 as ``lint --layout`` reports it, read
from the layout the build did: :mod:`cardforge.commands.build_overflow`); an up-to-date
game prints its last build's again. They never stop a build: with ``--strict`` (or a TR105
configured as an error) every file is still written, then the build exits 1 saying why.
"""

from __future__ import annotations

import copy
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import click

from cardforge.boundary import read_log
from cardforge.build import build_fingerprint, build_manifest
from cardforge.build.build_manifest import GameRecord
from cardforge.commands import shown, targets
from cardforge.commands.build_request import BuildRequest, build_config, build_options, request_fields
from cardforge.errors import CardforgeError
from cardforge.lint import report_formats as report
from cardforge.model.game_packs import GameSpec
from cardforge.problem import Problem, Severity
from cardforge.workspace.print_profiles import Profile, find_profile
from cardforge.workspace.workspace_config import Config


@dataclass
class Outcome:
    """What a build did: files ``written`` (or listed again, for games ``up_to_date``),
    games' ``failures``, ``notes`` (products skipped) and ``warnings`` (preflight, TR105)."""

    written: list[Path] = field(default_factory=list)
    failures: list[CardforgeError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    up_to_date: int = 0


def run(request: BuildRequest, workspace: Path) -> None:
    """Build the requested games (default: all in the workspace) that changed since the same
    command last built them (all of them with ``request.force``); print the files written.

    A print-shop ``profile`` picks the product and the card geometry, and its preflight
    problems are printed like lint problems (errors stop that game before it writes).
    Raises ConfigError for a bad request; exits 1 if any game had data errors, 2 for other
    failures, after building the rest; exits 1 after writing everything when a warning was
    printed with ``request.strict``, or a warning configured as an error.
    """
    started = time.perf_counter()
    with read_log.recording() as reads:
        config = build_config(request, workspace)
        shop = find_profile(request.profile, workspace) if request.profile else None
        games = targets(config, request.games)
    manifest = build_manifest.manifest_path(config.cache, build_manifest.request_key(request_fields(request)))
    records = build_manifest.load(manifest)
    loaded = copy.deepcopy(records)
    environment = build_fingerprint.environment()
    outcome = Outcome()
    stale = []
    listings = {spec.id: _listing(workspace, folder) for spec, folder in games}  # as the build finds them
    for spec, folder in games:
        record = None if request.force else records.get(spec.id)
        if record is None or build_manifest.changed(record, workspace, listings[spec.id], environment):
            stale.append((spec, folder))
        else:
            _replay(record, workspace, outcome)
    if stale:
        with read_log.recording() as built_reads:
            built = _build(stale, request, config, shop, outcome)
        reads.update(built_reads)
        for spec, _ in stale:
            records.pop(spec.id, None)
            if spec.id in built:
                records[spec.id] = _record(spec, games, built[spec.id], reads, config, workspace,
                                           listings[spec.id], environment)
    if records != loaded:  # a game built, failed, or found unchanged with new file times
        _save(manifest, records)
    _tell(outcome, workspace, request.quiet, time.perf_counter() - started, request.strict)


def _build(stale: list[tuple[GameSpec, Path]], request: BuildRequest, config: Config, shop: Profile | None,
           outcome: Outcome) -> dict[str, _Built]:
    """Build the ``stale`` games into ``outcome``, each in turn; return each game built
    without failure. The face layout workers were started by the command line before this
    module was imported (``cardforge.cli``), to warm up while this process loads and lints;
    without them, faces are laid out in workers started for the purpose."""
    from cardforge.commands import build_game  # the lint rules and products: only when building

    jobs = build_game.game_jobs(stale, request.lang, request.product, shop)
    built: dict[str, _Built] = {}
    with _Progress(sum(len(job.products) * 2 for job in jobs), request.quiet) as progress:  # ~2 languages
        options = build_options(request, config, shop, report=outcome.warnings.append,
                                progress=progress.faces)
        for job in jobs:
            notes, warnings = len(outcome.notes), len(outcome.warnings)
            try:
                written = build_game.build_game(job, config, options, progress.step, outcome.notes)
            except CardforgeError as exc:
                from cardforge.render.templating.css_places import (
                    traced,  # only after a failure: not at start-up
                )

                outcome.failures.append(traced(exc))  # a worker's CSS warning at its file and line
                continue
            except OSError as exc:  # e.g. the disk filled up while writing
                outcome.failures.append(build_game.write_failure(job.spec.id, exc))
                continue
            outcome.written += written
            built[job.spec.id] = _Built(written, outcome.notes[notes:], outcome.warnings[warnings:])
    return built


@dataclass(frozen=True)
class _Built:
    """One game built: its files ``written``, and the ``notes`` and ``warnings`` it printed."""

    written: list[Path]
    notes: list[str]
    warnings: list[Problem]


def _listing(workspace: Path, folder: Path) -> str | None:
    """The listing fingerprint of the folders a game's build looks in (its own folder and
    the workspace's templates)."""
    return build_fingerprint.listing(workspace, (folder, workspace / "templates"))


def _record(spec: GameSpec, games: list[tuple[GameSpec, Path]], built: _Built,
            reads: dict[Path, read_log.FileStamp], config: Config, workspace: Path,
            listing: str | None, environment: str) -> GameRecord:
    """The manifest record of a game just built: every file this run read, but for the
    output and cache folders and other games' own folders; ``listing`` as taken before the
    build (a file added while it ran was not seen by it)."""
    others = [f for s, f in games if s.id != spec.id] + [workspace / "templates" / s.id
                                                         for s, _ in games if s.id != spec.id]
    skipped = (config.out, config.cache, *others)
    mine = {path: stamp for path, stamp in reads.items() if not any(path.is_relative_to(s) for s in skipped)}
    return GameRecord(build_manifest.input_stamps(mine, workspace),
                      build_manifest.output_stamps(built.written, workspace),
                      listing or "", environment, list(built.notes),
                      [build_manifest.problem_data(p, workspace) for p in built.warnings])


def _replay(record: GameRecord, workspace: Path, outcome: Outcome) -> None:
    """An up-to-date game's files, notes and warnings, as its last build gave them."""
    outcome.written += [workspace / stamp.path for stamp in record.outputs]
    outcome.notes += record.notes
    try:
        outcome.warnings += [build_manifest.problem_from(w, workspace) for w in record.warnings]
    except (KeyError, ValueError, TypeError):
        pass  # a malformed warning in the (untrusted) cache: the files are still up to date
    outcome.up_to_date += 1


def _save(manifest: Path, records: dict[str, GameRecord]) -> None:
    """Write the manifest; a cache that cannot be written only costs the next build time."""
    try:
        build_manifest.save(manifest, records)
    except OSError:
        pass


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


def _tell(outcome: Outcome, workspace: Path, quiet: bool, seconds: float, strict: bool = False) -> None:
    """Print notes, warnings and failures (stderr), the files written (stdout) and, unless
    ``quiet``, a summary; exit with the worst failure's code when a game failed, else 1
    when a warning is at error level or, ``strict``, at all (saying so)."""
    for note in outcome.notes:
        click.echo(f"note: {note}", err=True)
    if outcome.warnings:
        problems = sorted(set(outcome.warnings), key=Problem.sort_key)
        click.echo(report.text(problems, workspace, {}), err=True)
    for message in dict.fromkeys(exc.format_message() for exc in outcome.failures):  # once each
        click.echo(f"error: {message}", err=True)  # (every game meets a missing library alike)
    for line in listing(outcome.written, workspace):
        click.echo(line)
    if not quiet:
        summary = f"cardforge build: {len(outcome.written)} file(s) in {seconds:.1f} s"
        if outcome.up_to_date:
            summary += f", {outcome.up_to_date} game(s) up to date (unchanged since the last build)"
        failed = len(outcome.failures)
        click.echo(summary + (f", {failed} game(s) failed" if failed else ""), err=True)
    failing = [p for p in outcome.warnings if strict or p.severity is Severity.ERROR]
    if failing:
        why = (f"--strict: {len(set(failing))} warning(s)" if strict
               else f"{len(set(failing))} problem(s) configured as errors")
        click.echo(f"cardforge build: {why} fail the build (the files listed were written)", err=True)
    if outcome.failures:
        sys.exit(max(exc.exit_code for exc in outcome.failures))
    if failing:
        sys.exit(1)


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
