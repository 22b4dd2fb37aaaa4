"""A game's templates: the sandboxed Jinja2 environment every face, die face and board of
one game and language is rendered in, with the globals and filters templates may use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from cardforge.boundary.resources import template_search_path
from cardforge.model.game_model import Game
from cardforge.render.templating.icons import IconSet, render_text
from cardforge.render.templating.layout_html import layout_boxes
from cardforge.render.templating.sandbox import LimitedSandbox
from cardforge.render.templating.template_env import make_environment, translator


@dataclass(frozen=True)
class GameTemplates:
    """``env``: the environment (templates found on ``search_path``: the workspace's
    ``templates/<game>/`` first, then the pack's and the built-in ones), whose globals are
    ``t(text)`` (a ``{lang: text}`` mapping in ``lang``, else ``fallback``, the game's
    source language) and ``icon(name)``, and whose ``icons`` filter turns ``:name:`` tokens
    into the game's ``icons``."""

    env: LimitedSandbox
    search_path: list[Path]
    icons: IconSet
    fallback: str


def game_templates(game: Game, lang: str, workspace: Path) -> GameTemplates:
    """The templates of ``game`` in ``lang`` (see :class:`GameTemplates`). Raises RenderError
    for an icon file that is not a safe SVG (see :meth:`IconSet.for_game`)."""
    search_path = template_search_path(workspace, game.id, game.spec.templates_dir)
    env = make_environment(search_path)
    icons = IconSet.for_game(search_path, game.spec.icons_dir)
    env.filters["icons"] = lambda text: render_text(str(text), icons)
    env.globals["icon"] = lambda name: render_text(f":{name}:", icons)
    env.globals["t"] = translator(lang, game.source_language)
    env.globals["layout_boxes"] = partial(layout_boxes, t=env.globals["t"],
                                          icons=lambda text: render_text(text, icons))
    return GameTemplates(env, search_path, icons, game.source_language)
