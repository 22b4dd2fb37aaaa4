"""The ``cards`` product: card sheets to print at home, on each paper."""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import ConfigError
from cardforge.model.game_model import Game
from cardforge.model.print_copies import copies
from cardforge.products.product_builder import output_path
from cardforge.products.product_faces import card_faces, check_sheets
from cardforge.products.product_options import BuildOptions
from cardforge.render.card_sheets import card_sheets, check_fit
from cardforge.render.impose.duplex_sheets import write_pdf_atomically


def build_cards(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Card sheets: faces laid out once, imposed on each paper with crop marks and backs.

    Writes ``<game>-cards-<lang>-<paper>.pdf`` (layout ``sheets``) or
    ``<game>-cards-<lang>-fold-over-<paper>.pdf``. With a ``sheets`` print-shop profile the
    faces are preflighted first. Every card is printed ``print.cards.copies`` times
    (:func:`cardforge.model.print_copies.copies`). Raises ConfigError, naming game.yaml's ``card:`` line, when
    a card does not fit the paper (before any face is laid out), RenderError from rendering
    and DataError from preflight.
    """
    for paper in options.papers:  # a card too big for the paper fails before any face is laid out
        try:
            check_fit(game, paper, options.layout, options.gutter_mm)
        except ValueError as exc:
            other = ", or --layout sheets" if options.layout == "fold-over" else ""
            raise ConfigError(f"{game.id}: {exc}", hint="choose a smaller card size in game.yaml"
                              f" or a smaller --gutter{other}") from None
    count = copies(game, "cards")  # print.cards.copies: every card that many times
    check_sheets(game, lang, options)
    faces = card_faces(game, lang, options)
    prefix = "" if options.layout == "sheets" else f"{options.layout}-"
    written = []
    for paper in options.papers:
        path = output_path(options, game, "cards", lang, f"{prefix}{paper}.pdf")
        sheets = card_sheets(game, faces, paper, options.duplex, layout=options.layout,
                             gutter_mm=options.gutter_mm, copies=count)
        write_pdf_atomically(sheets, path)
        written.append(path)
    return written
