"""Benchmark: cardforge as a user runs it — the ``cardforge`` command, a fresh process each
time (interpreter start-up included), on generated workspaces in the shipped proportions,
side by side with the plain renderers a designer could use instead, in one run.

Workspaces come from shipped_shape.py: a lint-clean Comic Creator game in the shipped deck
proportions (26 : 38 : 20 Experience, Skill, Assist), English and Japanese, with its rules/
and locale/ catalogs filled by ``cardforge i18n update`` (so they are the size of the game).

Measured (every time is wall-clock, the whole process, from start to exit):

- lint: ``cardforge lint -w <ws> --format json`` on a ``--lint-cards`` (10,000) card
  workspace, best of ``--runs`` (bench_lint.time_lint); the exit code must be 0 (clean).
  The first run parses the card files (the parse cache that generating the workspace
  filled is emptied first) and keeps them in the workspace's parse cache
  (cardforge.loading.parse_cache); later runs read them back, as a designer's second lint does.
  Both are reported: the first run on its own row;
- build, on a ``--cards`` (1,000) card workspace, in two scopes:
  *all products* — ``cardforge build -w <ws>``: every product of the game (card sheets,
  rules booklet, rulesheet) in every language and paper, what a designer runs; and
  *cards, en, A4* — ``cardforge build comic-creator -w <ws> --product cards --lang en
  --paper a4``: the card sheets alone, like for like with the baselines. For each scope:
  cold (no .cardforge-cache, no out/), nothing changed (best of ``--runs``), and after a
  one-card edit (a different Skill card renamed in English each run, in skill.yaml and in
  the English catalog, as ``cardforge i18n update`` would leave it; lint is checked clean
  with ``--strict`` after each edit, untimed), best and median of ``--runs``. Builds run
  with ``--quiet`` and the workspace as working folder; a build that exits non-zero stops
  the benchmark with its stderr;
- baselines (once each, unless ``--skip-baselines``), on the same English A4 sheets (9
  cards a sheet, each front sheet followed by its back sheet; bench_build.baseline_html
  from the game's face fragments) written as one HTML file: (1) plain WeasyPrint, the
  ``weasyprint`` command of this Python's environment writing ONE document; (2) headless
  Chromium (``/usr/bin/chromium`` or ``chromium`` on PATH, a fresh profile folder each
  run) printing the same file to PDF, where installed. Each baseline's PDF must have the
  expected page count, or the benchmark stops;
- pairs (``--pairs``, 3): a cold build of the *cards, en, A4* scope followed at once by
  Chromium printing the same sheets, again and again; the machine is shared and its speed
  drifts over minutes (the same Chromium print took 27 s and 39 s an hour apart), so the
  verdict against Chromium is the median of the pairs' ratios, each pair a minute apart;
- the resident process (cardforge.resident): the benchmark gives its commands a runtime
  folder of their own (``XDG_RUNTIME_DIR``), so the first command of each part runs in its
  own process and starts a resident process, as a designer's first command does; after that
  first run (the first lint, each scope's cold build) the benchmark waits, untimed, until the
  resident process listens (a designer looks at the output for longer than it takes to warm
  up), and counts how many timed commands it served. Each scope's one-card edit is also
  timed with ``CARDFORGE_RESIDENT=0`` (as in CI, or for a designer who turned it off), on its
  own row. The resident process is stopped at the end;
- CPU seconds (user + system) of the cold runs: getrusage(RUSAGE_CHILDREN) deltas, which
  count cardforge's worker processes. Chromium's renderer processes are not waited for
  by the process started, so its CPU is also sampled from /proc every 0.1 s over the
  process's session and the larger figure is kept (a slight undercount still).

Usage: ``python benchmarks/bench_whole_process.py [--cards 1000] [--lint-cards 10000]
[--runs 3] [--pairs 3] [--skip-baselines] [--only lint|build] [--markdown] [--json PATH]``.
``--markdown`` prints the tables as Markdown, to paste into docs/benchmarks.md as they are.
A full run takes several minutes (the plain WeasyPrint render of 1,000 cards alone about
100 s). The machine may be shared: compare figures from one run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pikepdf
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import baseline_html  # noqa: E402
from bench_lint import LintTimes, time_lint  # noqa: E402
from shipped_shape import byte_compile_cardforge, cardforge_command, shipped_shape_workspace  # noqa: E402

from cardforge.games.comic_creator import GAME  # noqa: E402
from cardforge.i18n.translations import with_catalog_texts  # noqa: E402
from cardforge.render.card_render import face_sources  # noqa: E402
from cardforge.resident.resident_place import RESIDENT_ENV, socket_path  # noqa: E402
from cardforge.workspace.game_loading import load_game  # noqa: E402

GAME_ID = "comic-creator"
TICKS = os.sysconf("SC_CLK_TCK")
SAMPLE_EVERY = 0.1
"""Seconds between two looks at /proc when a process's whole session is sampled."""


@dataclass(frozen=True)
class Run:
    """One timed process: wall-clock ``seconds`` and ``cpu_seconds`` (user + system, the
    process and the children it waited for, or its whole session when sampled)."""

    seconds: float
    cpu_seconds: float


@dataclass(frozen=True)
class Series:
    """Several timed runs of one measurement."""

    runs: list[Run]

    @property
    def best(self) -> float:
        """The fastest run, in seconds."""
        return min(r.seconds for r in self.runs)

    @property
    def median(self) -> float:
        """The median run, in seconds."""
        return statistics.median(r.seconds for r in self.runs)

    @property
    def shown(self) -> str:
        """Every time, for a report: ``0.41, 0.39, 0.40``."""
        return ", ".join(f"{r.seconds:.2f}" for r in self.runs)


@dataclass(frozen=True)
class Scope:
    """What one ``cardforge build`` command builds: its ``label`` and command ``args``."""

    label: str
    args: list[str]


SCOPES = [
    Scope("all products", []),
    Scope("cards, en, A4", [GAME_ID, "--product", "cards", "--lang", "en", "--paper", "a4"]),
]


@dataclass(frozen=True)
class ScopeTimes:
    """A scope's builds: ``cold``, ``unchanged`` (nothing changed) and ``edited`` (one card
    edited before each run); ``pages``: of the English A4 card sheets the cold build wrote."""

    scope: Scope
    cold: Run
    unchanged: Series
    edited: Series
    pages: int
    alone: Series | None = None
    """One-card edits with ``CARDFORGE_RESIDENT=0``."""
    served: int = 0
    """How many of the timed nothing-changed and edit builds the resident process served."""


@dataclass(frozen=True)
class Baseline:
    """A plain renderer writing the same sheets: its ``name``, its ``run`` (None when
    ``note`` says why not), and the PDF's ``pages``."""

    name: str
    run: Run | None
    pages: int = 0
    note: str = ""


@dataclass(frozen=True)
class Pair:
    """A cold cardforge build of the like-for-like scope and, right after it, headless
    Chromium printing the same sheets: on a shared machine whose speed drifts over minutes,
    only runs this close together compare."""

    cardforge: Run
    chromium: Run

    @property
    def ratio(self) -> float:
        """Chromium's time over cardforge's (above 1: cardforge is faster)."""
        return self.chromium.seconds / self.cardforge.seconds


@dataclass(frozen=True)
class Row:
    """One line of the printed table."""

    measurement: str
    cardforge: str
    baseline: str
    ratio: str
    target: str
    met: str


@dataclass
class Results:
    """Everything one run measured (``--json`` writes it)."""

    date: str
    cards: int
    lint_cards: int
    runs: int
    lint: LintTimes | None = None
    builds: list[ScopeTimes] = field(default_factory=list)
    baselines: list[Baseline] = field(default_factory=list)
    expected_pages: int = 0
    pairs: list[Pair] = field(default_factory=list)
    sources_changed: list[str] = field(default_factory=list)


def sources_changed_since(started: float) -> list[str]:
    """cardforge's source files modified after ``started`` (a time.time()): the build
    manifest records cardforge's code, so a "nothing changed" build after such a change
    builds again (and a changed template or layout lays faces out again)."""
    package = Path(__file__).resolve().parents[1] / "cardforge"
    return sorted(str(p.relative_to(package.parent)) for p in package.rglob("*.py")
                  if p.stat().st_mtime > started)


def _children_cpu() -> float:
    """CPU seconds of every child this process has waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _sample_session(sid: int, seen: dict[tuple[int, int], float]) -> None:
    """Record in ``seen`` the CPU seconds so far of each live process of session ``sid``,
    keyed by pid and start time."""
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # from field 3 (state) on
        if int(fields[3]) == sid:
            seen[(int(entry.name), int(fields[19]))] = (int(fields[11]) + int(fields[12])) / TICKS


def run_process(command: list[str], cwd: Path, *, what: str, sample_session: bool = False) -> Run:
    """Run ``command`` in ``cwd`` as a fresh process and time it. Stops the benchmark,
    showing its stderr, when it exits non-zero. ``sample_session``: also sample the CPU of
    every process of its session (for programs whose helpers it does not wait for). The
    CPU of a command the resident process served is what its log says the child used."""
    before, logged = _children_cpu(), len(served_log())
    started = time.perf_counter()
    with subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, start_new_session=sample_session) as process:
        seen: dict[tuple[int, int], float] = {}
        if sample_session:
            while process.poll() is None:
                _sample_session(process.pid, seen)
                time.sleep(SAMPLE_EVERY)
        stderr = process.communicate()[1]
    seconds = time.perf_counter() - started
    if process.returncode:
        raise SystemExit(f"{what} failed (exit {process.returncode}): {' '.join(command)}\n{stderr}")
    served = served_cpu(served_log()[logged:])  # a command the resident process ran: its child's CPU
    return Run(seconds, max(_children_cpu() - before + served, sum(seen.values())))


def pdf_pages(path: Path) -> int:
    """The page count of the PDF at ``path`` (0 when there is none)."""
    if not path.exists():
        return 0
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def edit_one_card(game: Path, turn: int) -> None:
    """A one-card edit: rename a Skill card in English — in skill.yaml and in the English
    catalog's msgstr, as ``cardforge i18n update`` would copy it — a different card for each
    ``turn`` (every 97th card, wrapping: distinct while turn < the deck's size)."""
    skill, catalog = game / "skill.yaml", game / "locale" / "en" / "LC_MESSAGES" / "cards.po"
    cards = yaml.safe_load(skill.read_text(encoding="utf-8"))["cards"]
    yaml_text, po_text = skill.read_text(encoding="utf-8"), catalog.read_text(encoding="utf-8")
    for step in range(len(cards)):
        name = cards[(turn * 97 + 13 + step) % len(cards)]["name"]["en"]
        line, entry = f"    en: {name}\n", f'msgstr "{name}"\n'
        if "edited" not in name and yaml_text.count(line) == 1 and po_text.count(entry) == 1:
            skill.write_text(yaml_text.replace(line, f"    en: {name} edited\n"), encoding="utf-8")
            catalog.write_text(po_text.replace(entry, f'msgstr "{name} edited"\n'), encoding="utf-8")
            return
    raise SystemExit("no Skill card left to rename")


def check_lint_clean(workspace: Path) -> None:
    """Stop the benchmark unless ``cardforge lint --strict`` finds the workspace clean."""
    done = subprocess.run([*cardforge_command(), "lint", "-w", str(workspace), "--strict"],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the edited workspace is not lint-clean:\n{done.stdout}{done.stderr}")


def time_scope(workspace: Path, scope: Scope, runs: int, first_edit: int) -> ScopeTimes:
    """Cold, nothing-changed and one-card-edit builds of ``scope`` in ``workspace``; the
    edits are turns ``first_edit`` on of :func:`edit_one_card`."""
    shutil.rmtree(workspace / ".cardforge-cache", ignore_errors=True)
    shutil.rmtree(workspace / "out", ignore_errors=True)
    command = [*cardforge_command(), "build", *scope.args, "-w", str(workspace), "--quiet"]
    what = f"cardforge build ({scope.label})"

    def build() -> Run:
        return run_process(command, workspace, what=what)

    cold = build()
    wait_for_resident()
    pages = pdf_pages(workspace / "out" / GAME_ID / f"{GAME_ID}-cards-en-a4.pdf")
    served_before = served_builds()
    unchanged = Series([build() for _ in range(runs)])
    edited = []
    for turn in range(first_edit, first_edit + runs):
        edit_one_card(workspace / "cards" / GAME_ID, turn)
        check_lint_clean(workspace)
        edited.append(build())
    served = served_builds() - served_before
    alone = []
    for turn in range(first_edit + runs, first_edit + 2 * runs):
        edit_one_card(workspace / "cards" / GAME_ID, turn)
        check_lint_clean(workspace)
        os.environ[RESIDENT_ENV] = "0"
        try:
            alone.append(build())
        finally:
            os.environ[RESIDENT_ENV] = "1"
    return ScopeTimes(scope, cold, unchanged, Series(edited), pages, Series(alone), served)


def wait_for_resident(timeout_s: float = 90.0) -> bool:
    """Wait (untimed) until the resident process of this environment listens; False when
    none does within ``timeout_s`` (it is off here, or failed to start)."""
    path = socket_path(os.environ)
    deadline = time.monotonic() + timeout_s
    while path is not None and not path.is_socket() and time.monotonic() < deadline:
        time.sleep(0.2)
    return path is not None and path.is_socket()


def served_log() -> list[str]:
    """The lines of the resident process's log (one per command served; see
    cardforge.resident.resident_child.note): empty when there is none."""
    path = socket_path(os.environ)
    log = path.with_suffix(".log") if path is not None else None
    if log is None or not log.is_file():
        return []
    return log.read_text(encoding="utf-8").splitlines()


def served_builds() -> int:
    """``build`` commands the resident process of this environment has served so far."""
    return sum("['build'] exit " in line for line in served_log())


def served_cpu(lines: list[str]) -> float:
    """CPU seconds the served commands of ``lines`` (log lines) report, in all."""
    return sum(float(line.rsplit("cpu ", 1)[1].split()[0]) for line in lines if " cpu " in line)


def stop_resident(runtime: Path) -> None:
    """Stop every resident process listening in ``runtime`` (SIGTERM: it removes its socket)."""
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                command = Path(entry.path, "cmdline").read_bytes()
            except OSError:
                continue
            if b"cardforge.resident.resident_server" in command and str(runtime).encode() in command:
                try:
                    os.kill(int(entry.name), signal.SIGTERM)
                except OSError:
                    pass


def chromium_path() -> str | None:
    """Where headless Chromium is installed, if it is."""
    return next((p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and Path(p).exists()),
                None)


def baseline_page(workspace: Path, folder: Path) -> tuple[Path, int]:
    """The English A4 sheets of the workspace's game as one HTML file in ``folder`` (faces
    as cardforge renders them, each layered face's underlay and face in one box), and the
    page count expected."""
    game = load_game(workspace / "cards" / GAME_ID, GAME).game
    assert game is not None
    game = with_catalog_texts(game, "en")
    sources = face_sources(game, "en", workspace)
    html = baseline_html(game, sources.fragments, sources.css, sources.front_page, sources.back_page)
    page = folder / "sheets.html"
    page.write_text(html, encoding="utf-8")
    return page, html.count('<div class="sheet">')


def print_with_chromium(chromium: str, page: Path, expected: int) -> Run:
    """Headless Chromium printing ``page`` to PDF (a fresh profile); stops the benchmark
    unless the PDF has ``expected`` pages."""
    folder = page.parent
    printed, profile = folder / "chromium.pdf", folder / "chromium-profile"
    shutil.rmtree(profile, ignore_errors=True)
    printed.unlink(missing_ok=True)
    run = run_process([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                       "--no-first-run", "--disable-background-networking",
                       "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}",
                       "--no-pdf-header-footer", f"--print-to-pdf={printed}", page.as_uri()],
                      folder, what="headless Chromium", sample_session=True)
    if pdf_pages(printed) != expected:
        raise SystemExit(f"headless Chromium wrote {pdf_pages(printed)} pages, not {expected}")
    return run


def time_baselines(page: Path, expected: int) -> list[Baseline]:
    """``page`` printed once by plain WeasyPrint and once by headless Chromium."""
    folder = page.parent
    weasyprint = Path(sys.executable).with_name("weasyprint")
    plain = folder / "weasyprint.pdf"
    command = [str(weasyprint)] if weasyprint.exists() else [sys.executable, "-m", "weasyprint"]
    found = [Baseline("plain WeasyPrint", run_process([*command, str(page), str(plain)], folder,
                                                      what="plain WeasyPrint"), pdf_pages(plain))]
    chromium = chromium_path()
    if chromium is None:
        found.append(Baseline("headless Chromium", None, note="not installed"))
    else:
        found.append(Baseline("headless Chromium", print_with_chromium(chromium, page, expected), expected))
    for baseline in found:
        if baseline.run is not None and baseline.pages != expected:
            raise SystemExit(f"{baseline.name} wrote {baseline.pages} pages, not {expected}")
    return found


def time_pairs(workspace: Path, scope: Scope, page: Path, expected: int, runs: int) -> list[Pair]:
    """``runs`` cold builds of ``scope``, each followed at once by Chromium printing ``page``
    (none without Chromium)."""
    chromium = chromium_path()
    if chromium is None:
        return []
    command = [*cardforge_command(), "build", *scope.args, "-w", str(workspace), "--quiet"]
    pairs = []
    for _ in range(runs):
        shutil.rmtree(workspace / ".cardforge-cache", ignore_errors=True)
        shutil.rmtree(workspace / "out", ignore_errors=True)
        cold = run_process(command, workspace, what=f"cardforge build ({scope.label})")
        pairs.append(Pair(cold, print_with_chromium(chromium, page, expected)))
    return pairs


def _seconds(value: float) -> str:
    return f"{value:.2f} s"


def _met(ok: bool) -> str:
    return "✓" if ok else "✗"


def table_rows(results: Results) -> list[Row]:
    """The summary table: each measurement against its target (and baseline)."""
    rows = []
    cards, lint_cards = f"{results.cards:,}", f"{results.lint_cards:,}"
    if results.lint is not None:
        lint = results.lint
        rows.append(Row(f"`lint`, {lint_cards} cards with catalogs", f"{_seconds(lint.best)} "
                        f"(best of {lint.shown})", "", "", "< 2 s", _met(lint.best < 2)))
        rows.append(Row(f"`lint`, {lint_cards} cards, first run (YAML parsed, then kept)",
                        _seconds(lint.times[0]), "", "", "< 2 s", _met(lint.times[0] < 2)))
    for scope in results.builds:
        label = f"{cards} cards, {scope.scope.label}"
        rows.append(Row(f"`build`, nothing changed, {label}", f"{_seconds(scope.unchanged.best)} "
                        f"(best of {scope.unchanged.shown})", "", "", "< 0.5 s",
                        _met(scope.unchanged.best < 0.5)))
        rows.append(Row(f"`build` after a one-card edit, {label}", f"{_seconds(scope.edited.best)}, "
                        f"median {scope.edited.median:.2f} ({scope.edited.shown})", "", "", "< 1 s",
                        _met(scope.edited.best < 1)))
        if scope.alone is not None and scope.alone.runs:
            rows.append(Row(f"`build` after a one-card edit, {label}, no resident process "
                            f"(`{RESIDENT_ENV}=0`)", f"{_seconds(scope.alone.best)}, median "
                            f"{scope.alone.median:.2f} ({scope.alone.shown})", "", "", "—", "—"))
        rows.append(Row(f"of the {2 * len(scope.edited.runs)} timed nothing-changed and edit builds "
                        f"above, {label}, served by the resident process", str(scope.served),
                        "", "", "", ""))
    targets: dict[str, tuple[str, Callable[[float], bool]]] = {
        "plain WeasyPrint": ("≥ 4× faster", lambda ratio: ratio >= 4),
        "headless Chromium": ("faster than Chromium", lambda ratio: ratio > 1)}
    for scope in results.builds:
        for baseline in results.baselines:
            target, meets = targets[baseline.name]
            measurement = f"`build` cold, {cards} cards, {scope.scope.label}, against {baseline.name}"
            if baseline.run is None:
                rows.append(Row(measurement, _seconds(scope.cold.seconds), baseline.note, "", target, "—"))
                continue
            ratio = baseline.run.seconds / scope.cold.seconds
            shown = f"{ratio:.1f}× faster" if ratio >= 1 else f"{1 / ratio:.1f}× slower"
            rows.append(Row(measurement, f"{_seconds(scope.cold.seconds)} ({scope.pages} pages)",
                            f"{_seconds(baseline.run.seconds)} ({baseline.pages} pages)", shown, target,
                            _met(meets(ratio))))
    if results.pairs:
        ratio = statistics.median(pair.ratio for pair in results.pairs)
        shown = f"{ratio:.2f}× faster" if ratio >= 1 else f"{1 / ratio:.2f}× slower"
        runs = "; ".join(f"{p.cardforge.seconds:.2f} / {p.chromium.seconds:.2f}" for p in results.pairs)
        rows.append(Row(f"`build` cold, {cards} cards, {SCOPES[1].label}, against headless Chromium, "
                        f"{len(results.pairs)} pairs run back to back (cardforge / Chromium: {runs})",
                        _seconds(statistics.median(p.cardforge.seconds for p in results.pairs)),
                        _seconds(statistics.median(p.chromium.seconds for p in results.pairs)),
                        f"median {shown}", "faster than Chromium", _met(ratio > 1)))
    return rows


def cpu_rows(results: Results) -> list[tuple[str, str, str]]:
    """The cold runs' wall-clock and CPU seconds: (run, wall, CPU)."""
    rows = [(f"cardforge build cold, {scope.scope.label}", _seconds(scope.cold.seconds),
             _seconds(scope.cold.cpu_seconds)) for scope in results.builds]
    rows += [(baseline.name, _seconds(baseline.run.seconds), _seconds(baseline.run.cpu_seconds))
             for baseline in results.baselines if baseline.run is not None]
    return rows


def format_table(header: list[str], rows: list[list[str]], markdown: bool) -> str:
    """``rows`` under ``header``: a Markdown table, or aligned plain-text columns."""
    if markdown:
        lines = [header, ["---"] * len(header), *rows]
        return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
                     for cells in [header, *rows])


def report(results: Results, markdown: bool) -> str:
    """Both tables, as the script prints them."""
    main = format_table(["measurement (whole process)", "cardforge", "baseline", "ratio", "target", "met"],
                        [[r.measurement, r.cardforge, r.baseline, r.ratio, r.target, r.met]
                         for r in table_rows(results)], markdown)
    cpu = cpu_rows(results)
    if not cpu:
        return main
    return main + "\n\n" + format_table(["cold run", "wall", "CPU (user + system)"],
                                        [list(r) for r in cpu], markdown)


def as_json(results: Results) -> dict:
    """``results`` as plain data, with each series' best and median."""
    data = asdict(results)
    if results.lint is not None:
        data["lint"]["best"] = results.lint.best
    for scope, out in zip(results.builds, data["builds"], strict=True):
        for name in ("unchanged", "edited", "alone"):
            series: Series | None = getattr(scope, name)
            if series is not None and series.runs:
                out[name].update(best=series.best, median=series.median)
    data["table"] = [asdict(row) for row in table_rows(results)]
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="cards of the build workspace")
    parser.add_argument("--lint-cards", type=int, default=10000, help="cards of the lint workspace")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each warm measurement")
    parser.add_argument("--skip-baselines", action="store_true", help="no WeasyPrint or Chromium run")
    parser.add_argument("--pairs", type=int, default=3,
                        help="cold builds of the cards, en, A4 scope each followed by Chromium")
    parser.add_argument("--only", choices=["lint", "build"], help="only this part")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    byte_compile_cardforge()  # as installed: no module compiled again by each command
    results = Results(datetime.date.today().isoformat(), args.cards, args.lint_cards, args.runs)
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="bench-whole-") as tmp:
        root = Path(tmp)
        runtime = Path(tempfile.mkdtemp(prefix="cf-bench-", dir="/tmp"))  # short: a socket's path
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)  # this run's own resident process
        os.environ[RESIDENT_ENV] = "1"  # opt-in since issue 33
        try:
            _measure(root, args, results)
        finally:
            stop_resident(runtime)
            shutil.rmtree(runtime, ignore_errors=True)
    results.sources_changed = sources_changed_since(started)
    print(report(results, args.markdown))
    if results.sources_changed:
        print(f"warning: cardforge's sources changed during the run ({', '.join(results.sources_changed)}); "
              "a build after the change may have rebuilt everything", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(as_json(results), indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")


def _measure(root: Path, args: argparse.Namespace, results: Results) -> None:
    """Every part the arguments ask for, in ``root``, into ``results``."""
    if args.only in (None, "lint"):
        print(f"lint: generating {args.lint_cards:,} cards...", file=sys.stderr)
        shipped_shape_workspace(root / "lint", args.lint_cards)
        # generating ran `cardforge i18n update`, which kept the parsed card files: drop
        # them, so that the first timed run parses the YAML as a first lint does
        shutil.rmtree(root / "lint" / ".cardforge-cache" / "parsed", ignore_errors=True)
        results.lint = time_lint(root / "lint", args.runs, settle=wait_for_resident)
        if results.lint.code:
            raise SystemExit(f"cardforge lint exited {results.lint.code}:\n{results.lint.stderr}")
        shutil.rmtree(root / "lint")
    if args.only in (None, "build"):
        workspace = root / "build"
        print(f"build: generating {args.cards:,} cards...", file=sys.stderr)
        shipped_shape_workspace(workspace, args.cards)
        for number, scope in enumerate(SCOPES):
            print(f"build: {scope.label}...", file=sys.stderr)
            results.builds.append(time_scope(workspace, scope, args.runs, number * 2 * args.runs))
        if not args.skip_baselines:
            print("baselines: plain WeasyPrint, headless Chromium...", file=sys.stderr)
            (root / "baseline").mkdir()
            page, results.expected_pages = baseline_page(workspace, root / "baseline")
            results.baselines = time_baselines(page, results.expected_pages)
            print(f"pairs: {args.pairs} cold builds, each followed by Chromium...", file=sys.stderr)
            results.pairs = time_pairs(workspace, SCOPES[1], page, results.expected_pages, args.pairs)


if __name__ == "__main__":
    main()
