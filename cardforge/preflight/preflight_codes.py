"""The preflight codes, light to import (``cardforge explain`` lists them)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "PF101": "card-size: the card is designed at a size other than the shop's (beyond its tolerance)",
    "PF102": "bleed-empty: art reaches the trim but not into the bleed",
    "PF103": "low-resolution: an image in a face is drawn at fewer dpi than the shop needs",
    "PF104": "rgb-colour: RGB (or Lab) colour where the shop prints CMYK only",
    "PF105": "transparency: soft masks, opacity or blend modes where the shop's PDF/X forbids them",
    "PF106": "face-size: a laid-out face is not the shop's trim + bleed (a template changed @page)",
}
"""Preflight codes and what each reports."""
