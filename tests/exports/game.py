"""A small game for the export tests, put together from scenario fixtures in
tests/fixtures/exports: a game.yaml, card files, a front and a back template."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardforge.model.game_model import Game
from cardforge.products.product_options import BuildOptions
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.print_profiles import find_profile
from tests.conftest import FIXTURES, GENERIC

EXPORTS = FIXTURES / "exports"
REPO = Path(__file__).resolve().parents[2]


def make_game(tmp_path: Path, *, game: str = "ok.game.yaml",
              cards: tuple[str, ...] = ("ok_cards.yaml", "ok_spare.yaml"),
              front: str = "ok_cmyk.html.j2", back: str = "ok_back.html.j2") -> Game:
    """cards/generic/ and templates/generic/ under ``tmp_path`` from the named fixtures."""
    root = tmp_path / "cards" / "generic"
    root.mkdir(parents=True)
    shutil.copy(EXPORTS / game, root / "game.yaml")
    for name in cards:
        shutil.copy(EXPORTS / name, root / name)
    shutil.copytree(EXPORTS / "art", root / "art")
    templates = tmp_path / "templates" / "generic"
    templates.mkdir(parents=True)
    shutil.copy(EXPORTS / front, templates / "front.html.j2")
    shutil.copy(EXPORTS / back, templates / "back.html.j2")
    loaded = load_game(root, GENERIC)
    assert loaded.problems == [], loaded.problems
    return loaded.game


def options(tmp_path: Path, profile: str | None = None, **extra) -> BuildOptions:
    """Build options writing to ``tmp_path/out`` with a built-in ``profile`` (by id)."""
    shop = find_profile(profile, REPO) if profile else None
    return BuildOptions(root=tmp_path, out=tmp_path / "out", profile=shop, **extra)
