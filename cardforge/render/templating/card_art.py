"""Card art: an ``art:`` file must exist inside the workspace before any face is rendered."""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import RenderError
from cardforge.model.game_model import Game


def check_art(game: Game, roots: list[Path]) -> None:
    """Raise RenderError (at the card's ``art:`` line) for an ``art`` file that is missing,
    lies outside ``roots`` or has a path the system cannot use (a NUL byte, too long)."""
    resolved_roots = [r.resolve() for r in roots]
    for card in game.cards():
        art = card.data.get("art")
        if not isinstance(art, str):
            continue
        where = f"{card.locate('art')}: card {card.id}"
        shown = repr(art if len(art) <= 80 else art[:80] + "…")
        try:
            path = (game.root / art).resolve()
            found = path.is_file()
        except (OSError, ValueError) as exc:  # a NUL byte, a name or path too long
            raise RenderError(f"{where}: art path {shown} cannot be used: "
                              f"{getattr(exc, 'strerror', None) or exc}",
                              hint="give a short relative path, e.g. art/<card>.png") from None
        if not any(path.is_relative_to(root) for root in resolved_roots):
            raise RenderError(f"{where}: art {shown} is outside the workspace",
                              hint="keep images inside the workspace, e.g. cards/<game>/art/")
        if not found:
            raise RenderError(f"{where}: art file {shown} not found ({path})",
                              hint="paths are relative to the game's folder")
