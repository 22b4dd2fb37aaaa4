"""Boards, rendered and tiled: one vector page per board, cut into paper-sized tiles.

:func:`render_board` lays a board's template out as one page of the board's size (trim =
the board, no bleed: a board is cut at its edge). :func:`tile_board` places that page on
A4 or Letter sheets: the whole board centred when it fits (either way round), else a grid
of tiles that overlap by :data:`OVERLAP_MM`, each with dashed overlap lines, the tile's
row and column, and the board's edge as cut lines. Lengths are mm unless a name ends
in ``_pt``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardforge.boundary.resources import templates_dir
from cardforge.errors import RenderError
from cardforge.model.board_specs import Board
from cardforge.model.game_model import Game
from cardforge.model.paper_units import PAPER, mm_to_pt
from cardforge.render.cache.content_cache import cached_pages
from cardforge.render.layout.face_layout import require_fonts
from cardforge.render.templating.game_templates import game_templates
from cardforge.render.templating.plain_views import Views
from cardforge.render.templating.stylesheets import read_source
from cardforge.render.templating.template_env import first_template, render

MARGIN_MM = 8.0
"""Unprinted margin kept on every side of a sheet (most home printers need 5 mm or so)."""
OVERLAP_MM = 12.0
"""How far neighbouring tiles overlap: the strip one tile is glued under the next."""
LINE_PT = 0.5
"""Stroke width of overlap and cut lines, in pt."""
MAX_TILES = 80
"""Most sheets one board may take (a bound on what game.yaml can make a build write)."""


@dataclass(frozen=True)
class TileGrid:
    """How a board is cut for a paper: ``columns`` × ``rows`` tiles on sheets of
    ``paper_w`` × ``paper_h`` (mm, the orientation chosen), each showing ``step_w`` ×
    ``step_h`` of new board plus the overlap; ``fits`` when the whole board is one sheet."""

    columns: int
    rows: int
    paper_w: float
    paper_h: float
    step_w: float
    step_h: float

    @property
    def fits(self) -> bool:
        """True when the board is printed whole on one sheet."""
        return self.columns == 1 and self.rows == 1


def tile_grid(width: float, height: float, paper: str) -> TileGrid:
    """The tiling of a ``width`` × ``height`` mm board on ``paper`` (``a4``/``letter``): one
    sheet if it fits inside the margins either way round, else the orientation with fewer
    tiles (portrait on a tie). Raises ValueError for an unknown paper or more than
    MAX_TILES tiles."""
    if paper.lower() not in PAPER:
        raise ValueError(f"unknown paper {paper!r}; known: {', '.join(sorted(PAPER))}")
    short, long = PAPER[paper.lower()]
    best: TileGrid | None = None
    for paper_w, paper_h in ((short, long), (long, short)):
        area_w, area_h = paper_w - 2 * MARGIN_MM, paper_h - 2 * MARGIN_MM
        if width <= area_w and height <= area_h:
            return TileGrid(1, 1, paper_w, paper_h, width, height)
        step_w, step_h = area_w - OVERLAP_MM, area_h - OVERLAP_MM
        grid = TileGrid(max(1, math.ceil((width - OVERLAP_MM) / step_w)),
                        max(1, math.ceil((height - OVERLAP_MM) / step_h)),
                        paper_w, paper_h, step_w, step_h)
        if best is None or grid.columns * grid.rows < best.columns * best.rows:
            best = grid
    assert best is not None
    if best.columns * best.rows > MAX_TILES:
        raise ValueError(f"a {width:g} × {height:g} mm board needs {best.columns * best.rows} "
                         f"{paper} sheets, more than {MAX_TILES}")
    return best


def render_board(game: Game, board: Board, lang: str, workspace: Path, *,
                 cache_root: Path | None = None) -> bytes:
    """``board`` of ``game`` in ``lang`` as a one-page PDF of its size (TrimBox = the page),
    laid out once and kept under ``cache_root`` (None: not kept; see
    :func:`~cardforge.render.cache.content_cache.cached_pages`).
    The template (``board.template``, found on the template search path) sees ``game``,
    ``lang``, ``fallback`` and ``board`` (``id``, ``name`` in ``lang``, ``width`` and
    ``height`` in mm) as plain data, with ``t()`` and ``icon()``; its stylesheet is
    ``board.stylesheet``. Raises RenderError for a missing template or stylesheet, a
    template error or any WeasyPrint warning; MissingFontError for a missing font."""
    templates = game_templates(game, lang, workspace)
    env, fallback = templates.env, templates.fallback
    template = first_template(env, [board.template])
    css = read_source(env, board.stylesheet)
    if css is None:
        raise RenderError(f"{game.id}: board {board.id!r}: stylesheet {board.stylesheet} not found",
                          hint=f"add templates/{game.id}/{board.stylesheet}")
    context = {"game": game, "lang": lang, "fallback": fallback,
               "board": {"id": board.id, "name": env.globals["t"](dict(board.name)),
                         "width": board.width_mm, "height": board.height_mm}}
    views: Views = {}
    html = render(env, template, context, views)
    require_fonts([html])
    roots = [workspace, templates_dir(), *([game.spec.templates_dir] if game.spec.templates_dir else [])]
    return cached_pages("board", [html], css[0], board.width_mm, board.height_mm, 0.0,
                        base_url=game.root, roots=roots, cache_root=cache_root)


def tile_board(page_pdf: bytes, width: float, height: float, paper: str) -> pikepdf.Pdf:
    """The board page ``page_pdf`` (``width`` × ``height`` mm) on ``paper`` sheets as
    :func:`tile_grid` cuts it, left to right then top to bottom. Each sheet's MediaBox is
    the paper and its TrimBox the part of the board it carries (the whole board, or one
    tile with its overlap); overlap lines are dashed, the board's edges solid, and a tile
    is labelled ``row-column`` in its corner. Raises ValueError as tile_grid does."""
    grid = tile_grid(width, height, paper)
    source = pikepdf.open(BytesIO(page_pdf))
    out = pikepdf.new()
    form = out.copy_foreign(source.pages[0].as_form_xobject(handle_transformations=False))
    font = out.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    pt = mm_to_pt
    for row in range(grid.rows):
        for col in range(grid.columns):
            # the board's window this tile shows: x from the left, y from the top, in mm
            left, top = col * grid.step_w, row * grid.step_h
            shown_w = min(width - left, grid.step_w + OVERLAP_MM) if not grid.fits else width
            shown_h = min(height - top, grid.step_h + OVERLAP_MM) if not grid.fits else height
            x0 = (grid.paper_w - shown_w) / 2 if grid.fits else MARGIN_MM
            y0 = (grid.paper_h - shown_h) / 2 if grid.fits else grid.paper_h - MARGIN_MM - shown_h
            # the board's bottom-left corner on the sheet, so the window lands at (x0, y0)
            bx, by = x0 - left, y0 - (height - top - shown_h)
            ops = [b"q %.3f %.3f %.3f %.3f re W n 1 0 0 1 %.3f %.3f cm /Board Do Q" % (
                pt(x0), pt(y0), pt(shown_w), pt(shown_h), pt(bx), pt(by))]
            ops += _lines(grid, x0, y0, shown_w, shown_h, left, top, width, height)
            if not grid.fits:
                label = f"{row + 1}-{col + 1}".encode()
                ops.append(b"BT /F1 8 Tf 0.4 g %.3f %.3f Td (%s) Tj ET" % (
                    pt(x0), pt(y0 + shown_h) + 3, label))
            trim = Array([pt(x0), pt(y0), pt(x0 + shown_w), pt(y0 + shown_h)])
            out.pages.append(pikepdf.Page(Dictionary(
                Type=Name.Page, MediaBox=Array([0, 0, pt(grid.paper_w), pt(grid.paper_h)]),
                TrimBox=trim, BleedBox=trim,
                Resources=Dictionary(XObject=Dictionary(Board=form), Font=Dictionary(F1=font)),
                Contents=out.make_stream(b"\n".join(ops)))))
    return out


def _lines(grid: TileGrid, x0: float, y0: float, w: float, h: float, left: float, top: float,
           width: float, height: float) -> list[bytes]:
    """Cut lines (solid) where the window meets the board's edge, overlap lines (dashed)
    where it continues on a neighbouring tile."""
    pt = mm_to_pt
    edges = {  # edge → (segment, is the board's own edge)
        "left": ((x0, y0, x0, y0 + h), left <= 0),
        "right": ((x0 + w, y0, x0 + w, y0 + h), left + w >= width - 1e-6),
        "top": ((x0, y0 + h, x0 + w, y0 + h), top <= 0),
        "bottom": ((x0, y0, x0 + w, y0), top + h >= height - 1e-6),
    }
    inward = {"left": (OVERLAP_MM, 0), "right": (-OVERLAP_MM, 0), "top": (0, -OVERLAP_MM),
              "bottom": (0, OVERLAP_MM)}
    ops = [b"q %.2f w 0 G" % LINE_PT]
    for side, ((x1, y1, x2, y2), own) in edges.items():
        dash = b"[] 0 d" if own else b"[4 2] 0 d 0.5 G"
        ops.append(b"q %s %.3f %.3f m %.3f %.3f l S Q" % (dash, pt(x1), pt(y1), pt(x2), pt(y2)))
        if not own and not grid.fits:  # where the neighbour's picture starts: glue up to here
            dx, dy = inward[side]
            ops.append(b"q [1 2] 0 d 0.6 G %.3f %.3f m %.3f %.3f l S Q" % (
                pt(x1 + dx), pt(y1 + dy), pt(x2 + dx), pt(y2 + dy)))
    ops.append(b"Q")
    return ops
