"""Products ``cardforge build`` can make, and the options every product builder receives.

A product builder is ``build(game, lang, options) -> list[Path]``: it writes its files
(atomically) under ``options.out / game.id`` and returns their paths. Packs list the
products they support in ``GameSpec.products``; builders for core products live here by
name, so any pack gets them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardforge.dice.faces import DEFAULT_EDGE_MM
from cardforge.model import Game
from cardforge.render.cards import render_card_faces
from cardforge.render.face_cache import DEFAULT_FOLDER, FaceCache
from cardforge.render.impose import write_pdf_atomically
from cardforge.render.layout import Progress
from cardforge.render.sheets import card_sheets

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class BuildOptions:
    """What to build: ``papers`` (``a4``/``letter``), ``duplex`` (long/short/none), the
    workspace ``root`` (templates and assets), the ``out`` folder, ``die_edge_mm``, the
    edge of printed custom dice (mm; see ``cardforge.dice.faces.DIE_EDGES_MM``), the face
    ``cache`` folder (default ``<root>/.cardforge-cache``), ``jobs`` (worker processes that
    lay out faces) and ``progress(done, total)``, told as faces are laid out."""

    root: Path
    out: Path
    papers: tuple[str, ...] = PAPERS
    duplex: str = "long"
    die_edge_mm: float = DEFAULT_EDGE_MM
    cache: Path | None = None
    jobs: int = 1
    progress: Progress | None = field(default=None, compare=False)

    def face_cache(self) -> FaceCache:
        """The face cache these options name."""
        return FaceCache(self.cache if self.cache is not None else self.root / DEFAULT_FOLDER)


def output_path(options: BuildOptions, game: Game, product: str, lang: str, suffix: str) -> Path:
    """``<out>/<game>/<game>-<product>[-<lang>]-<suffix>``; the game's first language has no tag."""
    tag = "" if lang == game.languages[0] else f"-{lang}"
    return options.out / game.id / f"{game.id}-{product}{tag}-{suffix}"


def build_cards(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Card sheets: faces laid out once, imposed on each paper with crop marks and backs.

    Writes ``<game>-cards[-<lang>]-<paper>.pdf``. Raises RenderError from rendering and
    ValueError when the card does not fit the paper.
    """
    faces = render_card_faces(game, lang, options.root, cache=options.face_cache(),
                              jobs=options.jobs, progress=options.progress)
    written = []
    for paper in options.papers:
        path = output_path(options, game, "cards", lang, f"{paper}.pdf")
        write_pdf_atomically(card_sheets(game, faces, paper, options.duplex), path)
        written.append(path)
    return written


def build_dice(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The game's custom dice (``GameSpec.dice(game)``) at ``options.die_edge_mm``: for each
    paper ``<game>-dice[-<lang>]-nets-<paper>.pdf`` (cross nets with fold lines and glue
    tabs) and ``…-stickers-<paper>.pdf`` (every face with 1 mm bleed and crop marks), and
    the folder ``<game>-dice[-<lang>]-png/`` of ``<die>-side<n>.png`` faces at The Game
    Crafter's 16 mm d6 size (180 × 180 px). Raises ValueError when the pack has no dice or
    a net or sticker does not fit the paper; RenderError from rendering."""
    from cardforge.render.dice_faces import render_die_faces
    from cardforge.render.dice_products import net_sheets, sticker_sheets, write_face_pngs

    dice = game.spec.dice(game) if game.spec.dice else None
    if not dice:
        raise ValueError("no custom dice to build (the pack's GameSpec.dice returned none)")
    faces = render_die_faces(game, dice, lang, options.root, options.die_edge_mm)
    written = []
    for paper in options.papers:
        for kind, make in (("nets", net_sheets), ("stickers", sticker_sheets)):
            path = output_path(options, game, "dice", lang, f"{kind}-{paper}.pdf")
            write_pdf_atomically(make(faces, paper), path)
            written.append(path)
    written += write_face_pngs(faces, output_path(options, game, "dice", lang, "png"))
    return written


Builder = Callable[[Game, str, BuildOptions], list[Path]]

BUILDERS: dict[str, Builder] = {
    "cards": build_cards,
    "dice": build_dice,
}
"""Product name → builder. A pack's ``products`` must name keys of this table."""
