"""What every product builder shares: its signature, the way it declines a language, and
where it writes.

A builder is ``build(game, lang, options) -> list[Path]``: it writes its files (atomically)
under ``options.out / game.id`` and returns their paths.

File names: every file or folder a product writes is named
``<game>-<product>-<lang>[-<variant>]`` (``comic-creator-cards-ja-a4.pdf``,
``comic-creator-rules-en.pdf``, ``dice-tuners-tts-ja/``): the language is always there,
whichever language game.yaml lists first or writes the texts in, so a designer can say
every name before building and adding a language renames nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardforge.model.game_model import Game
from cardforge.products.product_options import BuildOptions

Builder = Callable[[Game, str, BuildOptions], list[Path]]
"""A product builder: (game, language, options) → the paths it wrote."""


class ProductSkipped(Exception):
    """A product that cannot be made in this language yet; the build reports the message as a
    note and goes on (it is not a failure)."""


def folder(options: BuildOptions, game: Game, product: str, lang: str) -> Path:
    """``<out>/<game>/<game>-<product>-<lang>``: every language is tagged (module docstring)."""
    return options.out / game.id / f"{game.id}-{product}-{lang}"


def output_path(options: BuildOptions, game: Game, product: str, lang: str, suffix: str) -> Path:
    """``<out>/<game>/<game>-<product>-<lang>-<suffix>``: every language is tagged."""
    base = folder(options, game, product, lang)
    return base.with_name(f"{base.name}-{suffix}")
