"""What every product builder shares: its signature, the way it declines a language, and
where it writes.

A builder is ``build(game, lang, options) -> list[Path]``: it writes its files (atomically)
under ``options.out / game.id`` and returns their paths.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardforge.model import Game
from cardforge.products.options import BuildOptions

Builder = Callable[[Game, str, BuildOptions], list[Path]]
"""A product builder: (game, language, options) → the paths it wrote."""


class ProductSkipped(Exception):
    """A product that cannot be made in this language yet; the build reports the message as a
    note and goes on (it is not a failure)."""


def folder(options: BuildOptions, game: Game, product: str, lang: str) -> Path:
    """``<out>/<game>/<game>-<product>[-<lang>]``; the game's first language has no tag."""
    tag = "" if lang == game.languages[0] else f"-{lang}"
    return options.out / game.id / f"{game.id}-{product}{tag}"


def output_path(options: BuildOptions, game: Game, product: str, lang: str, suffix: str) -> Path:
    """``<out>/<game>/<game>-<product>[-<lang>]-<suffix>``; the game's first language has no tag."""
    base = folder(options, game, product, lang)
    return base.with_name(f"{base.name}-{suffix}")
