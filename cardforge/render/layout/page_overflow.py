"""Booklet pages read back from WeasyPrint's layout: which source blocks overflow the page.

A booklet's HTML gives every block written in Markdown an element id
(:class:`cardforge.booklet.booklet_html.BookletHTML` ``units``). After layout,
:func:`measure_pages` finds each such block on each page and measures how far it reaches
past the page area (the page inside its margins): a line that cannot break (a long word,
a URL) runs off the right edge, a picture wider than the column runs into the margin.
It also notes which block each page starts with, so content past a page limit can be
traced back to its source. Lengths are in mm. A measurement is plain data, kept as JSON
in the face cache by the lint (:func:`cardforge.lint.layout_measures.booklet_layout`) and with each
laid-out booklet by the build (:mod:`cardforge.render.cache.content_cache`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cardforge.build.cache_entries import dump_json, read_json
from cardforge.render.layout.text_overflow import Overflow, measure_within


@dataclass(frozen=True)
class PageOverflow:
    """Block ``unit`` (its element id) on page ``page`` (1-based) reaches ``overflow`` (mm,
    per side) past the page area."""

    unit: str
    page: int
    overflow: Overflow


@dataclass(frozen=True)
class PagesMeasured:
    """``overflows``: every block that reaches past its page area (by any amount above 0);
    ``first_units``: per page, the id of the first block on it (None for a page with none,
    such as a cover)."""

    overflows: list[PageOverflow]
    first_units: list[str | None]

    @property
    def pages(self) -> int:
        """How many pages the document has."""
        return len(self.first_units)

    def as_data(self) -> dict[str, Any]:
        """This measurement as plain JSON data (read back by :meth:`from_data`)."""
        return {"first_units": self.first_units, "overflows": [
            {"unit": o.unit, "page": o.page, **asdict(o.overflow)} for o in self.overflows]}

    @classmethod
    def from_data(cls, data: Any, where: str) -> PagesMeasured:
        """The measurement :meth:`as_data` made. Raises ValueError naming ``where`` for
        anything else."""
        try:
            overflows = [PageOverflow(str(item["unit"]), int(item["page"]), Overflow(
                field=str(item["field"]), **{side: float(item[side]) for side in _SIDES}))
                for item in data["overflows"]]
            first = [None if unit is None else str(unit) for unit in data["first_units"]]
            return cls(overflows, first)
        except (TypeError, KeyError, AttributeError, ValueError) as exc:
            raise ValueError(f"{where}: not a booklet page measurement: {exc}") from None

    def dumps(self, key: str) -> str:
        """This measurement as the JSON cache entry of ``key`` (read back by :meth:`loads`)."""
        return dump_json(key, self.as_data())

    @classmethod
    def loads(cls, path: Path, key: str) -> PagesMeasured:
        """The measurement :meth:`dumps` wrote for ``key`` at ``path``, read through the trust
        boundary. Raises ValueError for anything else (missing, a symlink, too large, not
        such JSON, another key's)."""
        return cls.from_data(read_json(path, key), str(path))


_SIDES = ("top_mm", "bottom_mm", "left_mm", "right_mm")


def measure_pages(pages: Collection[Any], units: Collection[str]) -> PagesMeasured:
    """Measure the laid-out WeasyPrint ``pages`` (``document.pages``) for the blocks whose
    element ids are ``units``; a block broken over two pages is measured on each."""
    overflows: list[PageOverflow] = []
    first_units: list[str | None] = []
    for number, page in enumerate(pages, 1):
        root = page._page_box
        x, y = root.content_box_x(), root.content_box_y()
        area = (x, y, x + root.width, y + root.height)
        seen: set[str] = set()
        first: str | None = None
        for box in root.descendants(placeholders=True):
            element = getattr(box, "element", None)
            unit = element.get("id") if element is not None and hasattr(element, "get") else None
            if unit not in units or unit in seen or not hasattr(box, "position_y"):
                continue
            seen.add(unit)
            first = first or unit
            overflow = measure_within(box, area)
            if overflow.height_mm > 0 or overflow.width_mm > 0:
                overflows.append(PageOverflow(unit, number, overflow))
        first_units.append(first)
    return PagesMeasured(overflows, first_units)
