"""Benchmark: what each speed mechanism of cardforge pays, measured alone, as a user runs it.

For a named mechanism (:data:`MECHANISMS`), the ``cardforge`` command runs as a whole fresh
process (as bench_whole_process.py runs it, on the same generated workspaces of
shipped_shape.py) with the mechanism ON, as the code ships, and OFF, in pairs: each round
times one ON and one OFF run back to back, the order swapped every round (on, off, off,
on, on, off…) so that a machine getting slower or faster over minutes favours neither.
The figure is the user-visible time the mechanism claims to shorten:

- ``cold``: ``cardforge build comic-creator --product cards --lang en --paper a4`` of the
  ``--cards`` (1,000) card workspace with no ``.cardforge-cache`` and no ``out/``;
- ``edit``: the same build after a one-card edit (bench_whole_process.edit_one_card, a
  different card each run; the face cache filled by an untimed build first);
- ``unchanged``: the same build when nothing changed (after an untimed build);
- ``lint-first``: ``cardforge lint --format json`` of the ``--lint-cards`` (10,000) card
  workspace with its parse cache (``.cardforge-cache/parsed``) emptied before each run;
- ``lint``: the same lint with the parse cache filled (by an untimed run first);
- ``fit``: the ``cold`` build of a copy of the build workspace whose front template (a
  workspace override of the shipped one, :func:`fitted_front`) asks every card name to fit
  (``data-fit``): set at 16 pt in a box 12 mm high, shrunk in 0.5 pt steps down to 6 pt, so
  most names are laid out again several times (cardforge.render.layout.text_fit).

A mechanism is switched OFF without changing cardforge: the child gets a folder first on
``PYTHONPATH`` holding a ``sitecustomize.py`` (written by this script) which adds an import
hook; right after a listed module is imported it replaces the listed attribute by a
stand-in made from the original (:data:`MECHANISMS`: dotted module path, attribute, and a
Python expression, evaluated in the module's namespace, mapping the original to the
stand-in). Worker processes get the same environment, so a spawned worker is patched too
(a forked one inherits the patched modules). Every run, ON ones included, has the folder on
its path; only OFF runs name patches (``CARDFORGE_BENCH_OFF``). Each stand-in notes in a log
file when it is first called in a process: an OFF run in which none of the mechanism's
stand-ins was called is reported (the switch did not reach the code, and the figure says
nothing). Runs use ``CARDFORGE_RESIDENT=0``.

Reported per mechanism and figure: each round's ON and OFF seconds, the load average (1
minute) before each run, the ratio OFF/ON per round, the medians and their spread
(min–max), and the median OFF/ON ratio of CPU seconds (user + system of the command and
the workers it waited for, bench_whole_process.run_process): on a machine others load, a
run's wall-clock time moves with their work, its CPU time much less, so the CPU ratio
tells whether a wall-clock difference is the mechanism's (a mechanism that uses the second
core, such as parse_ahead, saves wall-clock time and no CPU). A mechanism *pays* on a
figure when OFF is slower by at least ``--threshold`` (5 %) in the median wall-clock ratio
and slower (ratio > 1) in every round; "unclear" when the median reaches the threshold but
some round does not show it; "no" otherwise.

``--instructions`` counts the instructions each run executes, all its processes summed
(benchmarks/instruction_counts.py, Valgrind), instead of timing it: a count does not move
with the machine's load, so one round decides, where a wall-clock ratio on the 2-core
benchmark machine moves by ±20 % between neighbouring runs. It counts work, not waiting: a
mechanism that saves time by using the second core (parse_ahead) saves no instructions and
is timed instead. A run takes about 40 times as long as the command (a 100-card cold build,
``--cards 100``: some five minutes).

Usage: ``python benchmarks/bench_mechanisms.py MECHANISM… [--figure F…] [--rounds 3]
[--cards 1000] [--lint-cards 10000] [--keep DIR] [--json PATH] [--markdown] [--instructions]``;
``--list`` prints the mechanisms, their figures and how each is switched off. ``--keep``
keeps the generated workspaces in DIR and reuses them on the next run (generating the
10,000-card one takes about a minute). A cold build takes 20–50 s on the 2-core
benchmark machine: three rounds of one mechanism on ``cold`` take some four minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_whole_process import GAME_ID, SCOPES, Run, edit_one_card, run_process  # noqa: E402
from instruction_counts import counted_run  # noqa: E402
from shipped_shape import REPO, byte_compile_cardforge, cardforge_command, shipped_shape_workspace  # noqa: E402

NO_OP = "lambda original: (lambda *args, **kwargs: None)"
"""A stand-in that does nothing and returns None."""


@dataclass(frozen=True)
class Switch:
    """One attribute replaced to switch a mechanism off: in module ``module`` (dotted path),
    the attribute ``attribute`` (dotted inside the module: ``Class.method``) becomes
    ``eval(stand_in, module.__dict__)(original)``."""

    module: str
    attribute: str
    stand_in: str = NO_OP


@dataclass(frozen=True)
class Mechanism:
    """A speed mechanism: its ``figures`` (what it claims to shorten, first the main one),
    the ``switches`` that turn it off, and a ``note`` on what OFF means."""

    figures: tuple[str, ...]
    switches: tuple[Switch, ...]
    note: str


CHANGES = "cardforge.render.layout.weasyprint_changes"
"""The package of cardforge's changes to WeasyPrint's internals (one switch installs them)."""

# The one table: mechanism → figures → how to switch it off. Update the dotted paths when
# modules move. Mechanisms removed by issue 36 for paying less than 5 % (sized_arrays,
# page_margins, exit_fast) are measured in
# docs/benchmarks.md's issue-36 section, by this script as it was at commit affd183.
# html_patterns was removed at 413e9d9 on three rounds and put back on twelve (docs/benchmarks.md,
# 2026-12-07).
MECHANISMS: dict[str, Mechanism] = {
    "html_patterns": Mechanism(("cold",), (Switch(f"{CHANGES}.html_patterns", "install"),),
                               "the switch installs every WeasyPrint change but this one"),
    "style_sharing": Mechanism(("cold",), (Switch(f"{CHANGES}.style_sharing", "install"),),
                               "the switch installs every WeasyPrint change but this one"),
    "svg_forms": Mechanism(("cold",), (Switch(f"{CHANGES}.svg_forms", "install"),),
                           "the switch installs every WeasyPrint change but this one"),
    "parse_ahead": Mechanism(
        ("lint-first", "cold"),
        (Switch("cardforge.workspace.parse_ahead", "early",
                "lambda original: (lambda *args, **kwargs: Ahead())"),
         Switch("cardforge.workspace.parse_ahead", "parse_ahead",
                "lambda original: (lambda *args, **kwargs: Ahead())")),
        "no child parses card files ahead (so no Claims between loader and child): the load "
        "parses every file itself, as without fork"),
    "font_configs": Mechanism(("cold", "fit", "edit"),
                              (Switch("cardforge.render.layout.font_configs", "font_config_for"),),
                              "every document gets WeasyPrint's own fresh FontConfiguration"),
    "early_layout": Mechanism(
        ("edit", "cold"),
        (Switch("cardforge.render.card_render", "EarlyLayout"),),
        "no EarlyLayout: faces go to the warm pool after every template is rendered and keyed, "
        "as when there is no warm pool (measure it on an idle machine: under load it seemed to cost)"),
    "fragment_memo": Mechanism(
        ("edit", "unchanged"),
        (Switch("cardforge.render.cache.fragment_memo", "open_memo"),),
        "open_memo gives no memo (as with no memo path): every face template is rendered"),
    "underlays": Mechanism(
        ("cold",),
        (Switch("cardforge.render.layout.underlays", "split",
                "lambda original: (lambda fragment: (None, fragment))"),),
        "each face is laid out whole, underlay and face in one box (as baselines print it)"),
    "library_loading": Mechanism(("edit", "cold"), (Switch("cardforge.proc.library_loading", "install"),),
                                 "WeasyPrint's ffi module searches its libraries as it ships"),
    "cel_grammar": Mechanism(("lint", "edit"),
                             (Switch("cardforge.cel.cel_grammar", "install",
                                     "lambda original: (lambda *args, **kwargs: False)"),),
                             "cel-python builds its Lark parser from cel.lark"),
    "fast_schema": Mechanism(
        ("lint", "lint-first"),
        (Switch("cardforge.validation.fast_schema", "FastChecks.validator"),),
        "no jsonschema-rs validator: jsonschema validates every document whole"),
    "parse_cache": Mechanism(
        ("lint", "edit"),
        (Switch("cardforge.loading.parse_cache", "signing_key"),),
        "no signing key, so nothing is kept or read back (as where the key cannot be made); "
        "parse_ahead then starts no child either"),
}

FIGURES = {
    "cold": "cold build, {cards} cards, cards/en/A4",
    "edit": "build after a one-card edit, {cards} cards, cards/en/A4",
    "unchanged": "build, nothing changed, {cards} cards, cards/en/A4",
    "lint-first": "first lint, {lint_cards} cards (parse cache emptied)",
    "lint": "lint, {lint_cards} cards (parse cache filled)",
    "fit": "cold build, {cards} cards, cards/en/A4, every card name fitted",
}

SHIPPED_NAME = ('<div class="cc-name" lang="{{ name_lang }}" '
                'style="font-size: {{ name_pt }}pt">{{ name }}</div>')
"""The card name element of the shipped Comic Creator front template, which the ``fit``
figure replaces by :data:`FITTED_NAME`."""
FITTED_NAME = ('<div class="cc-name" lang="{{ name_lang }}" data-fit="6 0.5" '
               'style="font-size: 16pt; height: 12mm; overflow: hidden">{{ name }}</div>')
"""The ``fit`` figure's card name: 16 pt in a box 12 mm high, fitted down to 6 pt."""


def fitted_front(workspace: Path) -> None:
    """Write ``workspace/templates/comic-creator/front.html.j2``: the shipped front template
    with :data:`SHIPPED_NAME` replaced by :data:`FITTED_NAME`. Raises ValueError when the shipped
    template no longer has the name element this replaces."""
    shipped = (REPO / "templates" / GAME_ID / "front.html.j2").read_text(encoding="utf-8")
    if SHIPPED_NAME not in shipped:
        raise ValueError("the shipped front template's card name changed: "
                         "update SHIPPED_NAME and FITTED_NAME")
    override = workspace / "templates" / GAME_ID / "front.html.j2"
    override.parent.mkdir(parents=True, exist_ok=True)
    override.write_text(shipped.replace(SHIPPED_NAME, FITTED_NAME), encoding="utf-8")

OFF_ENV = "CARDFORGE_BENCH_OFF"
LOG_ENV = "CARDFORGE_BENCH_LOG"

SITECUSTOMIZE = '''"""Written by benchmarks/bench_mechanisms.py: switches speed mechanisms off."""
import json as _json
import os as _os
import sys as _sys

_patches = _json.loads(_os.environ.get("%(off)s") or "{}")


def _note(line):
    path = _os.environ.get("%(log)s")
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(line + "\\n")


def _logged(stand_in, label):
    called = []

    def logged(*args, **kwargs):
        if not called:
            called.append(True)
            _note("called " + label)
        return stand_in(*args, **kwargs)
    return logged


def _apply(module, switches):
    for attribute, source in switches:
        owner = module
        *path, last = attribute.split(".")
        for part in path:
            owner = getattr(owner, part)
        stand_in = eval(source, module.__dict__)(getattr(owner, last))
        setattr(owner, last, _logged(stand_in, module.__name__ + "." + attribute))
        _note("applied " + module.__name__ + "." + attribute)


class _SwitchOff:
    def find_spec(self, name, path, target=None):
        if name not in _patches:
            return None
        for finder in _sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                break
        else:
            return None
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            _apply(module, _patches[name])
        spec.loader.exec_module = exec_module
        return spec


if _patches:
    _sys.meta_path.insert(0, _SwitchOff())
'''


@dataclass
class Round:
    """One pair: ``on`` and ``off`` wall-clock seconds, the 1-minute load average before
    each, which ran ``first``, the stand-ins the OFF run ``called``, and the CPU seconds
    (user + system, the process and the children it waited for) of each run."""

    on: float
    off: float
    load_on: float
    load_off: float
    first: str
    called: list[str]
    cpu_on: float = 0.0
    cpu_off: float = 0.0

    @property
    def ratio(self) -> float:
        """OFF seconds over ON seconds (above 1: the mechanism saves time)."""
        return self.off / self.on

    @property
    def cpu_ratio(self) -> float:
        """OFF CPU seconds over ON CPU seconds (less sensitive to a busy machine than wall)."""
        return self.cpu_off / self.cpu_on if self.cpu_on else 0.0


@dataclass
class Measured:
    """The rounds of one mechanism on one figure."""

    mechanism: str
    figure: str
    label: str
    rounds: list[Round] = field(default_factory=list)

    def verdict(self, threshold: float) -> str:
        """"yes", "unclear" or "no" (see the module documentation)."""
        ratios = [r.ratio for r in self.rounds]
        if not ratios or statistics.median(ratios) < 1 + threshold:
            return "no"
        return "yes" if min(ratios) > 1 else "unclear"


class Bench:
    """The workspaces, the switch folder and the runs."""

    def __init__(self, root: Path, cards: int, lint_cards: int, count_instructions: bool = False) -> None:
        self.root = root
        self.run = counted_run if count_instructions else run_process
        self.unit = "G instr" if count_instructions else "s"
        self.cards, self.lint_cards = cards, lint_cards
        self.switch_dir = root / "switch"
        self.switch_dir.mkdir(parents=True, exist_ok=True)
        (self.switch_dir / "sitecustomize.py").write_text(SITECUSTOMIZE % {"off": OFF_ENV, "log": LOG_ENV},
                                                          encoding="utf-8")
        self.log = root / "switch.log"
        self.turn = 0

    def workspace(self, name: str, cards: int) -> Path:
        """The generated workspace ``name`` of ``cards`` cards (made on first use, kept)."""
        folder = self.root / f"{name}-{cards}"
        if not (folder / "cards" / GAME_ID / "game.yaml").is_file():
            shutil.rmtree(folder, ignore_errors=True)
            print(f"generating {cards:,} cards in {folder}...", file=sys.stderr)
            shipped_shape_workspace(folder, cards)
        return folder

    def environment(self, off: Mechanism | None) -> None:
        """Set this process's environment (the children inherit it) for an ON or OFF run."""
        os.environ["CARDFORGE_RESIDENT"] = "0"
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [str(self.switch_dir), *filter(None, [os.environ.get("PYTHONPATH_BEFORE_BENCH", "")])])
        patches: dict[str, list[list[str]]] = {}
        for switch in off.switches if off else ():
            patches.setdefault(switch.module, []).append([switch.attribute, switch.stand_in])
        os.environ[OFF_ENV] = json.dumps(patches)
        os.environ[LOG_ENV] = str(self.log)
        self.log.unlink(missing_ok=True)

    def called(self) -> list[str]:
        """The stand-ins called since :meth:`environment` (distinct)."""
        if not self.log.is_file():
            return []
        return sorted({line.split(" ", 1)[1] for line in self.log.read_text().splitlines()
                       if line.startswith("called ")})

    def build_command(self, workspace: Path) -> list[str]:
        return [*cardforge_command(), "build", *SCOPES[1].args, "-w", str(workspace), "--quiet"]

    def lint_command(self, workspace: Path) -> list[str]:
        return [*cardforge_command(), "lint", "-w", str(workspace), "--format", "json"]

    def prepare(self, figure: str) -> Callable[[], Run]:
        """Set up ``figure``'s workspace (untimed) and return the timed run of it."""
        if figure in ("cold", "edit", "unchanged", "fit"):
            workspace = self.workspace("build", self.cards)
            if figure == "fit":
                fitted = self.root / f"fit-{self.cards}"
                if not (fitted / "templates").is_dir():
                    shutil.rmtree(fitted, ignore_errors=True)
                    shutil.copytree(workspace / "cards", fitted / "cards")
                    fitted_front(fitted)
                workspace = fitted
            command = self.build_command(workspace)
            if figure != "cold":
                self.environment(None)
                run_process(command, workspace, what="untimed build")

            def build() -> float:
                if figure in ("cold", "fit"):
                    shutil.rmtree(workspace / ".cardforge-cache", ignore_errors=True)
                    shutil.rmtree(workspace / "out", ignore_errors=True)
                elif figure == "edit":
                    edit_one_card(workspace / "cards" / GAME_ID, self.turn)
                    self.turn += 1
                return self.run(command, workspace, what=f"cardforge build ({figure})")
            return build
        workspace = self.workspace("lint", self.lint_cards)
        command = self.lint_command(workspace)
        if figure == "lint":
            self.environment(None)
            run_process(command, workspace, what="untimed lint")

        def lint() -> float:
            if figure == "lint-first":
                shutil.rmtree(workspace / ".cardforge-cache" / "parsed", ignore_errors=True)
            return self.run(command, workspace, what=f"cardforge lint ({figure})")
        return lint

    def measure(self, name: str, figure: str, rounds: int) -> Measured:
        """``rounds`` pairs of ON and OFF runs of mechanism ``name`` on ``figure``."""
        mechanism = MECHANISMS[name]
        measured = Measured(name, figure, FIGURES[figure].format(cards=f"{self.cards:,}",
                                                                 lint_cards=f"{self.lint_cards:,}"))
        timed = self.prepare(figure)
        for number in range(rounds):
            order = ("on", "off") if number % 2 == 0 else ("off", "on")
            runs: dict[str, Run] = {}
            load: dict[str, float] = {}
            called: list[str] = []
            for side in order:
                self.environment(mechanism if side == "off" else None)
                load[side] = os.getloadavg()[0]
                runs[side] = timed()
                if side == "off":
                    called = self.called()
            measured.rounds.append(Round(runs["on"].seconds, runs["off"].seconds, load["on"], load["off"],
                                         order[0], called, runs["on"].cpu_seconds, runs["off"].cpu_seconds))
            last = measured.rounds[-1]
            print(f"{name} {figure} round {number + 1}: "
                  f"on {last.on:.2f} {self.unit} (load {last.load_on:.1f}), "
                  f"off {last.off:.2f} {self.unit} (load {last.load_off:.1f}), off/on {last.ratio:.3f}, "
                  f"CPU off/on {last.cpu_ratio:.3f}"
                  + ("" if called else "  WARNING: no stand-in was called in the OFF run"),
                  file=sys.stderr)
        return measured


def summary_row(measured: Measured, threshold: float, unit: str = "s") -> list[str]:
    """One table row: mechanism, figure, ON median (range), OFF median (range), in ``unit``
    (seconds, or billions of instructions), median ratio (per round), median CPU ratio,
    rounds, load averages, pays."""
    on = [r.on for r in measured.rounds]
    off = [r.off for r in measured.rounds]
    ratios = [r.ratio for r in measured.rounds]
    loads = [x for r in measured.rounds for x in (r.load_on, r.load_off)]
    reached = all(r.called for r in measured.rounds)
    return [measured.mechanism, measured.label,
            f"{statistics.median(on):.2f} {unit} ({min(on):.2f}–{max(on):.2f})",
            f"{statistics.median(off):.2f} {unit} ({min(off):.2f}–{max(off):.2f})",
            f"{statistics.median(ratios):.3f} ({', '.join(f'{x:.3f}' for x in ratios)})",
            f"{statistics.median(r.cpu_ratio for r in measured.rounds):.3f}",
            str(len(ratios)), f"{min(loads):.1f}–{max(loads):.1f}",
            measured.verdict(threshold) + ("" if reached else " (switch not reached!)")]


HEADER = ["mechanism", "figure", "on: median (range)", "off: median (range)",
          "off/on: median (per round)", "CPU off/on: median", "rounds", "load avg", "pays"]


def table(rows: list[list[str]], markdown: bool) -> str:
    """``rows`` under :data:`HEADER`, as Markdown or aligned text."""
    if markdown:
        return "\n".join("| " + " | ".join(cells) + " |" for cells in [HEADER, ["---"] * len(HEADER), *rows])
    widths = [max(len(r[i]) for r in [HEADER, *rows]) for i in range(len(HEADER))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
                     for cells in [HEADER, *rows])


def listing() -> str:
    """Every mechanism, its figures and its switches, for ``--list``."""
    lines = []
    for name, mechanism in MECHANISMS.items():
        lines.append(f"{name}: figures {', '.join(mechanism.figures)}; off: {mechanism.note}")
        lines += [f"    {s.module}.{s.attribute} <- {s.stand_in}" for s in mechanism.switches]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog=f"mechanisms: {', '.join(MECHANISMS)}; figures: {', '.join(FIGURES)}")
    parser.add_argument("mechanisms", nargs="*", metavar="MECHANISM",
                        help="mechanisms to measure, each alone")
    parser.add_argument("--figure", action="append", choices=list(FIGURES),
                        help="figure(s) to measure (default: each mechanism's first, main figure)")
    parser.add_argument("--all-figures", action="store_true", help="every figure each mechanism claims")
    parser.add_argument("--rounds", type=int, default=3, help="ON/OFF pairs per mechanism and figure")
    parser.add_argument("--cards", type=int, default=1000, help="cards of the build workspace")
    parser.add_argument("--lint-cards", type=int, default=10000, help="cards of the lint workspace")
    parser.add_argument("--threshold", type=float, default=0.05, help="saving that pays (0.05: 5 %%)")
    parser.add_argument("--keep", type=Path, help="keep (and reuse) the generated workspaces in this folder")
    parser.add_argument("--json", type=Path, help="append each measurement to this file (JSON lines)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions (Valgrind, all processes) instead of timing: the same "
                             "on a busy machine, so one round is enough; the seconds columns then hold "
                             "billions of instructions (instruction_counts.py)")
    parser.add_argument("--list", action="store_true", help="print the mechanisms and their switches")
    args = parser.parse_args()
    byte_compile_cardforge()  # as installed: no module compiled again by each command
    if args.list or not args.mechanisms:
        print(listing())
        return
    unknown = [m for m in args.mechanisms if m not in MECHANISMS]
    if unknown:
        parser.error(f"unknown mechanism(s): {', '.join(unknown)}")
    os.environ["PYTHONPATH_BEFORE_BENCH"] = os.environ.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory(prefix="bench-mechanisms-") as tmp:
        bench = Bench(args.keep.resolve() if args.keep else Path(tmp), args.cards, args.lint_cards,
                      args.instructions)
        rows = []
        for name in args.mechanisms:
            claimed = MECHANISMS[name].figures
            figures = args.figure or (claimed if args.all_figures else claimed[:1])
            for figure in figures:
                measured = bench.measure(name, figure, args.rounds)
                rows.append(summary_row(measured, args.threshold, bench.unit))
                if args.json:
                    with args.json.open("a", encoding="utf-8") as out:
                        out.write(json.dumps({"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                                              **asdict(measured),
                                              "verdict": measured.verdict(args.threshold)}) + "\n")
    print(table(rows, args.markdown))


if __name__ == "__main__":
    main()
