"""The one card geometry type: a card's trim, bleed and safe area, in mm.

A :class:`CardGeometry` is made once, from game.yaml's ``card:`` and a deck's own
(:meth:`cardforge.model.game_model.Game.card_geometry`), or from a print shop's profile laid over
that (:meth:`cardforge.workspace.print_profiles.Profile.geometry`), and passed as it is to whatever lays
faces out, keys the face cache, preflights or imposes sheets. This module imports nothing
of cardforge, so every layer may use it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

DEFAULT_BLEED_MM = 3.0
"""Bleed beyond the trim when game.yaml sets none, in mm."""

DEFAULT_SAFE_MM = 4.0
"""Safe-area inset from the trim when game.yaml sets none, in mm."""


@dataclass(frozen=True)
class CardGeometry:
    """The printed size of one card, in mm (every field is stored as a float).

    ``width_mm`` × ``height_mm`` is the trim (the cut card); ``bleed_mm`` is the art that
    runs past the trim on every side; ``safe_mm`` is the inset from the trim that text
    should stay inside. Making one never fails; :meth:`check` says whether it can be
    printed (sheets check before they impose, lint rule CF010 reports it).
    """

    width_mm: float
    height_mm: float
    bleed_mm: float = DEFAULT_BLEED_MM
    safe_mm: float = DEFAULT_SAFE_MM

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, float(getattr(self, f.name)))

    def check(self) -> None:
        """Raise ``ValueError`` on a non-positive size, a negative bleed or safe margin, or a
        safe margin that leaves no safe area."""
        if self.width_mm <= 0 or self.height_mm <= 0:
            raise ValueError(
                f"card size must be positive, got {self.width_mm} × {self.height_mm} mm"
            )
        if self.bleed_mm < 0 or self.safe_mm < 0:
            raise ValueError(
                f"bleed and safe margin must not be negative, got bleed {self.bleed_mm} mm,"
                f" safe {self.safe_mm} mm"
            )
        if 2 * self.safe_mm >= min(self.width_mm, self.height_mm):
            raise ValueError(
                f"safe margin {self.safe_mm} mm leaves no safe area on a"
                f" {self.width_mm} × {self.height_mm} mm card"
            )

    @property
    def trim(self) -> tuple[float, float]:
        """(width, height) of the trim in mm."""
        return self.width_mm, self.height_mm

    @property
    def bleed_width(self) -> float:
        """Width in mm including the bleed on both sides."""
        return self.width_mm + 2 * self.bleed_mm

    @property
    def bleed_height(self) -> float:
        """Height in mm including the bleed on both sides."""
        return self.height_mm + 2 * self.bleed_mm

    @property
    def key_text(self) -> str:
        """The geometry as face-cache keys spell it: ``"(width, height, bleed, safe)"`` in mm,
        each a float (e.g. ``"(63.0, 88.0, 3.0, 4.0)"``)."""
        return repr((self.width_mm, self.height_mm, self.bleed_mm, self.safe_mm))

    def template_context(self) -> dict[str, float]:
        """What templates see as ``geometry``: ``w``, ``h`` (trim), ``bleed``, ``safe`` in mm."""
        return {"w": self.width_mm, "h": self.height_mm, "bleed": self.bleed_mm, "safe": self.safe_mm}

    def with_changes(self, *, trim: tuple[float, float] | None = None, bleed_mm: float | None = None,
                     safe_mm: float | None = None) -> CardGeometry:
        """This geometry with the given ``trim`` (width, height), ``bleed_mm`` and ``safe_mm``
        (mm) in place of its own; None keeps its own."""
        width, height = trim or self.trim
        return CardGeometry(width, height, self.bleed_mm if bleed_mm is None else bleed_mm,
                            self.safe_mm if safe_mm is None else safe_mm)

    @classmethod
    def poker(cls) -> CardGeometry:
        """A poker card: 63 × 88 mm trim, 3 mm bleed, 4 mm safe margin."""
        return cls(63.0, 88.0, 3.0, 4.0)
