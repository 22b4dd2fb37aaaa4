"""How far text overflows its box, read from WeasyPrint's layout.

A template marks each fixed-size text box with ``data-field="<field>"`` (the field name
as the designer writes it in YAML; several names separated by spaces when one box holds
several fields). After layout, :func:`measure_page` walks a page's boxes and, for every
marked box, measures how far its content (lines, blocks, images) reaches beyond the box
on each side: beyond its content box for content in the flow, beyond its padding box for
content flowing inside an absolutely positioned box (placed by the designer, e.g. a tab
label's text in the padding); an absolutely positioned box's own background is a
decoration and not measured. The inside of a descendant that clips its own content is
not counted.
Positions are taken before CSS transforms, so a rotated box is measured in its own
upright frame. :func:`measure_page` also records where each marked box stands on its face
page (:class:`~cardforge.render.layout.face_box.FaceBox`: its border box, in mm from the top-left
corner of the page, which is the trim plus the bleed), upright like the rest: a rotated
box's rectangle is where it stands before it turns. A box whose text must grow upwards (a
caption anchored to the bottom of a panel) is a fixed-size "room" holding the caption
absolutely positioned at its bottom.

Layout lengths are CSS px (1/96 in); every length this module returns is in mm.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from cardforge.build.cache_entries import dump_json, read_json
from cardforge.render.layout.face_box import FaceBox, cut_to_page, stored_mm

FIELD_ATTRIBUTE = "data-field"
"""The attribute naming the YAML field(s) a text box shows."""

MM_PER_PX = 25.4 / 96
"""Millimetres in one CSS px."""

FORMAT = 4
"""Version of what is measured and how, and of how it is stored; part of the sidecar's
name, so changing the measurement (raise it) never reads a stale one from the face cache:
a face whose sidecar is missing is laid out again (once). 4: each box's place on its page
(:class:`~cardforge.render.layout.face_box.FaceBox`). The booklet measurements' name carries it too
(:func:`cardforge.lint.layout_measures.booklet_layout`)."""


@dataclass(frozen=True)
class Overflow:
    """How far the content of the box marked ``field`` reaches beyond its content box on
    each side, in mm (0 where it stays inside). ``field`` is the attribute's value as
    written (possibly several space-separated names). ``box``: where the box stands on its
    face page (mm from the page's top-left corner, trim + bleed); None for a booklet block
    (:func:`measure_within`) and for a box wholly off its page."""

    field: str
    top_mm: float = 0.0
    bottom_mm: float = 0.0
    left_mm: float = 0.0
    right_mm: float = 0.0
    box: FaceBox | None = None

    @property
    def height_mm(self) -> float:
        """How much taller the content is than the box allows (top and bottom), in mm."""
        return self.top_mm + self.bottom_mm

    @property
    def width_mm(self) -> float:
        """How much wider the content is than the box allows (left and right), in mm."""
        return self.left_mm + self.right_mm

    @property
    def fields(self) -> list[str]:
        """The field names the box shows, in the order written."""
        return self.field.split()


Rect = tuple[float, float, float, float]
"""(left, top, right, bottom) in px."""


@cache
def _line_box() -> type:
    """WeasyPrint's line box class, imported when boxes are measured (only where pages are laid
    out), so that reading measurements never loads WeasyPrint."""
    from weasyprint.formatting_structure.boxes import LineBox

    return LineBox


def _extent(box: Any) -> Rect:
    """(left, top, right, bottom) of ``box`` in px: for a line box the line (as wide as the
    text on it, however far that runs past the line's container), else the border box."""
    if isinstance(box, _line_box()):
        return box.position_x, box.position_y, box.position_x + box.width, box.position_y + box.height
    x, y = box.border_box_x(), box.border_box_y()
    return x, y, x + box.border_width(), y + box.border_height()


def _content(box: Any, placed: bool = False) -> Iterator[tuple[Any, bool]]:
    """The descendants of ``box`` whose extent counts as its content, each with whether
    it lies inside an absolutely positioned box (``placed``). An absolutely positioned box
    is a decoration (a tab label) or a holder (a caption anchored to the bottom of a room):
    its own box does not count, what flows inside it does. A line counts as a whole (its
    height is the line height, which already makes room for icons on it; the glyph boxes
    on it are taller than their ink); a descendant that clips (``overflow`` other than
    visible) counts, its inside does not."""
    for child in getattr(box, "children", ()):
        if not hasattr(child, "position_y"):
            continue
        positioned = child.is_absolutely_positioned()
        if not positioned:
            yield child, placed
        if not isinstance(child, _line_box()) and child.style["overflow"] == "visible":
            yield from _content(child, placed or positioned)


def _reach(boxes: Iterable[tuple[Any, bool]], flow: Rect, placed: Rect, field: str) -> Overflow:
    """How far ``boxes`` (each with whether it is placed) reach past ``flow`` (those in the
    flow) or ``placed`` (those inside an absolutely positioned box), per side, in mm."""
    over = [0.0, 0.0, 0.0, 0.0]  # left, top, right, bottom, in px
    for child, inside in boxes:
        x0, y0, x1, y1 = _extent(child)
        if x1 <= x0 or y1 <= y0:  # empty (no ink), e.g. an anonymous box round white space
            continue
        left, top, right, bottom = placed if inside else flow
        over = [max(over[0], left - x0), max(over[1], top - y0),
                max(over[2], x1 - right), max(over[3], y1 - bottom)]
    return Overflow(field=field, left_mm=over[0] * MM_PER_PX, top_mm=over[1] * MM_PER_PX,
                    right_mm=over[2] * MM_PER_PX, bottom_mm=over[3] * MM_PER_PX)


def measure_box(box: Any) -> Overflow:
    """The :class:`Overflow` of a laid-out WeasyPrint ``box`` (one with a ``data-field``
    element), per side, in mm: how far the content flowing in it reaches past its content
    box, and the content flowing inside absolutely positioned boxes in it (placed by the
    designer, e.g. a tab label's text in the padding) past its padding box."""
    x, y = box.content_box_x(), box.content_box_y()
    px, py = box.padding_box_x(), box.padding_box_y()
    return _reach(_content(box), (x, y, x + box.width, y + box.height),
                  (px, py, px + box.padding_width(), py + box.padding_height()),
                  box.element.get(FIELD_ATTRIBUTE, ""))


def measure_within(box: Any, area: Rect) -> Overflow:
    """How far ``box`` itself and its content reach past ``area`` (px; e.g. a page's area
    inside its margins), per side, in mm; ``field`` is empty."""
    return _reach([(box, False), *_content(box)], area, area, "")


def marked_boxes(root: Any) -> Iterator[Any]:
    """Every box under ``root`` (a page box) whose element carries ``data-field``, once per
    element (the element's first box: anonymous boxes share their parent's element)."""
    seen: set[int] = set()
    for box in root.descendants(placeholders=True):
        element = getattr(box, "element", None)
        if element is None or not hasattr(element, "get") or id(element) in seen:
            continue
        if element.get(FIELD_ATTRIBUTE) is not None and hasattr(box, "position_y"):
            seen.add(id(element))
            yield box


def placed_on(box: Any, page: Any) -> FaceBox | None:
    """Where the border box of the laid-out ``box`` stands on the WeasyPrint ``page`` (a
    face page: WeasyPrint's origin is the trim's corner, the page adds ``page.bleed`` on
    every side), in mm from the page's top-left corner, before CSS transforms, cut at the
    page's edges; None when wholly off the page."""
    bleed = page.bleed
    x, y = box.border_box_x() + bleed["left"], box.border_box_y() + bleed["top"]
    return cut_to_page(x * MM_PER_PX, y * MM_PER_PX, (x + box.border_width()) * MM_PER_PX,
                       (y + box.border_height()) * MM_PER_PX,
                       (page.width + bleed["left"] + bleed["right"]) * MM_PER_PX,
                       (page.height + bleed["top"] + bleed["bottom"]) * MM_PER_PX)


def measure_page(page: Any) -> list[Overflow]:
    """The :class:`Overflow` of every marked box on a WeasyPrint ``Page`` (a face page), in
    document order, each with where the box stands on the page (:func:`placed_on`)."""
    return [replace(measure_box(box), box=placed_on(box, page)) for box in marked_boxes(page._page_box)]


def dumps(measures: Sequence[Overflow], key: str) -> str:
    """``measures`` of the face ``key`` as a JSON cache entry
    (:func:`~cardforge.build.cache_entries.dump_json`): a list of objects with ``field``,
    the four sides in mm and ``box`` (:meth:`FaceBox.as_data`, or null)."""
    return dump_json(key, stored(measures))


def stored(measures: Sequence[Overflow]) -> list[dict[str, Any]]:
    """``measures`` as plain data, as :func:`dumps` stores them (read back by :func:`parsed`)."""
    return [{"field": m.field, **{side: round(getattr(m, side), 3) for side in _SIDES},
             "box": None if m.box is None else m.box.as_data()} for m in measures]


def load(path: Path, key: str) -> list[Overflow]:
    """The measurements of the face ``key`` stored at ``path`` by :func:`dumps`, read
    through the trust boundary. Raises ValueError saying why when the entry is refused (a
    symlink, too large), is not such a list (see :func:`parsed`), or belongs to another face."""
    return parsed(read_json(path, key), str(path))


def parsed(data: Any, where: str) -> list[Overflow]:
    """Stored measurements (:func:`stored`) as Overflows. Raises ValueError naming ``where``
    unless ``data`` is such a list (each side a finite number of 0 mm or more, each ``box``
    one :meth:`FaceBox.from_data` accepts)."""
    try:
        return [Overflow(field=str(item["field"]), **{side: _side(item[side], side) for side in _SIDES},
                         box=None if item["box"] is None else FaceBox.from_data(item["box"]))
                for item in data]
    except (TypeError, KeyError, ValueError) as exc:
        raise ValueError(f"{where}: not a list of overflow measurements: {exc}") from None


def _side(value: Any, side: str) -> float:
    """A stored overflow ``side`` (mm) as a float. Raises ValueError unless it is a finite
    number of 0 or more."""
    if stored_mm(value, side) < 0:
        raise ValueError(f"{side} is negative: {value!r:.40}")
    return float(value)


_SIDES = ("top_mm", "bottom_mm", "left_mm", "right_mm")


def sidecar(face_pdf: Path) -> Path:
    """Where the measurements of the cached face ``face_pdf`` are stored: next to it, with
    the same content-hash name and the suffix ``.overflow-v<FORMAT>.json``."""
    return face_pdf.with_suffix(f".overflow-v{FORMAT}.json")
