"""The distinct faces of a render, in page order: equal faces of equal size share a page."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from cardforge.model.card_geometry import CardGeometry


@dataclass
class DistinctFaces:
    """Distinct faces in page order, deduplicated by geometry and the SHA-256 of their HTML:
    ``fragments`` (HTML), ``owners`` (who uses each, for messages), ``geometries``."""

    fragments: list[str] = field(default_factory=list)
    owners: list[list[str]] = field(default_factory=list)
    geometries: list[CardGeometry] = field(default_factory=list)
    _index: dict[tuple[CardGeometry, str], int] = field(default_factory=dict)

    def add(self, html: str, owner: str, geometry: CardGeometry) -> int:
        """Add face ``html`` of ``geometry`` used by ``owner``; returns its 0-based page."""
        key = (geometry, hashlib.sha256(html.encode("utf-8")).hexdigest())
        if key not in self._index:
            self._index[key] = len(self.fragments)
            self.fragments.append(html)
            self.owners.append([])
            self.geometries.append(geometry)
        page = self._index[key]
        self.owners[page].append(owner)
        return page
