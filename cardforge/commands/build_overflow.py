"""Text overflow (TR105) in ``cardforge build``, from the layout the build already did.

Every face WeasyPrint lays out is measured there and then, the measurements stored beside
the face in the face cache (:mod:`cardforge.render.layout.text_overflow`); a booklet's page
measurement comes with the laid-out booklet (the booklet products report it).
While one game is built, :class:`OverflowWatch` is told the card faces each product made,
per language (cache hits included); at the end of the game it reads their measurements
(nothing is laid out again) and turns them into TR105 Problems with the very function
``cardforge lint --layout`` uses
(:func:`~cardforge.lint.player_text_rules.tr105_text_overflow.face_problems`),
adds the booklets' page-overflow warnings the products reported, and configures them as a
lint run does (selection, severity, a card's ``lint-ignore: [TR105]``:
:func:`~cardforge.lint.engine.configured`) before passing them on as the build's warnings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardforge.lint.engine import configured
from cardforge.lint.layout_measures import measured_faces
from cardforge.lint.player_text_rules import tr105_text_overflow as tr105
from cardforge.lint.rule import from_module
from cardforge.model.game_model import Game
from cardforge.problem import Problem
from cardforge.workspace.workspace_config import Config

if TYPE_CHECKING:
    from cardforge.render.cache.face_cache import FaceCache
    from cardforge.render.card_render import RenderedFaces
    from cardforge.render.layout.text_overflow import Overflow

@dataclass
class OverflowWatch:
    """What one game's build reports, held until the game is done: ``game`` (as loaded, for
    the YAML lines), ``problems`` the products reported (preflight, booklet pages) and the
    card ``faces`` they made, each with its language (page maps and cached files only)."""

    game: Game
    problems: list[Problem] = field(default_factory=list)
    faces: list[tuple[str, RenderedFaces]] = field(default_factory=list)

    def report(self, problem: Problem) -> None:
        """A product's warning (``BuildOptions.report``)."""
        self.problems.append(problem)

    def faces_made(self, lang: str, faces: RenderedFaces) -> None:
        """A product made ``faces`` in ``lang`` (``BuildOptions.faces_made``): kept without
        their PDF or face book filler, to be measured once every face is in the cache."""
        self.faces.append((lang, replace(faces, filler=None)))

    def finish(self, config: Config, cache: FaceCache, tell: Callable[[Problem], None] | None,
               notes: list[str], *, complete: bool = True) -> None:
        """Read the stored measurements of the faces made (each face file once) into TR105
        Problems and pass every warning to ``tell``: the products' own as they are, TR105
        (faces and booklet pages) as ``config`` configures it. When the game's build is
        ``complete`` (it did not fail), faces whose measurements cannot be read are named
        in a note added to ``notes`` and discarded from ``cache``, so that they are laid
        out (and measured) again. Raises OSError only from the cache."""
        known: dict[Path, list[Overflow]] = {}
        unreadable: dict[Path, str] = {}
        overflows = [p for p in self.problems if p.code == tr105.CODE]
        for lang, faces in self.faces:
            measured = measured_faces(faces, known)
            unreadable.update(measured.unreadable)
            overflows += tr105.face_problems(self.game, lang, measured.items)
        others = [p for p in self.problems if p.code != tr105.CODE]
        rules = {tr105.CODE: from_module(tr105, "core")}
        for problem in [*others, *configured(overflows, self.game, rules, config)]:
            if tell:
                tell(problem)
        if unreadable and complete:
            first = next(iter(unreadable.values()))
            notes.append(f"{self.game.id}: text overflow (TR105) not checked on {len(unreadable)} "
                         f"face(s) whose stored measurements could not be read (the first: {first}); "
                         "they were removed from the face cache: `cardforge build --force` or "
                         "`cardforge lint --layout` lays them out and measures them again")
            for face in unreadable:
                cache.discard(face.stem)
