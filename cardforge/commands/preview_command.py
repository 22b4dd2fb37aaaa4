"""``cardforge preview [GAME]``: a local web page of every card face as it will print, kept up
to date on every save (:mod:`cardforge.preview`; docs/preview.md).

The command checks the configuration, starts the server on 127.0.0.1 (a free port unless
``--port`` names one), prints the address, optionally opens a browser, and serves until
interrupted (Ctrl-C). The charts tab draws what ``cardforge stats --plot`` draws
(:mod:`cardforge.commands.stats_plots`, which lives in this layer, so it is handed to the
preview as a function).
"""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

from cardforge.boundary import trust
from cardforge.errors import CardforgeError
from cardforge.model.game_model import Game

WORKSPACE = click.option(
    "--workspace", "-w", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
    show_default=True, help="Folder holding cards/, templates/ and the configuration.")


@click.command()
@click.argument("game", required=False)
@click.option("--lang", default=None,
              help="Only this language  [default: every language in game.yaml, with a switch]")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=0, show_default=True,
              help="Port on 127.0.0.1 to serve on; 0 picks a free one.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes laying out card faces, kept warm while the preview runs  "
                   "[default: 1]")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder of laid-out faces, shared with builds  [default: the configured cache, "
                   ".cardforge-cache]")
@click.option("--no-products", is_flag=True, help="Show the cards only (no booklet, dice or chart tabs).")
@WORKSPACE
def preview(game: str | None, lang: str | None, port: int, open_browser: bool, jobs: int | None,
            cache_dir: Path | None, no_products: bool, workspace: Path) -> None:
    """Show every card face of GAME (default: every game, with a switch) as it will print, in
    a web page on this computer only (127.0.0.1), updated on every save.

    The faces are the build's own, from the face cache, grouped by deck, with each card's
    YAML file and line; lint problems and data errors are listed with file:line:col; a
    text box whose text overflows is outlined in red. The booklet, quick-reference sheet,
    dice and charts get a tab each. The workspace's cards/ and templates/ are watched:
    a save re-renders only the faces it changed. Stop with Ctrl-C. See docs/preview.md.
    """
    from cardforge.preview.preview_rebuild import PreviewOptions

    root = workspace.resolve()
    options = PreviewOptions(root, cache_dir, (game,) if game else (), lang, jobs or 1,
                             products=not no_products, plots=None if no_products else charts)
    with trust.confined(root, *([root / cache_dir] if cache_dir else [])):
        run(options, port, open_browser)


def run(options, port: int, open_browser: bool, stop: threading.Event | None = None) -> None:
    """Serve ``options`` (a :class:`~cardforge.preview.preview_rebuild.PreviewOptions`) on
    127.0.0.1:``port`` until Ctrl-C (or ``stop`` is set); print the address first. Raises
    ConfigError, or CardforgeError (a game that is not there, the cache not writable, the
    port taken)."""
    from cardforge.preview.preview_session import PreviewSession

    try:
        session = PreviewSession(options, port)
    except OSError as exc:  # the port is taken, or not ours to use
        raise CardforgeError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}",
                             hint="choose another --port, or --port 0 for a free one") from None
    click.echo(f"cardforge preview: serving {session.url} (127.0.0.1 only); Ctrl-C stops", err=True)
    click.echo(session.url)
    if open_browser:
        webbrowser.open(session.url)
    try:
        (stop or threading.Event()).wait()
    except KeyboardInterrupt:
        pass
    finally:
        session.stop()


def charts(game: Game, folder: Path) -> list[Path]:
    """Write ``game``'s ``stats --plot`` charts under ``folder``; the files written (none
    when the game has neither a statistics table nor a ``balance:``). Raises ConfigError or
    ValueError for declarations the charts cannot read."""
    from cardforge.balance.cost_curve import judge_game
    from cardforge.commands.stats_plots import write_plots

    results = judge_game(game)
    table = game.spec.stats(game) if game.spec.stats is not None else None
    if table is None and not results:
        return []
    return write_plots(game, table, results, folder, lambda _line: None)
