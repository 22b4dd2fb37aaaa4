"""The ``cardforge`` command line: parses options and calls ``cardforge.commands``.

Nothing else, but for one line per command that starts helper processes before the
command's own modules are imported, so they warm up meanwhile: ``build``'s face layout
workers (:func:`cardforge.render.workers.layout_workers.warmed_pool`) and ``lint``'s child
parsing the big card files (:func:`cardforge.workspace.parse_ahead.early`)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import click

from cardforge import __version__
from cardforge.boundary import trust
from cardforge.dice.custom_dice import DIE_EDGES_MM
from cardforge.errors import CardforgeError
from cardforge.lint.report_formats import FORMATS
from cardforge.model.paper_units import PAPER, paper_labels
from cardforge.products.product_help import product_option_help, with_outputs_listing

WORKSPACE = click.option(
    "--workspace", "-w", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
    show_default=True, help="Folder holding cards/, templates/ and the configuration.")


class _Guarded(click.Group):
    """The command group, with a last line of defence: an exception no stage turned into a
    located error ends the run with a one-line message and exit 2, never a traceback
    (``CARDFORGE_DEBUG=1`` shows the traceback, for bug reports)."""

    LAZY = {"preview": "cardforge.commands.preview_command"}
    """Commands whose module (and options) are imported only when they run or help is asked:
    ``preview`` brings its server and watcher, which every other command would pay for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, the lazy ones included, in order."""
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, importing a lazy one's module."""
        if cmd_name in self.LAZY:
            import importlib

            return getattr(importlib.import_module(self.LAZY[cmd_name]), cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        """Run the subcommand; turn stray exceptions into a clear message and exit 2."""
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001 - the one place that must catch everything
            if os.environ.get("CARDFORGE_DEBUG"):
                raise
            raise CardforgeError(_stray(exc)) from None


def _stray(exc: BaseException) -> str:
    """One line saying what went wrong, for an exception no stage located."""
    if isinstance(exc, MemoryError):
        return ("ran out of memory: an input is too large (see docs/security.md for the limits)"
                "\n  hint: make the file smaller, or lower --jobs")
    if isinstance(exc, RecursionError):
        return "an input nests too deeply to process\n  hint: see docs/security.md for the limits"
    if isinstance(exc, OSError):
        where = f" {exc.filename}" if exc.filename else ""
        return (f"cannot read or write{where}: {exc.strerror or exc}"
                "\n  hint: check the disk space and permissions of that folder")
    return (f"internal error: {type(exc).__name__}: {str(exc)[:300]}"
            "\n  hint: this is a bug in cardforge; run with CARDFORGE_DEBUG=1 and report the traceback")


def _confined(workspace: Path, *given: Path | str | None) -> AbstractContextManager[tuple[Path, ...]]:
    """Reads confined to ``workspace`` and the paths named on the command line (relative
    ones taken from the workspace, as the configuration takes them); see
    :func:`cardforge.boundary.trust.confined`."""
    return trust.confined(workspace, *(workspace / p for p in given if p))


def run(after: Callable[[], None] | None = None) -> None:
    """The ``cardforge`` command's work in this process: :func:`status`, then ``after`` (if
    given), then the process exits with the status (``SystemExit``)."""
    code = status()
    if after is not None:
        after()
    sys.exit(code)


def status(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` (the arguments after ``cardforge``; default: this process's)
    and return its exit status. A ``SystemExit`` with a message prints it, with status 1."""
    try:
        main(args=argv, prog_name="cardforge")
    except SystemExit as exc:
        if isinstance(exc.code, int) or exc.code is None:
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    return 0


@click.group(cls=_Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardforge")
def main() -> None:
    """cardforge: card data in YAML, linted against the rulebook, printed for play.

    A workspace keeps each game in cards/<game>/ (game.yaml holds the rulebook's facts,
    the other *.yaml files hold cards). Typical use:

    \b
      cardforge new my-game          start a game as data: cards, faces, rules, translations
      cardforge lint                 check every game (exit 1 on errors)
      cardforge build                print-and-play PDFs for every game into out/
      cardforge stats comic-creator  odds that reference dice pools pay each cost
      cardforge schema my-game       a game's card-file schema for editors, in out/schemas/
      cardforge convert cards/my-game/monsters.yaml --to xlsx   a deck as a spreadsheet
      cardforge explain CC103        what a lint rule checks, with examples
    """


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text: path:line:col: CODE message; github: workflow annotations; sarif: 2.1.0.")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.option("--layout", is_flag=True,
              help="Also lay card faces and rule booklets out with WeasyPrint and run the rules "
                   "that read them (TR105: text that overflows its box, per language); slower, "
                   "faces are cached as in builds. (Not build's --layout, the sheet layout.)")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Processes to use: 1 lints in this process alone; with --layout, the worker "
                   "processes laying out faces  [default: the machine's cores]")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="With --layout: folder of laid-out faces, shared with builds  "
                   "[default: the configured cache, .cardforge-cache]")
@click.option("--select", "select", multiple=True, metavar="CODES",
              help="Run only these rules: codes or prefixes (CF005, TR), comma-separated or "
                   "repeated; replaces the configuration's select.")
@click.option("--ignore", "ignore", multiple=True, metavar="CODES",
              help="Do not run these rules: codes or prefixes, added to the configuration's ignore.")
@click.option("--severity", "minimum", type=click.Choice(["info", "warning", "error"]), default=None,
              help="Print problems of at least this severity  [default: warning; info is counted, "
                   "not printed]")
@click.option("--verbose", "-v", is_flag=True, help="Print info problems too (as --severity info).")
@WORKSPACE
def lint(paths: tuple[Path, ...], fmt: str, strict: bool, layout: bool, jobs: int | None,
         cache_dir: Path | None, select: tuple[str, ...], ignore: tuple[str, ...],
         minimum: str | None, verbose: bool, workspace: Path) -> None:
    """Check card data: YAML, schema, deck counts and each game's rules.

    PATHS are game folders (cards/<game>) or folders holding them; default: the
    configured cards folder. Rules are chosen and their severities set by [tool.cardforge]
    in pyproject.toml or by cardforge.toml; a card silences a rule with lint-ignore: [CODE].
    Rules that need the laid-out faces (such as TR105, text overflow) run only with
    --layout or with lint-layout = true in the configuration. --select and --ignore
    choose rules by code or prefix over the configuration; problems at info level are
    counted but printed only with -v (or --severity info).
    Exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage or configuration error.
    """
    from cardforge.problem import Severity
    from cardforge.workspace.parse_ahead import early

    with _confined(workspace.resolve(), *(p.resolve() for p in paths), cache_dir):
        ahead = early(paths, workspace.resolve(), cache_dir)  # parses while the lint's modules import
        from cardforge.commands import lint_command as command

        shown = command.Shown(_codes(select), _codes(ignore),
                              Severity(minimum or ("info" if verbose else "warning")))
        try:
            code = command.run(paths, fmt, strict, workspace.resolve(), layout, jobs, cache_dir, ahead,
                               shown)
        finally:
            ahead.abandon()
    sys.exit(code)


def _codes(values: tuple[str, ...]) -> tuple[str, ...]:
    """Rule codes or prefixes from repeated, comma-separated options, upper-cased. Raises
    click.BadParameter for one that is not 1–3 letters and up to 3 digits."""
    codes = tuple(part.strip().upper() for value in values for part in value.split(",") if part.strip())
    for code in codes:
        if not re.fullmatch(r"[A-Z]{1,3}[0-9]{0,3}", code):
            raise click.BadParameter(f"{code!r} is not a rule code or prefix (such as CF005 or TR)")
    return codes


@main.command()
@click.argument("code", required=False)
@click.option("--list", "list_all", is_flag=True, help="List every rule instead.")
@WORKSPACE
def explain(code: str | None, list_all: bool, workspace: Path) -> None:
    """Print what lint rule CODE checks, with a passing and a failing example.

    Rules written as data in a game's game.yaml (lint:) are found in the workspace's games.
    """
    from cardforge.commands import explain_command as command

    with _confined(workspace.resolve()):
        if list_all or not code:
            command.run_list(workspace.resolve())
        else:
            command.run(code, workspace.resolve())


@main.command()
@WORKSPACE
def games(workspace: Path) -> None:
    """List the installed game packs (built-in and third-party), then the games defined as
    data in the workspace (cards/<id>/game.yaml with no pack of that id)."""
    from cardforge.commands import games_command as command

    with _confined(workspace.resolve()):
        command.run(workspace.resolve())


@main.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table",
              show_default=True)
@click.option("--sort", "sort_by", default=None,
              help="Column to sort by (e.g. vp, cost, or a pool name such as opening).")
@click.option("--desc", is_flag=True, help="Sort in descending order.")
@click.option("--plot", is_flag=True,
              help="Also write charts (PNG and SVG) to out/<game>/stats/: cost curves, values, fits.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder for --plot  [default: out]")
@WORKSPACE
def stats(game: str, fmt: str, sort_by: str | None, desc: bool, plot: bool, out_dir: Path | None,
          workspace: Path) -> None:
    """Print a game's statistics, e.g. for Comic Creator the exact probability that each
    reference dice pool (from game.yaml) pays each card's cost, then the cost curves of
    game.yaml's balance: (weights, intercept, R²; CF011). --plot also draws them."""
    from cardforge.commands import stats_command as command

    with _confined(workspace.resolve(), out_dir):
        command.run(game, fmt, sort_by, desc, workspace.resolve(), plot, out_dir)


@main.command()
@click.argument("game")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder; the schemas go in its schemas/  [default: out]")
@WORKSPACE
def schema(game: str, out_dir: Path | None, workspace: Path) -> None:
    """Write GAME's card-file JSON Schema for editors: out/schemas/<game>.schema.json,
    with game.schema.json beside it (and card.schema.json, which game.schema.json and the
    packs' schemas build on).

    For a game defined in the workspace the schema is made from the decks' fields: in
    cards/<game>/game.yaml; for a game pack it is the pack's own schema. Run it again
    after changing the fields. To have yaml-language-server (VS Code's YAML extension,
    Neovim, Helix, …) complete and check a card file as you type, make its first line:

    \b
      # yaml-language-server: $schema=../../out/schemas/<game>.schema.json

    and game.yaml's first line:

    \b
      # yaml-language-server: $schema=../../out/schemas/game.schema.json
    """
    from cardforge.commands import schema_command as command

    with _confined(workspace.resolve(), out_dir):
        command.run(game, workspace.resolve(), out_dir)


@main.group()
def i18n() -> None:
    """Translations: gettext catalogs in cards/<game>/locale/.

    \b
    Each game's texts are written once, in its source_language (game.yaml): rules
    Markdown, card names and texts, icon and mark names. Every other language in
    game.yaml's languages has a rules.po and a cards.po that translators fill in with
    any PO editor; `cardforge lint` reports untranslated, fuzzy and mismatched entries.
    """


@i18n.command("update")
@click.argument("games", nargs=-1)
@WORKSPACE
def i18n_update(games: tuple[str, ...], workspace: Path) -> None:
    """Extract every translatable text of GAMES (default: all) into locale/<domain>.pot and
    merge it into each language's locale/<lang>/LC_MESSAGES/<domain>.po.

    A text that changed keeps its old translation marked fuzzy (for a translator to check);
    a new text is added untranslated; a text written inline in the YAML in a language
    (name: {en: ..., ja: ...}) is copied into that language's catalog. Only files whose
    messages change are written; each is printed with what it still needs.
    """
    from cardforge.commands import i18n_command as command

    with _confined(workspace.resolve()):
        command.run(games, workspace.resolve())


@main.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice([*PAPER, "all"]), default=None,
              help=f"Sheet size  [default: {' and '.join(PAPER)}, or the configured paper]")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder  [default: out]")
@click.option("--lang", default=None, help="Only this language  [default: every language in game.yaml]")
@click.option("--product", default=None, help=product_option_help())
@click.option("--dpi", type=click.IntRange(min=30, max=1200), default=300, show_default=True,
              help="Resolution of png and tts images (a profile's own dpi wins for png).")
@click.option("--profile", "profile", default=None, metavar="NAME",
              help="Print-shop profile (see `cardforge profiles`), or a .toml file: picks the "
                   "product, card size and bleed, and preflights the faces before writing.")
@click.option("--layout", type=click.Choice(["sheets", "fold-over"]), default=None,
              help="How cards are imposed. sheets: a grid with crop marks, each front sheet "
                   "followed by its back sheet for duplex printing. fold-over: for single-sided "
                   "printers, fronts on one half of each sheet and their backs mirrored on the "
                   "other; fold along the dashed middle line, glue, cut at the crop marks "
                   "(written as <game>-cards-<lang>-fold-over-<paper>.pdf)  "
                   "[default: sheets, or the configured layout]")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default=None,
              help="sheets layout: back sheets placed for long-edge (flip like a book page) or "
                   "short-edge duplex, or no backs  [default: long, or the configured duplex]")
@click.option("--gutter", "gutter_mm", type=click.FloatRange(min=0), default=None, metavar="MM",
              help="Space between cards in mm; each card keeps up to half of it as bleed. "
                   "0 butts cards at shared cut lines  [default: 0, or the configured gutter]")
@click.option("--die-edge", type=click.Choice([f"{e:g}" for e in DIE_EDGES_MM]), default="16",
              show_default=True, help="Edge in mm of printed custom dice (the dice product).")
@click.option("--imposition", type=click.Choice(["saddle"]), default=None,
              help=f"Also impose rule booklets 2-up on {paper_labels()} in saddle-stitch order.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes laying out card faces  [default: the machine's cores]")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder of laid-out faces reused by later builds  [default: .cardforge-cache]")
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.option("--force", is_flag=True,
              help="Build every game asked for, even one that is up to date (nothing it reads "
                   "changed since the same command last built it).")
@click.option("--strict", is_flag=True,
              help="Exit 1 when any warning is printed (text overflow TR105, preflight); the "
                   "files are still written.")
@WORKSPACE
@with_outputs_listing
def build(games: tuple[str, ...], paper: str | None, out_dir: Path | None, lang: str | None,
          product: str | None, dpi: int, profile: str | None, layout: str | None,
          duplex: str | None, gutter_mm: float | None, die_edge: str, imposition: str | None,
          jobs: int | None, cache_dir: Path | None, quiet: bool, force: bool, strict: bool,
          workspace: Path) -> None:
    """Write print-and-play files: out/<game>/<game>-cards-<lang>-<paper>.pdf and more.

    GAMES are game ids (see `cardforge games`); default: every game in the workspace.
    The data is linted first: a game with errors is not built. Cards are laid out at the
    size game.yaml gives them (card: size: poker, or width: and height: in mm; a deck may
    have its own) and imposed as many to a sheet as fit (9 poker cards on A4) with crop
    marks; each front sheet is followed by its back sheet for duplex printing, or, with
    --layout fold-over, each sheet holds fronts and backs to fold. Every file name carries
    its language (<game>-<product>-<lang>-...). Each distinct face is laid out once and kept in the
    face cache, so a rebuild lays out only what changed; a game none of whose files changed
    since the same command last built it is not built again (its files are listed; --force
    builds it anyway). Text that overflows its box on a face or a booklet page is warned
    about (TR105, as `cardforge lint --layout`, from the same layout; again when up to
    date); --strict exits 1 on any warning, after writing the files.

    \b
    Print-shop profiles (`cardforge profiles` lists them):
      --profile tgc-poker            825 x 1125 px PNGs for The Game Crafter (also mpc-poker)
      --profile drivethrucards-poker PDF/X-1a, CMYK, backs and fronts alternating
      --profile home                 the sheets of --paper, preflighted
    A profile's preflight prints problems like lint (PF101 card size, PF102 empty bleed,
    PF103 low-resolution image, PF104 RGB where CMYK is required, PF105 transparency, PF106
    face size); errors stop that game before any file is written.
    """
    from cardforge.render.workers.layout_workers import warmed_pool

    # The workers start first and warm up while the build imports and checks; an up-to-date
    # build never gives them work, and they end with the block.
    with warmed_pool(jobs or os.cpu_count() or 1):
        from cardforge.commands import build_command as command
        from cardforge.commands.build_request import BuildRequest

        request = BuildRequest(games=games, paper=paper, out_dir=out_dir, lang=lang, product=product,
                               duplex=duplex, layout=layout, gutter_mm=gutter_mm,
                               die_edge_mm=float(die_edge), imposition=imposition, jobs=jobs,
                               cache_dir=cache_dir, dpi=dpi, profile=profile, quiet=quiet, force=force,
                               strict=strict)
        profile_file = profile if profile and profile.endswith(".toml") else None
        with _confined(workspace.resolve(), out_dir, cache_dir, profile_file):
            command.run(request, workspace.resolve())


@main.command()
@click.argument("game", required=False)
@click.option("--from", "from_game", default=None, metavar="GAME",
              help="Copy this built-in game (see `cardforge games`) instead of writing a new one.")
@click.option("--name", default=None,
              help="The game's name  [default: from GAME, goblin-market → Goblin Market]")
@click.option("--one-language", is_flag=True,
              help="Write the new game in English alone: no French texts, catalogs or rules "
                   "translation (add languages later in game.yaml's languages:).")
@click.option("--cards", "card_lists", multiple=True, type=click.Path(path_type=Path, dir_okay=False),
              help="Make the game from this card list (CSV, XLSX, ODS or JSON; one deck each; read where "
                   "it is in the workspace; repeatable).")
@click.option("--languages", default=None, metavar="CODES",
              help="With --cards: languages to add to those the lists hold, e.g. fr,de.")
@WORKSPACE
def new(game: str | None, from_game: str | None, name: str | None, one_language: bool,
        card_lists: tuple[Path, ...], languages: str | None, workspace: Path) -> None:
    """Start a new game GAME in the workspace, ready to lint and build.

    GAME is its id: lower-case letters, digits and hyphens (it names cards/GAME/ and
    templates/GAME/). The game is written as data only, no Python: game.yaml (languages,
    card size, two sample decks with their fields, lint rules, a cost-balance check, the
    facts the rules print), sample cards in English and French, card faces (Jinja2
    templates, CSS, SVG icons), a rules booklet and its French catalogs (--one-language:
    English alone); cardforge.toml too when the workspace has no configuration. Every
    file says what it is for; edit them into your game. See docs/workspace-games.md.

    \b
      cardforge new goblin-market      write a new game, then:
      cardforge lint                   check it (exit 0 on the sample)
      cardforge build goblin-market    card sheets and rule booklets in out/goblin-market/

    --cards FILE makes the game from card lists you have instead (CSV, XLSX, ODS, JSON; one
    deck each): the fields and the symbols written in the text are worked out and printed,
    each list stays the deck file where it is in the workspace (nothing is copied), a layout
    shows every field and the symbols print as icons (docs/from-your-card-list.md).

    --from GAME copies a built-in game (cards, rules, catalogs and templates) to change it.
    Its faces and rules are Python, so the copy keeps the pack's id and the installed pack
    still provides them. Nothing is ever overwritten: an id already in use, or a folder
    already there, stops the command before it writes anything (exit 2).
    """
    if card_lists:
        if from_game:
            raise click.UsageError("--cards makes a new game; --from copies a built-in one: give one")
        if one_language:
            raise click.UsageError("--one-language is for the sample game; with --cards the game has "
                                   "the languages of its lists (and --languages)")
        from cardforge.commands import new_from_cards

        with _confined(workspace.resolve()):
            new_from_cards.run(game, card_lists, languages, name, workspace.resolve())
        return
    from cardforge.commands import new_command as command

    with _confined(workspace.resolve()):
        command.run(game, from_game, name, workspace.resolve(), one_language=one_language)


@main.command()
@WORKSPACE
def profiles(workspace: Path) -> None:
    """List the print-shop profiles for `cardforge build --profile NAME`: built-in ones and
    the workspace's own profiles/<name>.toml (which add to or replace them), with what each
    makes (output, card trim and bleed in mm, image size in px, colour)."""
    from cardforge.commands import profiles_command as command

    with _confined(workspace.resolve()):
        command.run(workspace.resolve())


@main.command()
@click.argument("deck_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--to", "fmt", type=click.Choice(["csv", "xlsx", "yaml"]), required=True,
              help="The format to write.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="File to write  [default: out/convert/<name>.<format>]")
@WORKSPACE
def convert(deck_file: Path, fmt: str, output: Path | None, workspace: Path) -> None:
    """Convert a deck file between YAML and a spreadsheet (CSV, XLSX; ODS is read too),
    exactly or not at all: the result is read back and must hold the same data
    (docs/spreadsheets.md). YAML comments are not kept."""
    from cardforge.commands import convert_command as command

    with _confined(workspace.resolve(), deck_file):
        command.run(deck_file, fmt, output, workspace.resolve())


@main.command()
@click.argument("game")
@click.option("--deck", default=None, help="Only this deck's sheet.")
@WORKSPACE
def fetch(game: str, deck: str | None, workspace: Path) -> None:
    """Download the sheets GAME's game.yaml names by URL (decks: <deck>: sheet: {file, url},
    e.g. a Google Sheet published as CSV) into cards/GAME/. The only command that uses
    the network; lint and build read the downloaded file."""
    from cardforge.commands import fetch_command as command

    with _confined(workspace.resolve()):
        command.run(game, deck, workspace.resolve())
