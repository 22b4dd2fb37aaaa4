"""Print units and paper: points per millimetre, and the paper sizes a sheet can be printed on.

Every length cardforge reads from a designer is in mm; PDF pages and boxes are in points
(1/72 inch). The paper sizes are the ``--paper`` choices of ``cardforge build``.
"""

from __future__ import annotations

MM_TO_PT: float = 72 / 25.4
"""Points (1/72 inch) per millimetre."""

PAPER: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Portrait paper sizes, (width, height) in mm, by lower-case name."""

PAPER_LABELS: dict[str, str] = {"a4": "A4", "letter": "Letter"}
"""How help and messages spell each of :data:`PAPER`'s names (a test keeps the keys equal)."""


def paper_labels(joiner: str = " / ") -> str:
    """Every paper's label in :data:`PAPER`'s order, joined: ``"A4 / Letter"``."""
    return joiner.join(PAPER_LABELS[name] for name in PAPER)


def mm_to_pt(mm: float) -> float:
    """Convert millimetres to PDF points."""
    return mm * MM_TO_PT


def pt_to_mm(pt: float) -> float:
    """Convert PDF points to millimetres."""
    return pt / MM_TO_PT
