"""``cardforge convert DECK_FILE --to csv|xlsx|yaml``: a deck file in another format.

Recipe: read the deck file (YAML or a sheet, through the trust boundary); write its data
in the asked format and read that back, refusing when anything would change
(:mod:`cardforge.spreadsheet.deck_convert`); write it atomically to ``--output`` (anywhere the
command line names) or to ``<out>/convert/<name>.<format>``; print the path. The workspace's
card files are never overwritten: move the result into ``cards/<game>/`` yourself (and
remove the file it came from, or its cards are there twice).
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.commands import shown
from cardforge.errors import ConfigError, DataError
from cardforge.loading.yaml_walk import LoadError
from cardforge.spreadsheet.deck_convert import NotExact, encode, read_deck
from cardforge.workspace.workspace_config import load_config

FOLDER = "convert"


def run(source: Path, fmt: str, output: Path | None, workspace: Path) -> Path:
    """Convert deck file ``source`` to ``fmt`` and print where it went; return that path.

    Raises DataError (exit 1) for a file that does not load or cannot be written in
    ``fmt`` exactly; ConfigError for an output that is the source itself or a folder that
    cannot be written.
    """
    config = load_config(workspace)
    target = output if output is not None else config.out / FOLDER / f"{source.stem}.{fmt}"
    if target.resolve() == source.resolve():
        raise ConfigError(f"{source} would be overwritten by its own conversion",
                          hint="name another file with --output")
    trust.writable(target.parent, "output")
    try:
        data = read_deck(source)
    except LoadError as exc:
        raise DataError(exc.problems, what=str(source)) from None
    try:
        encoded = encode(data, fmt, source, _schema_line(source, config.cards, config.out))
    except NotExact as exc:
        raise DataError(exc.problems, what=f"the conversion of {source}") from None
    write_atomically(target, lambda handle: handle.write(encoded))
    click.echo(shown(target, workspace))
    return target


def _schema_line(source: Path, cards: Path, out: Path) -> str | None:
    """The ``$schema`` path a card file of ``source``'s game reads from its place in
    ``cards/<game>/`` (what ``cardforge schema`` writes to ``<out>/schemas/``), or None when
    ``source`` is not in a game folder of ``cards``."""
    folder = source.resolve().parent
    if folder.parent != cards.resolve():
        return None
    return Path(os.path.relpath(out.resolve() / "schemas" / f"{folder.name}.schema.json", folder)).as_posix()
