"""A game's boards: game.yaml's ``boards:``, each a page drawn by a template at a size in mm.

A board (a map of squares, a score track, a player mat) is printed like any other
component: the ``board`` product lays its template out at the board's size and tiles it
on A4 or Letter sheets with overlap marks when it is larger than the paper. Its size
follows from facts, as a CEL expression or a number::

    boards:
      map:
        name: {ja: マップ, en: Map}
        template: map.html.j2          # templates/<game>/; its stylesheet: map.css beside it
        width: "facts.map.columns * facts.map.square.width"     # mm
        height: "facts.map.rows * facts.map.square.height"      # mm
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardforge.model.game_model import Game
from cardforge.model.print_copies import game_number

KEY = "boards"
"""game.yaml's top-level key."""
MIN_SIDE_MM, MAX_SIDE_MM = 20.0, 2000.0
"""Smallest and largest side of a board, in mm (2 m: about 60 A4 sheets at most)."""


@dataclass(frozen=True)
class Board:
    """One board: ``id`` (its key), ``name`` (``{lang: text}``), ``template`` (a file name
    under templates/<game>/; its stylesheet is the same name with ``.css`` for
    ``.html.j2``), ``width_mm`` × ``height_mm`` (the trim, mm)."""

    id: str
    name: Mapping[str, str]
    template: str
    width_mm: float
    height_mm: float

    @property
    def stylesheet(self) -> str:
        """The stylesheet's file name: ``map.html.j2`` → ``map.css``."""
        stem = self.template.removesuffix(".j2").removesuffix(".html")
        return f"{stem}.css"


def boards(game: Game) -> list[Board]:
    """The boards game.yaml declares, in order ([] without ``boards:``). Raises ConfigError
    at the line of a ``width`` or ``height`` that is not a number of mm from MIN_SIDE_MM
    to MAX_SIDE_MM (see :func:`cardforge.model.print_copies.game_number`). The schema (CF003)
    checks the rest of each entry."""
    declared: Any = game.info.get(KEY)
    if not isinstance(declared, Mapping):
        return []
    found = []
    for board_id, entry in declared.items():
        if not isinstance(entry, Mapping):
            continue
        found.append(Board(
            id=str(board_id), name=entry.get("name") or {}, template=str(entry.get("template")),
            width_mm=float(game_number(game, (KEY, board_id, "width"), MIN_SIDE_MM, MAX_SIDE_MM)),
            height_mm=float(game_number(game, (KEY, board_id, "height"), MIN_SIDE_MM, MAX_SIDE_MM))))
    return found
