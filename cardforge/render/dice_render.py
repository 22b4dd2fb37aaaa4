"""Die faces, rendered: every distinct face of a game's custom dice laid out once, one PDF.

Each face is the template ``die-face.html.j2`` (first found on
:func:`~cardforge.boundary.resources.template_search_path`: a workspace's ``templates/<game>/``
or ``templates/_base/`` overrides the built-in one), styled by ``die-face.css`` (found the
same way). Pages are the die's edge square plus bleed on every side (TrimBox = the face),
so the nets, the sticker sheets and the PNGs all place or rasterise the same vector pages.
Icons are inline SVG, so symbols stay vector in every PDF.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2

from cardforge.boundary.resources import templates_dir
from cardforge.dice.custom_dice import CustomDie, Face, pip_layout
from cardforge.errors import RenderError
from cardforge.model.game_model import Game
from cardforge.render.cache.content_cache import cached_pages
from cardforge.render.layout.face_layout import require_fonts
from cardforge.render.templating.game_templates import game_templates
from cardforge.render.templating.plain_views import Views
from cardforge.render.templating.stylesheets import read_source
from cardforge.render.templating.template_env import first_template, render

TEMPLATE = "die-face.html.j2"
STYLESHEET = "die-face.css"
STICKER_BLEED_MM = 1.0
"""Bleed around each printed face, in mm."""


@dataclass(frozen=True)
class DieFaces:
    """The faces of a game's dice in one language: ``pdf`` (one page per distinct face,
    ``edge_mm`` square plus ``bleed_mm`` on every side, TrimBox = the face), ``page``
    ((die id, 0-based side) → 0-based page index), ``blank`` (the page of an empty face, for
    padding) and ``dice`` in the order given."""

    pdf: bytes
    page: dict[tuple[str, int], int]
    blank: int
    dice: tuple[CustomDie, ...]
    edge_mm: float
    bleed_mm: float


def render_die_faces(game: Game, dice: Sequence[CustomDie], lang: str, workspace: Path,
                     edge_mm: float, bleed_mm: float = STICKER_BLEED_MM, *,
                     cache_root: Path | None = None) -> DieFaces:
    """Render every face of ``dice`` (of ``game``, in ``lang``) at ``edge_mm`` (mm), the
    faces' document laid out once and kept under ``cache_root`` (None: not kept; see
    :func:`~cardforge.render.cache.content_cache.cached_pages`).

    A face's ``symbols`` reach the template as ``[{"icon", "x", "y"}]`` (pip places); like
    every context, it is plain data (``die`` and ``face`` as dicts of their fields); ``t``
    and ``icon(name)`` are globals.
    Raises RenderError for no dice, a face icon no icon set has or a face with more than
    six symbols (naming die and side), a missing template or stylesheet, or any WeasyPrint
    warning; MissingFontError when a font the text needs is not installed.
    """
    if not dice:
        raise RenderError(f"{game.id}: no custom dice to print",
                          hint="the pack's GameSpec.dice(game) returned none")
    templates = game_templates(game, lang, workspace)
    env, fallback, icons = templates.env, templates.fallback, templates.icons
    template = first_template(env, [TEMPLATE])
    common = {"game": game, "lang": lang, "fallback": fallback,
              "geometry": {"edge": edge_mm, "bleed": bleed_mm}}
    views: Views = {}  # the game's view, made once for every face
    fragments: list[str] = []
    index: dict[str, int] = {}

    def add(html: str) -> int:
        key = hashlib.sha256(html.encode("utf-8")).hexdigest()
        if key not in index:
            index[key] = len(fragments)
            fragments.append(html)
        return index[key]

    page: dict[tuple[str, int], int] = {}
    for die in dice:
        for side, face in enumerate(die.faces):
            for name in face.symbols:
                if not icons.known(name):
                    raise RenderError(f"{game.id}: die {die.id!r} side {side + 1}: no icon "
                                      f"{name!r}", hint=f"add templates/{game.id}/icons/"
                                                        f"{name}.svg")
            try:
                symbols = _symbols(face)
            except ValueError as error:
                raise RenderError(f"{game.id}: die {die.id!r} side {side + 1}: {error}",
                                  hint="split the symbols over several faces") from None
            context = {**common, "die": die, "face": face, "side": side + 1,
                       "caption": face.caption(lang, fallback), "symbols": symbols}
            page[(die.id, side)] = add(render(env, template, context, views))
    blank = add('<div class="die-face die-face-blank"></div>')
    require_fonts(fragments)
    roots = [workspace, templates_dir(), *([game.spec.templates_dir] if game.spec.templates_dir else [])]
    pdf = cached_pages("die faces", fragments, _stylesheet(env), edge_mm, edge_mm, bleed_mm,
                       base_url=game.root, roots=roots, cache_root=cache_root)
    return DieFaces(pdf=pdf, page=page, blank=blank, dice=tuple(dice), edge_mm=edge_mm,
                    bleed_mm=bleed_mm)


def _symbols(face: Face) -> list[dict[str, object]]:
    """``[{"icon", "x", "y"}]``: each symbol of ``face`` with its pip place (x right, y
    down, in pip steps −1…1 from the centre; see :func:`cardforge.dice.custom_dice.pip_layout`).
    Raises ValueError for more than six symbols."""
    if not face.symbols:
        return []
    places = pip_layout(len(face.symbols))
    return [{"icon": name, "x": x, "y": y} for name, (x, y) in zip(face.symbols, places,
                                                                  strict=True)]


def _stylesheet(env: jinja2.Environment) -> str:
    """The first ``die-face.css`` on the search path. Raises RenderError when none is, or
    when the one found cannot be read."""
    found = read_source(env, STYLESHEET)
    if found is None:
        raise RenderError(f"stylesheet {STYLESHEET} not found", hint="it belongs in templates/_base/")
    return found[0]
