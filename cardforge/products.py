"""Products ``cardforge build`` can make, and the options every product builder receives.

A product builder is ``build(game, lang, options) -> list[Path]``: it writes its files
(atomically) under ``options.out / game.id`` and returns their paths. Packs list the
products they support in ``GameSpec.products``; builders for core products live here by
name, so any pack gets them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardforge.model import Game
from cardforge.render.cards import render_card_faces
from cardforge.render.impose import write_pdf_atomically
from cardforge.render.sheets import card_sheets

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class BuildOptions:
    """What to build: ``papers`` (``a4``/``letter``), ``duplex`` (long/short/none), the
    workspace ``root`` (templates and assets) and the ``out`` folder."""

    root: Path
    out: Path
    papers: tuple[str, ...] = PAPERS
    duplex: str = "long"


def output_path(options: BuildOptions, game: Game, product: str, lang: str, suffix: str) -> Path:
    """``<out>/<game>/<game>-<product>[-<lang>]-<suffix>``; the game's first language has no tag."""
    tag = "" if lang == game.languages[0] else f"-{lang}"
    return options.out / game.id / f"{game.id}-{product}{tag}-{suffix}"


def build_cards(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Card sheets: faces laid out once, imposed on each paper with crop marks and backs.

    Writes ``<game>-cards[-<lang>]-<paper>.pdf``. Raises RenderError from rendering and
    ValueError when the card does not fit the paper.
    """
    faces = render_card_faces(game, lang, options.root)
    written = []
    for paper in options.papers:
        path = output_path(options, game, "cards", lang, f"{paper}.pdf")
        write_pdf_atomically(card_sheets(game, faces, paper, options.duplex), path)
        written.append(path)
    return written


Builder = Callable[[Game, str, BuildOptions], list[Path]]

BUILDERS: dict[str, Builder] = {
    "cards": build_cards,
}
"""Product name → builder. A pack's ``products`` must name keys of this table."""
