"""``cardforge new <id> --cards <file>…``: a game made from the card lists a designer has.

Recipe: read the configuration → check the id → read each list (a CSV, XLSX, ODS or JSON
file, one deck each, through the trust boundary) and infer its deck's fields
(:mod:`cardforge.scaffold.card_list_fields`) → plan game.yaml with a deck per list, each read
from its list as it is, and a layout showing every field
(:mod:`cardforge.scaffold.card_list_game`) → write it (nothing is overwritten) → print
the table of fields inferred, the files written and what to run next.

Nothing is copied: each list stays the deck file where it is, and game.yaml names it
from the game's folder (``kingdom.csv`` in ``cards/<id>/``, ``../../data/kingdom.csv``
elsewhere in the workspace), so the designer goes on editing the file they have. A list
outside the workspace is refused (cardforge reads nothing outside it): the message says to
run the command from the list's folder, or with ``-w`` at it, which makes that folder the
workspace.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from cardforge.boundary import trust
from cardforge.commands import shown
from cardforge.errors import ConfigError, DataError
from cardforge.loading.yaml_walk import LoadError
from cardforge.model.game_packs import discover
from cardforge.scaffold import Places, check_id
from cardforge.scaffold.card_list_fields import LANGUAGES, CardList, read_card_list
from cardforge.scaffold.card_list_game import game_yaml, inference_table
from cardforge.scaffold.card_list_symbols import icon_svg
from cardforge.scaffold.game_files import write_plan
from cardforge.scaffold.sample_game import display_name
from cardforge.spreadsheet import is_sheet
from cardforge.spreadsheet.cell_grid import Unreadable
from cardforge.spreadsheet.json_deck import is_json
from cardforge.spreadsheet.sheet_deck import id_from
from cardforge.workspace.workspace_config import load_config


def run(game_id: str | None, files: tuple[Path, ...], languages: str | None, name: str | None,
        workspace: Path) -> None:
    """Write the game made from card lists ``files`` into ``workspace`` (see the module).
    ``languages``: comma-separated codes the game adds to those its lists hold.

    Raises ConfigError (exit 2, nothing written) for a missing or taken id, a file that is
    not a sheet or is outside the workspace, a game folder with a game.yaml already;
    DataError (exit 1) for a list that cannot be read (file, row and column)."""
    config = load_config(workspace)
    if not game_id:
        raise ConfigError("give the new game's id: cardforge new my-game --cards cards.csv",
                          hint="the id names cards/<id>/")
    check_id(game_id)
    if game_id in discover():
        raise ConfigError(f"{game_id!r} is the id of an installed game pack", hint="choose another id")
    places = Places(workspace, config.cards, workspace / "templates", game_id)
    if (places.game / "game.yaml").exists():
        raise ConfigError(f"{shown(places.game / 'game.yaml', workspace)} already exists",
                          hint="cardforge new never overwrites a file")
    extra = [code.strip() for code in (languages or "").split(",") if code.strip()]
    unknown = [code for code in extra if code not in LANGUAGES]
    if unknown:
        raise ConfigError(f"--languages: {', '.join(unknown)} is not a language code cardforge knows",
                          hint=f"use two-letter codes: {', '.join(sorted(LANGUAGES))}")
    lists: list[CardList] = []
    plan: dict[Path, bytes] = {}
    for given in files:
        path = given.resolve()
        if not is_sheet(path) and not is_json(path):
            raise ConfigError(f"{given} is not a CSV, XLSX, ODS or JSON file",
                              hint="save the card list as CSV (UTF-8), XLSX or a JSON list of objects")
        if not path.is_relative_to(workspace.resolve()):
            raise ConfigError(f"{given} is outside the workspace {workspace}: cardforge reads no file "
                              "outside the folder it works in, and the list stays where it is",
                              hint=f"run it in the list's folder (cd {path.parent}, or -w {path.parent}), "
                                   "which becomes the workspace; or move the list into this one")
        deck = id_from(path.stem) or "cards"
        deck = deck if deck[0].isalpha() else f"deck-{deck}"
        try:
            card_list = read_card_list(path, deck)
        except trust.Refused as refused:
            raise DataError([refused.problem("CF001")], what=str(given)) from None
        except Unreadable as exc:
            raise ConfigError(f"{given}: the sheet {exc.reason}", hint=exc.hint) from None
        except LoadError as exc:
            raise DataError(exc.problems, what=str(given)) from None
        card_list.ref = os.path.relpath(path, places.game.resolve()).replace(os.sep, "/")
        lists.append(card_list)
    langs: list[str] = []
    for code in [*(lang for card_list in lists for lang in card_list.languages), *extra]:
        if code not in langs:
            langs.append(code)
    langs = langs or ["en"]
    for icon in sorted({found.icon for card_list in lists for found in card_list.symbols}):
        target = places.faces / "icons" / f"{icon}.svg"
        if not target.exists():  # the designer's own drawing stays
            plan[target] = icon_svg(icon)
    plan[places.game / "game.yaml"] = game_yaml(game_id, name or display_name(game_id), lists,
                                                 langs).encode("utf-8")
    click.echo(inference_table(lists))
    written = write_plan(plan, workspace)
    for path in written.files:
        click.echo(shown(path, workspace))
    click.echo(f"cardforge new: {game_id} made from {len(lists)} card list(s), "
               f"{sum(len(c.cards) for c in lists)} designs, languages {', '.join(langs)}", err=True)
    click.echo(f"next: cardforge lint && cardforge build {game_id}", err=True)
