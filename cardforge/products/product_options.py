"""The options every product builder receives: one frozen dataclass."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardforge.dice.custom_dice import DEFAULT_EDGE_MM
from cardforge.model.paper_units import PAPER
from cardforge.problem import Problem
from cardforge.workspace.print_profiles import Profile

if TYPE_CHECKING:  # the render layer loads WeasyPrint: not for a build that has nothing to do
    from cardforge.render.cache.face_cache import FaceCache
    from cardforge.render.card_render import RenderedFaces
    from cardforge.render.workers.parallel_layout import Progress

PAPERS = tuple(PAPER)
"""Every paper cards, dice and saddle booklets are imposed on (the default: all of
:data:`~cardforge.model.paper_units.PAPER`, ``a4`` and ``letter``)."""


@dataclass(frozen=True)
class BuildOptions:
    """What to build: ``papers`` (``a4``/``letter``), ``duplex`` (long/short/none), the card
    ``layout`` (``sheets`` or ``fold-over``, see :data:`cardforge.render.card_sheets.LAYOUTS`),
    ``gutter_mm`` between cards (mm), the workspace ``root`` (templates and assets), the
    ``out`` folder, ``die_edge_mm``, the
    edge of printed custom dice (mm; see ``cardforge.dice.custom_dice.DIE_EDGES_MM``),
    ``imposition`` (``"saddle"`` or None) for booklets, the face ``cache`` folder (default
    ``<root>/.cardforge-cache``), ``jobs`` (worker processes that lay out faces) and
    ``progress(done, total)``, told as faces are laid out; for card exports ``dpi`` (pixels
    per inch of PNGs and Tabletop Simulator cards), ``profile`` (a print shop's, see
    :mod:`cardforge.workspace.print_profiles`), ``report(problem)``, told preflight and
    page-overflow warnings,
    and ``faces_made(lang, faces)``, told the card faces of each language every product made
    (``cardforge build`` reads their overflow measurements, for TR105)."""

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
    faces_made: Callable[[str, RenderedFaces], None] | None = field(default=None, compare=False)

    def face_cache(self) -> FaceCache:
        """The face cache these options name."""
        from cardforge.render.cache.face_cache import DEFAULT_FOLDER, FaceCache

        return FaceCache(self.cache if self.cache is not None else self.root / DEFAULT_FOLDER)
