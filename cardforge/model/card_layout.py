"""Card layout as data: game.yaml's ``layout:`` boxes worked out in mm on the card.

A deck (``decks: <id>: layout:``) or the whole game (top-level ``layout:``; a deck's own
wins) may describe its faces as named boxes instead of an HTML template::

    layout:
      front:
        title: {field: name, top: 4, left: 4, right: 4, height: 9, size: 12, weight: bold}
        cost:  {field: cost, top: 4, right: 4, width: 9, height: 9, align: center}
        art:   {image: art/frame.png, fill: true}
        text:  {field: text, left: 4, right: 4, bottom: 4, height: 30, fit: {min: 6}}
      back:
        deck:  {text: Monsters, fill: true, size: 16, align: center, valign: middle}

Each box shows exactly one of ``field`` (a card field), ``text`` (fixed text, or one per
language), ``icon`` (an icon name), ``image`` (a file in the game's folder) or ``shape``
(``rect``, ``ellipse``). Its place is in mm from the trim's top-left corner: ``x``/``y``
with ``width``/``height``, or anchored at a distance from an edge (``top``, ``bottom``,
``left``, ``right``), two of three per direction; a direction left open, or
``fill: true``, spans the safe area. Boxes are painted in the order written. The schema
(``schemas/game.schema.json#/$defs/layout``) checks names and values; lint rule CF024
checks each box lies on the card (text inside the safe area).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardforge.model.card_geometry import CardGeometry

CONTENT_KINDS = ("field", "text", "icon", "image", "shape")
"""What a box can show; a box names exactly one."""
TEXT_KINDS = ("field", "text", "icon")
"""Box contents that are text, so belong inside the safe area (images and shapes may run
to the bleed edge)."""
SIDES = ("front", "back")


@dataclass(frozen=True)
class Rect:
    """A box's place in mm from the trim's top-left corner: ``x``, ``y``, ``width``, ``height``."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The box's right edge, mm from the trim's left edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """The box's bottom edge, mm from the trim's top edge."""
        return self.y + self.height


def layout_of(manifest: dict[str, Any], deck: str) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    """``(pointer, layout)`` of ``deck``'s ``layout:`` in game.yaml data ``manifest``: its
    own, else the game's; None when neither declares one. ``pointer`` is where it sits in
    game.yaml (for messages)."""
    own = ((manifest.get("decks") or {}).get(deck) or {}).get("layout")
    if isinstance(own, dict):
        return ("decks", deck, "layout"), own
    shared = manifest.get("layout")
    return (("layout",), shared) if isinstance(shared, dict) else None


def content(box: dict[str, Any]) -> tuple[str, Any]:
    """``(kind, value)`` of what ``box`` shows (kind one of :data:`CONTENT_KINDS`); the
    schema guarantees exactly one."""
    kind = next(k for k in CONTENT_KINDS if k in box)
    return kind, box[kind]


def _span(box: dict[str, Any], start: str, end: str, size: str, absolute: str,
          length: float, safe: float) -> tuple[float, float]:
    """(start, extent) of a box along one direction of a card ``length`` mm long."""
    if box.get("fill"):
        return safe, length - 2 * safe
    if absolute in box:
        return float(box[absolute]), float(box.get(size, length - safe - float(box[absolute])))
    near, far, extent = box.get(start), box.get(end), box.get(size)
    if near is not None and far is not None:
        return float(near), length - float(far) - float(near)
    if near is not None:
        return float(near), float(extent) if extent is not None else length - safe - float(near)
    if far is not None:
        wide = float(extent) if extent is not None else length - safe - float(far)
        return length - float(far) - wide, wide
    if extent is not None:  # only a size: centred
        return (length - float(extent)) / 2, float(extent)
    return safe, length - 2 * safe


def box_rect(box: dict[str, Any], geometry: CardGeometry) -> Rect:
    """The place of ``box`` on a card of ``geometry`` (mm from the trim's top-left)."""
    x, width = _span(box, "left", "right", "width", "x", geometry.width_mm, geometry.safe_mm)
    y, height = _span(box, "top", "bottom", "height", "y", geometry.height_mm, geometry.safe_mm)
    return Rect(x, y, width, height)


def outside(box: dict[str, Any], geometry: CardGeometry) -> str | None:
    """Why ``box`` does not fit where it must (text in the safe area, images and shapes
    within the bleed), or None when it fits. A box of no width or height does not fit."""
    rect = box_rect(box, geometry)
    if rect.width <= 0 or rect.height <= 0:
        return f"has no room: {rect.width:g} × {rect.height:g} mm"
    kind, _ = content(box)
    if kind in TEXT_KINDS:
        low, area = geometry.safe_mm, "the safe area"
    else:
        low, area = -geometry.bleed_mm, "the card and its bleed"
    high_x, high_y = geometry.width_mm - low, geometry.height_mm - low
    eps = 1e-6
    if min(rect.x, rect.y) < low - eps or rect.right > high_x + eps or rect.bottom > high_y + eps:
        return (f"runs outside {area}: it spans {rect.x:g}–{rect.right:g} mm across and "
                f"{rect.y:g}–{rect.bottom:g} mm down; {area} is {low:g}–{high_x:g} mm across "
                f"and {low:g}–{high_y:g} mm down")
    return None
