"""The dice product's files: folding nets and sticker sheets (pikepdf), per-face PNGs (pypdfium2).

All three start from :class:`~cardforge.render.dice_render.DieFaces`, one vector page per
distinct face. Nets place each die's six faces on the cross of
:data:`cardforge.dice.custom_dice.CROSS_NET` with fold lines (dashed), cut lines (solid) and
optional glue tabs; stickers go through the card imposer with a gutter so each keeps its
bleed, one die per row where the paper allows; PNGs rasterise each face's trim. Lengths are
mm unless a name ends in ``_pt`` or ``_px``.
"""

from __future__ import annotations

import hashlib
from io import BytesIO
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name
from PIL import Image

from cardforge.dice.custom_dice import (
    CROSS_NET,
    GLUE_TABS,
    NET_COLUMNS,
    NET_ROWS,
    SIDES,
    fold_edges,
    outer_edges,
)
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import PAPER, mm_to_pt
from cardforge.render.cache.cached_raster import PageSource, cached_png
from cardforge.render.dice_render import DieFaces
from cardforge.render.impose.duplex_sheets import Slot, impose_sheets
from cardforge.render.impose.sheet_placement import grown, pt_box, union
from cardforge.render.impose.slot_grid import Box, layout_grid
from cardforge.render.pdf.page_raster import page_image, save_bytes

TGC_D6_PX = 180
"""Pixels per side of The Game Crafter's custom 16 mm d6 face image (180 × 180 px)."""
MARGIN_MM, GAP_MM = 10.0, 6.0
"""Paper margin and the space between nets, in mm."""
TAB_RATIO, TAB_MAX_MM = 0.3, 5.0
"""Glue tab depth: this fraction of the edge, at most TAB_MAX_MM."""
LINE_PT = 0.5
"""Stroke width of cut and fold lines, in pt."""


def _forms(faces: DieFaces, out: pikepdf.Pdf) -> dict[int, tuple[pikepdf.Object, float, float]]:
    """Every face page copied into ``out`` as a form XObject keeping its bleed: page →
    (form, trim x, trim y) with the trim's bottom-left in the form's own pt."""
    source = pikepdf.open(BytesIO(faces.pdf))
    forms = {}
    for index, page in enumerate(source.pages):
        x0, y0 = (float(v) for v in list(page.obj.TrimBox)[:2])
        form = page.as_form_xobject(handle_transformations=False)
        form.BBox = Array([float(v) for v in page.mediabox])
        forms[index] = (out.copy_foreign(form), x0, y0)
    return forms


Segment = tuple[float, float, float, float]
"""A line as (x1, y1, x2, y2) in mm."""


def _edge_segment(x: float, y: float, e: float, edge: str) -> Segment:
    """(x1, y1, x2, y2) of ``edge`` of the cell whose bottom-left is (x, y), side ``e``."""
    return {"top": (x, y + e, x + e, y + e), "bottom": (x, y, x + e, y),
            "left": (x, y, x, y + e), "right": (x + e, y, x + e, y + e)}[edge]


def _tab(x: float, y: float, e: float, edge: str, depth: float) -> list[tuple[float, float]]:
    """Corners of a glue tab on ``edge`` of a cell: a trapezoid ``depth`` deep, 45° ends."""
    x1, y1, x2, y2 = _edge_segment(x, y, e, edge)
    nx, ny = {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}[edge]
    dx, dy = (x2 - x1) / e, (y2 - y1) / e
    return [(x1, y1), (x1 + depth * (nx + dx), y1 + depth * (ny + dy)),
            (x2 + depth * (nx - dx), y2 + depth * (ny - dy)), (x2, y2)]


def _net_ops(die_pages: list[int], ox: float, oy: float, e: float, tabs: bool,
             names: dict[int, str], forms: dict, bleed: float = 0.0) -> list[bytes]:
    """Content-stream operators drawing one net with its grid's bottom-left at (ox, oy);
    each face keeps ``bleed`` (mm) beyond the net's cut outline, none at a fold or a tab."""
    pt = mm_to_pt
    cell_xy = {c.side: (ox + c.col * e, oy + (NET_ROWS - 1 - c.row) * e) for c in CROSS_NET}
    ops: list[bytes] = []
    depth = min(TAB_RATIO * e, TAB_MAX_MM)
    tab_edges = GLUE_TABS if tabs else ()  # a tuple: drawn in a fixed order, output repeatable
    cut = {(cell.side, edge) for cell, edge in outer_edges()} - set(tab_edges)
    for side, (x, y) in cell_xy.items():
        page = die_pages[side]
        form, tx, ty = forms[page]
        left, right, bottom, top = (bleed if (side, edge) in cut else 0.0
                                    for edge in ("left", "right", "bottom", "top"))
        ops.append(b"q %.3f %.3f %.3f %.3f re W n 1 0 0 1 %.3f %.3f cm %s Do Q" % (
            pt(x - left), pt(y - bottom), pt(e + left + right), pt(e + bottom + top),
            pt(x) - tx, pt(y) - ty, names[page].encode()))
    for side, edge in tab_edges:
        corners = [(pt(a), pt(b)) for a, b in _tab(*cell_xy[side], e, edge, depth)]
        path = b" ".join(b"%.3f %.3f %s" % (a, b, b"m" if i == 0 else b"l")
                         for i, (a, b) in enumerate(corners))
        ops.append(b"q 0.88 g 0 G %.2f w %s b Q" % (LINE_PT, path))  # fill, close, stroke
    folds = [(c.side, edge) for c, edge in fold_edges()] + sorted(tab_edges)
    ops.append(b"q 0.35 G %.2f w [2 1.5] 0 d" % LINE_PT)
    for side, edge in folds:
        x1, y1, x2, y2 = (pt(v) for v in _edge_segment(*cell_xy[side], e, edge))
        ops.append(b"%.3f %.3f m %.3f %.3f l S" % (x1, y1, x2, y2))
    ops.append(b"Q q 0 G %.2f w [] 0 d" % LINE_PT)
    for cell, edge in outer_edges():
        if (cell.side, edge) not in tab_edges:
            x1, y1, x2, y2 = (pt(v) for v in _edge_segment(*cell_xy[cell.side], e, edge))
            ops.append(b"%.3f %.3f m %.3f %.3f l S" % (x1, y1, x2, y2))
    ops.append(b"Q")
    return ops


def net_sheets(faces: DieFaces, paper: str, *, tabs: bool = True) -> pikepdf.Pdf:
    """Every die of ``faces`` as a cross net on ``paper`` (``a4`` / ``letter``) sheets, in
    die order, left to right then top to bottom, at the faces' edge length, each face with
    the faces' bleed beyond the net's cut outline. Each sheet's TrimBox spans its nets (glue
    tabs included), its BleedBox that grown by the bleed, in pt. Raises ValueError for an
    unknown paper, a die without six faces, or a net too big for it."""
    if paper.lower() not in PAPER:
        raise ValueError(f"unknown paper {paper!r}; known: {', '.join(sorted(PAPER))}")
    width, height = PAPER[paper.lower()]
    e = faces.edge_mm
    depth = min(TAB_RATIO * e, TAB_MAX_MM) if tabs else 0.0
    net_w, net_h = NET_COLUMNS * e + depth, NET_ROWS * e
    cols = int((width - 2 * MARGIN_MM + GAP_MM) // (net_w + GAP_MM))
    rows = int((height - 2 * MARGIN_MM + GAP_MM) // (net_h + GAP_MM))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {e:g} mm die's net ({net_w:g} × {net_h:g} mm) does not fit on {paper}")
    for die in faces.dice:
        if len(die.faces) != SIDES:
            raise ValueError(f"die {die.id!r} has {len(die.faces)} faces; nets need {SIDES}")
    out = pikepdf.new()
    forms = _forms(faces, out)
    names = {page: f"/F{page}" for page in forms}
    x0 = (width - (cols * net_w + (cols - 1) * GAP_MM)) / 2
    top = (height + (rows * net_h + (rows - 1) * GAP_MM)) / 2
    per_sheet = cols * rows
    for start in range(0, len(faces.dice), per_sheet):
        ops: list[bytes] = []
        used: set[int] = set()
        nets: list[Box] = []
        for k, die in enumerate(faces.dice[start:start + per_sheet]):
            row, col = divmod(k, cols)
            pages = [faces.page[(die.id, side)] for side in range(SIDES)]
            used.update(pages)
            nx, ny = x0 + col * (net_w + GAP_MM), top - (row + 1) * net_h - row * GAP_MM
            nets.append((nx, ny, nx + net_w, ny + net_h))
            ops += _net_ops(pages, nx, ny, e, tabs, names, forms, faces.bleed_mm)
        trim = union(*nets)
        xobjects = Dictionary({names[p]: forms[p][0] for p in sorted(used)})
        out.pages.append(pikepdf.Page(Dictionary(
            Type=Name.Page, MediaBox=pt_box((0, 0, width, height)), TrimBox=pt_box(trim),
            BleedBox=pt_box(grown(trim, faces.bleed_mm)),
            Resources=Dictionary(XObject=xobjects), Contents=out.make_stream(b"\n".join(ops)))))
    return out


def sticker_sheets(faces: DieFaces, paper: str) -> pikepdf.Pdf:
    """Every face of every die as a sticker (edge square, bleed kept by a gutter of twice
    the bleed plus 1 mm, crop marks) on ``paper`` sheets; each die starts a new row when a
    row holds six faces or more. Raises ValueError (from the imposer) when one will not fit."""
    e, bleed = faces.edge_mm, faces.bleed_mm
    geometry = CardGeometry(e, e, bleed, e / 8)
    gutter = 2 * bleed + 1
    columns = layout_grid(geometry, paper, gutter_mm=gutter).columns
    slots: list[Slot] = []
    for die in faces.dice:
        if columns >= SIDES and slots and (len(slots) % columns) + len(die.faces) > columns:
            slots += [Slot(front=None)] * (columns - len(slots) % columns)
        slots += [Slot(front=faces.page[(die.id, side)]) for side in range(len(die.faces))]
    source = pikepdf.open(BytesIO(faces.pdf))
    return impose_sheets(source, slots, geometry, paper, duplex="none", gutter_mm=gutter)


def write_face_pngs(faces: DieFaces, folder: Path, size_px: int = TGC_D6_PX, *,
                    cache_root: Path | None = None) -> list[Path]:
    """Write ``<die>-side<n>.png`` (n = 1–6), ``size_px`` square, the face's trim only, into
    ``folder`` (created); each file is written whole or not at all. Each face's PNG is kept
    under ``cache_root`` (None: not kept) by the faces' PDF hash and its page. Returns the
    paths."""
    identity = hashlib.sha256(faces.pdf).hexdigest()
    drawing = f"crop {faces.bleed_mm} mm, size {size_px} px"
    written: list[Path] = []
    rendered: dict[int, bytes] = {}
    with PageSource(lambda: faces.pdf) as source:
        for die in faces.dice:
            for side in range(len(die.faces)):
                page = faces.page[(die.id, side)]
                if page not in rendered:
                    def draw(page: int = page) -> Image.Image:
                        return page_image(source.document(), page, crop_mm=faces.bleed_mm,
                                          size_px=(size_px, size_px))

                    rendered[page] = cached_png(cache_root, "die face png",
                                                [identity, f"page {page}", drawing], draw)
                written.append(save_bytes(rendered[page], folder / f"{die.id}-side{side + 1}.png"))
    return written
