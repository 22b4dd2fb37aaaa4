"""Products ``cardforge build`` can make, and the options every product builder receives.

A product builder is ``build(game, lang, options) -> list[Path]``: it writes its files
(atomically) under ``options.out / game.id`` and returns their paths. Packs list the
products they support in ``GameSpec.products``; builders for core products live here by
name, so any pack gets them.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pikepdf

from cardforge.dice.faces import DEFAULT_EDGE_MM
from cardforge.errors import ConfigError
from cardforge.i18n.translations import with_catalog_texts
from cardforge.model import Game
from cardforge.problem import Problem
from cardforge.profiles import Profile
from cardforge.render.cards import render_card_faces
from cardforge.render.face_cache import DEFAULT_FOLDER, FaceCache
from cardforge.render.impose import write_pdf_atomically
from cardforge.render.layout import Progress
from cardforge.render.sheets import card_sheets, check_fit

PAPERS = ("a4", "letter")


class ProductSkipped(Exception):
    """A product that cannot be made in this language yet; the build reports the message as a
    note and goes on (it is not a failure)."""


@dataclass(frozen=True)
class BuildOptions:
    """What to build: ``papers`` (``a4``/``letter``), ``duplex`` (long/short/none), the card
    ``layout`` (``sheets`` or ``fold-over``, see :data:`cardforge.render.sheets.LAYOUTS`),
    ``gutter_mm`` between cards (mm), the workspace ``root`` (templates and assets), the
    ``out`` folder, ``die_edge_mm``, the
    edge of printed custom dice (mm; see ``cardforge.dice.faces.DIE_EDGES_MM``),
    ``imposition`` (``"saddle"`` or None) for booklets, the face ``cache`` folder (default
    ``<root>/.cardforge-cache``), ``jobs`` (worker processes that lay out faces) and
    ``progress(done, total)``, told as faces are laid out; for card exports ``dpi`` (pixels
    per inch of PNGs and Tabletop Simulator cards), ``profile`` (a print shop's, see
    :mod:`cardforge.profiles`) and ``report(problem)``, told preflight warnings."""

    root: Path
    out: Path
    papers: tuple[str, ...] = PAPERS
    duplex: str = "long"
    layout: str = "sheets"
    gutter_mm: float = 0.0
    die_edge_mm: float = DEFAULT_EDGE_MM
    imposition: str | None = None
    cache: Path | None = None
    jobs: int = 1
    progress: Progress | None = field(default=None, compare=False)
    dpi: int = 300
    profile: Profile | None = None
    report: Callable[[Problem], None] | None = field(default=None, compare=False)

    def face_cache(self) -> FaceCache:
        """The face cache these options name."""
        return FaceCache(self.cache if self.cache is not None else self.root / DEFAULT_FOLDER)


def output_path(options: BuildOptions, game: Game, product: str, lang: str, suffix: str) -> Path:
    """``<out>/<game>/<game>-<product>[-<lang>]-<suffix>``; the game's first language has no tag."""
    tag = "" if lang == game.languages[0] else f"-{lang}"
    return options.out / game.id / f"{game.id}-{product}{tag}-{suffix}"


def build_cards(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Card sheets: faces laid out once, imposed on each paper with crop marks and backs.

    Writes ``<game>-cards[-<lang>]-<paper>.pdf`` (layout ``sheets``) or
    ``<game>-cards[-<lang>]-fold-over-<paper>.pdf``. With a ``sheets`` print-shop profile the
    faces are preflighted first. Raises ConfigError, naming game.yaml's ``card:`` line, when
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
    from cardforge.exports import check_sheets

    check_sheets(game, lang, options)
    faces = render_card_faces(game, lang, options.root, cache=options.face_cache(),
                              jobs=options.jobs, progress=options.progress)
    prefix = "" if options.layout == "sheets" else f"{options.layout}-"
    written = []
    for paper in options.papers:
        path = output_path(options, game, "cards", lang, f"{prefix}{paper}.pdf")
        sheets = card_sheets(game, faces, paper, options.duplex, layout=options.layout,
                             gutter_mm=options.gutter_mm)
        write_pdf_atomically(sheets, path)
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

    game = with_catalog_texts(game, lang)  # die names only the catalogs translate
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


def build_rules(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The rule booklet: ``<game>-rules-<lang>.pdf``, A5 pages (cover, contents, chapters,
    components, example cards, glossary, diagrams); with ``options.imposition`` ``"saddle"``
    also ``<game>-rules-<lang>-saddle-<paper>.pdf`` for each paper: the same pages 2-up on
    landscape sheets in saddle-stitch order, padded to a multiple of 4, to print duplex
    (flip on the short edge) and fold. Raises RenderError from rendering."""
    return _booklet(game, lang, options, "rules")


def build_rulesheet(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The quick-reference sheet: ``<game>-rulesheet-<lang>.pdf``, one or two A4 pages.
    Raises RenderError from rendering."""
    return _booklet(game, lang, options, "rulesheet")


def _booklet(game: Game, lang: str, options: BuildOptions, kind: str) -> list[Path]:
    from cardforge.booklet.document import booklet_html
    from cardforge.i18n.translations import catalog_paths
    from cardforge.render.booklet import impose_saddle, layout_booklet, write_booklet_pdf

    source_lang = game.source_language
    if lang != source_lang and not catalog_paths(game.root, lang):
        raise ProductSkipped(
            f"{game.id}: no {lang} {kind} yet: the rules are written in {source_lang} and "
            f"cards/{game.id}/locale/{lang}/LC_MESSAGES/ holds no catalog to translate them")

    source = booklet_html(game, lang, options.root, kind)
    document = layout_booklet(source.html, game.root, options.root)
    path = options.out / game.id / f"{game.id}-{kind}-{lang}.pdf"
    written = [path]
    with pikepdf.open(io.BytesIO(write_booklet_pdf(document))) as pdf:
        write_pdf_atomically(pdf, path)
        if options.imposition == "saddle" and kind == "rules":
            for paper in options.papers:
                saddle = path.with_name(f"{path.stem}-saddle-{paper}.pdf")
                write_pdf_atomically(impose_saddle(pdf, paper), saddle)
                written.append(saddle)
    return written


def build_png(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Per-card PNGs; see :func:`cardforge.exports.build_png`."""
    from cardforge.exports import build_png as build

    return build(game, lang, options)


def build_tts(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Tabletop Simulator decks; see :func:`cardforge.exports.build_tts`."""
    from cardforge.exports import build_tts as build

    return build(game, lang, options)


def build_pdfx(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """A print shop's PDF/X card file; see :func:`cardforge.exports.build_pdfx`."""
    from cardforge.exports import build_pdfx as build

    return build(game, lang, options)


Builder = Callable[[Game, str, BuildOptions], list[Path]]

BUILDERS: dict[str, Builder] = {
    "cards": build_cards,
    "dice": build_dice,
    "rules": build_rules,
    "rulesheet": build_rulesheet,
    "png": build_png,
    "tts": build_tts,
    "pdfx": build_pdfx,
}
"""Product name → builder. A pack's ``products`` must name keys of this table, except the
:data:`CARD_EXPORTS`."""

CARD_EXPORTS = ("png", "tts", "pdfx")
"""Products every game with a ``cards`` product can make on request (never by default)."""

PROFILE_PRODUCTS = {"png": "png", "pdfx": "pdfx", "sheets": "cards"}
"""A print-shop profile's ``output`` → the product that makes it."""
