"""What the preview page shows: plain, frozen dataclasses, rendered to HTML and to JSON.

Image keys are 64 hex digits: a face's key is its face-cache key (the SHA-256 of everything
that shapes the face), so a face that changed gets a new key and a new URL; a product
page's key is a hash of its PDF and page number. Paths are shown relative to the workspace.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardforge.problem import Problem

KEY = re.compile(r"[0-9a-f]{64}")
"""What an image key looks like (the only thing an image URL may carry)."""


def shown_path(path: Path, workspace: Path) -> str:
    """``path`` relative to ``workspace`` (POSIX) when inside it, else as given."""
    try:
        return path.resolve().relative_to(workspace.resolve()).as_posix()
    except (OSError, ValueError):
        return str(path)


@dataclass(frozen=True)
class ProblemView:
    """One problem as the panel lists it: ``file``:``line``:``col``, ``code``, ``severity``
    (error, warning, info), ``message`` and ``hint`` (may be empty)."""

    file: str
    line: int
    col: int
    code: str
    severity: str
    message: str
    hint: str = ""

    @classmethod
    def of(cls, problem: Problem, workspace: Path) -> ProblemView:
        """The view of a lint or loading ``problem``."""
        return cls(shown_path(problem.path, workspace), problem.line, problem.col, problem.code,
                   str(problem.severity), problem.message, problem.hint or "")


@dataclass(frozen=True)
class OutlineView:
    """Where a text box stands on the face image (the trim), in % of the image's size from
    its top-left corner: ``left`` and ``width`` of its width, ``top`` and ``height`` of its
    height (numbers from the layout, 0–100, never text)."""

    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True)
class OverflowView:
    """A text box on a face whose text overflows: ``field`` (as the template marks the box),
    by how much, ``mm`` (the larger of the height and width overflow), and the box's
    ``outline`` on the face (None when its place is not known or it lies in the bleed)."""

    field: str
    mm: float
    outline: OutlineView | None = None


@dataclass(frozen=True)
class FaceView:
    """One face: its image ``key``, the image's ``width`` and ``height`` (px: the trim at the
    preview's dpi, so the page keeps its place while images load) and the ``overflows``
    measured on it (0.1 mm or more)."""

    key: str
    width: int
    height: int
    overflows: tuple[OverflowView, ...] = ()


@dataclass(frozen=True)
class CardView:
    """One card design: ``id``, ``name`` (in the page's language), ``copies`` printed, its
    YAML ``file`` and ``line``, its ``front`` face and, for a deck whose cards have their own
    backs, its ``back``."""

    id: str
    name: str
    copies: int
    file: str
    line: int
    front: FaceView
    back: FaceView | None = None


@dataclass(frozen=True)
class DeckView:
    """One deck: ``id``, ``name``, its shared ``back`` face (None when each card has its
    own), its ``cards`` and ``copies`` (cards printed, quantities summed)."""

    id: str
    name: str
    back: FaceView | None
    cards: tuple[CardView, ...]
    copies: int


@dataclass(frozen=True)
class ProductView:
    """A product shown as page images: ``name`` (``rules``, ``dice``, ``stats``…), ``title``,
    ``pages`` (image keys, in order), ``note`` (why there is nothing, or what went wrong)."""

    name: str
    title: str
    pages: tuple[str, ...] = ()
    note: str = ""


@dataclass
class GameView:
    """One game as the page shows it: ``id``, ``name``, ``languages``; per language its
    ``decks`` and ``products``; the ``problems`` (loading, rendering and lint) and whether
    the faces shown are ``stale`` (the last good ones, kept while the data has errors);
    ``laid_out``: faces the last rebuild laid out (the rest came from the face cache);
    ``linted``: whether the problems include the lint's (else only loading's so far)."""

    id: str
    name: str
    languages: list[str]
    decks: dict[str, tuple[DeckView, ...]] = field(default_factory=dict)
    products: dict[str, tuple[ProductView, ...]] = field(default_factory=dict)
    problems: list[ProblemView] = field(default_factory=list)
    stale: bool = False
    laid_out: int = 0
    linted: bool = False

    def face_keys(self) -> set[str]:
        """Every face image key shown, in every language."""
        keys: set[str] = set()
        for decks in self.decks.values():
            for deck in decks:
                keys.update([deck.back.key] if deck.back else [])
                for card in deck.cards:
                    keys.update([card.front.key, *([card.back.key] if card.back else [])])
        return keys


@dataclass(frozen=True)
class Place:
    """Where a face image is shown on the page: game ``game`` in language ``lang``, the
    image whose ``data-<attr>`` attribute (``card``, ``card-back`` or ``back``) is ``owner``
    (a card or deck id), showing face ``key``."""

    game: str
    lang: str
    attr: str
    owner: str
    key: str


@dataclass(frozen=True)
class Snapshot:
    """Everything the page shows at one moment: ``version`` (raised at each publish),
    ``games`` by id (in workspace order), ``problems`` not of one game (configuration) and
    ``busy`` (a rebuild is running)."""

    version: int
    games: dict[str, GameView]
    problems: tuple[ProblemView, ...] = ()
    busy: bool = False

    def face_keys(self) -> set[str]:
        """Every face image key shown, in every game."""
        return set().union(*(game.face_keys() for game in self.games.values()))

    def places(self, keys: set[str] | frozenset[str], limit: int) -> list[Place]:
        """Where each face of ``keys`` is shown (at most ``limit`` places, in page order)."""
        found: list[Place] = []
        for gid, game in self.games.items():
            for lang, decks in game.decks.items():
                for deck in decks:
                    shown = [("back", deck.id, deck.back)] + [
                        side for card in deck.cards for side in
                        (("card", card.id, card.front), ("card-back", card.id, card.back))]
                    found += [Place(gid, lang, attr, owner, face.key) for attr, owner, face in shown
                              if face is not None and face.key in keys]
                    if len(found) >= limit:
                        return found[:limit]
        return found

    def data(self) -> dict[str, Any]:
        """The snapshot as plain JSON data (``/state.json``)."""
        return {"version": self.version, "busy": self.busy,
                "problems": [asdict(p) for p in self.problems],
                "games": {gid: asdict(game) for gid, game in self.games.items()}}
