"""What a laid-out booklet's page measurement says is wrong, as warnings at the rules' lines.

A heading, paragraph or list item that reaches past its page (a long word, a URL, a
picture wider than the column) would be cut off in print; a quick-reference sheet longer
than :data:`SHEET_PAGES` pages is no longer a sheet. ``cardforge build`` reports these as
warnings (the booklet is still written) with lint's code for text overflow, ``TR105``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardforge.problem import Problem, Severity

if TYPE_CHECKING:  # types only: lint imports this module without laying anything out
    from cardforge.booklet.rules_markdown import Block
    from cardforge.render.layout.page_overflow import PagesMeasured
    from cardforge.render.layout.text_overflow import Overflow

CODE = "TR105"
"""The code of these warnings: lint's text-overflow rule, which measures the same pages."""

MIN_MM = 0.1
"""Overflows below this (mm) are layout rounding, not text anyone could see cut off."""

SHEET_PAGES = 2
"""Most pages a quick-reference sheet may have (it is one or two A4 pages)."""

BOOKLETS = {"rules": "rule booklet", "rulesheet": "quick-reference sheet"}
"""The booklet products measured (when the game pack lists them), with their names in messages."""


def excess(over: Overflow) -> str:
    """``"2.1 mm too tall and 0.4 mm too wide"``: the directions ``over`` reaches
    :data:`MIN_MM` mm or more past its box or page in (mm, one decimal)."""
    return " and ".join(f"{amount:.1f} mm too {what}" for amount, what in
                        ((over.height_mm, "tall"), (over.width_mm, "wide")) if amount >= MIN_MM)


def page_problems(kind: str, lang: str, units: Mapping[str, Block],
                  measured: PagesMeasured) -> list[Problem]:
    """Warnings for the ``kind`` booklet (``rules`` or ``rulesheet``) in ``lang`` whose
    pages ``measured`` describes (``units``: element id → the block it was made from):
    one at each block that reaches :data:`MIN_MM` mm or more past its page area, and, for a
    sheet over :data:`SHEET_PAGES` pages, one at the first block past the limit. The same
    measurement always gives the same list: ``cardforge build`` reports it from the
    measurement it made or found cached, ``cardforge lint --layout`` (TR105) from the same."""
    what = f"{BOOKLETS.get(kind, kind)} ({lang})"
    found: list[Problem] = []
    for item in measured.overflows:
        over, block = item.overflow, units.get(item.unit)
        size = max(over.height_mm, over.width_mm)
        if block is None or size < MIN_MM:
            continue
        found.append(Problem(block.location, CODE,
                             f"{what}, page {item.page}: this {block.kind} overflows the page "
                             f"by {size:.1f} mm ({excess(over)})", severity=Severity.WARNING,
                             hint="break up the long word or line (a URL, a run of characters "
                                  "without spaces), or shorten it"))
    if kind == "rulesheet" and measured.pages > SHEET_PAGES:
        past = next((u for u in measured.first_units[SHEET_PAGES:] if u in units), None)
        block = units[past] if past else next(reversed(units.values()), None)
        if block is not None:
            found.append(Problem(block.location, CODE,
                                 f"{what} runs to {measured.pages} pages, {SHEET_PAGES} at "
                                 "most: from here on it does not fit", severity=Severity.WARNING,
                                 hint="shorten the headings and list items (the sheet prints "
                                      "only those); detail belongs in paragraphs, which only "
                                      "the booklet prints"))
    return found
