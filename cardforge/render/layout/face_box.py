"""Where a ``data-field`` text box stands on its face page: the rectangle the preview outlines.

A face page is the trim plus the bleed on every side (the cached face PDF's MediaBox).
A :class:`FaceBox` is the box's **border box** (its background, padding and border: the
box as the designer draws and sizes it), in mm from the page's top-left corner, with the
page's size, so it can be checked on its own and placed on the face image. It is measured
before CSS transforms, like the overflow (:mod:`cardforge.render.layout.text_overflow`): a rotated
box's rectangle is upright, where the box stands before it turns. A box reaching past the
page is cut at the page's edges (:func:`cut_to_page`); one wholly off its page has none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

MAX_PAGE_MM = 10_000.0
"""Largest page side (mm) a stored rectangle may claim: far past any face, the rest is damage."""

ROUNDING_MM = 0.002
"""How far a stored rectangle may reach past its page (mm): its lengths are stored rounded
to 0.001 mm, so left + width may exceed the page by a rounding."""


@dataclass(frozen=True)
class FaceBox:
    """A box's border box on its face page: ``left_mm`` and ``top_mm`` from the page's
    top-left corner (the bleed's corner, not the trim's), ``width_mm`` × ``height_mm``; the
    page is ``page_width_mm`` × ``page_height_mm`` (trim + 2 × bleed). Lengths in mm."""

    left_mm: float
    top_mm: float
    width_mm: float
    height_mm: float
    page_width_mm: float
    page_height_mm: float

    def as_data(self) -> dict[str, float]:
        """The rectangle as a JSON object of its six lengths (mm, rounded to 0.001 mm)."""
        return {name: round(getattr(self, name), 3) for name in _LENGTHS}

    @classmethod
    def from_data(cls, data: Any) -> FaceBox:
        """The rectangle :meth:`as_data` made. Raises ValueError saying why for anything
        else: not an object of the six lengths, a length that is not a finite number, a
        page side not in (0, :data:`MAX_PAGE_MM`], or a rectangle not inside its page."""
        if not isinstance(data, dict):
            raise ValueError(f"box is not an object: {data!r:.40}")
        box = cls(**{name: stored_mm(data[name], f"box {name}")  # KeyError: a length missing
                     for name in cls.__dataclass_fields__})
        if not (0 < box.page_width_mm <= MAX_PAGE_MM and 0 < box.page_height_mm <= MAX_PAGE_MM):
            raise ValueError(f"box page size {box.page_width_mm} × {box.page_height_mm} mm is out of range")
        if (min(box.left_mm, box.top_mm, box.width_mm, box.height_mm) < 0
                or box.left_mm + box.width_mm > box.page_width_mm + ROUNDING_MM
                or box.top_mm + box.height_mm > box.page_height_mm + ROUNDING_MM):
            raise ValueError(f"box {box.left_mm}, {box.top_mm} mm, {box.width_mm} × {box.height_mm} mm "
                             f"is not inside its {box.page_width_mm} × {box.page_height_mm} mm page")
        return box


_LENGTHS = tuple(f.name for f in fields(FaceBox))
"""FaceBox's six lengths, in field order (as :meth:`FaceBox.as_data` stores them)."""


def stored_mm(value: Any, what: str) -> float:
    """A length read from a stored entry (mm) as a float. Raises ValueError naming ``what``
    unless it is a finite JSON number (not a string, a boolean, NaN or infinity)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{what} is not a finite number: {value!r:.40}")
    return float(value)


def cut_to_page(left: float, top: float, right: float, bottom: float,
                page_width: float, page_height: float) -> FaceBox | None:
    """The part of the rectangle ``left``–``right`` × ``top``–``bottom`` (mm from the page's
    top-left corner) inside a ``page_width`` × ``page_height`` mm page, as a :class:`FaceBox`;
    None when nothing of it is on the page. A box with no width or height keeps its place."""
    x0, y0 = max(left, 0.0), max(top, 0.0)
    x1, y1 = min(right, page_width), min(bottom, page_height)
    if x1 < x0 or y1 < y0:
        return None
    return FaceBox(x0, y0, x1 - x0, y1 - y0, page_width, page_height)
