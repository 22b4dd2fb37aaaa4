"""A card text written only in the source language prints its catalog translation."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardforge.i18n.translations import with_catalog_texts
from cardforge.model.game_packs import discover
from cardforge.products import product_faces as card_faces_module
from cardforge.products.product_options import BuildOptions
from cardforge.render.face_sources import face_sources
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]


def test_a_name_only_the_catalog_translates_is_printed_and_the_loaded_game_is_unchanged(tmp_path):
    root = tmp_path / "cards" / "comic-creator"
    shutil.copytree(REPO / "cards" / "comic-creator", root)
    skill = root / "skill.yaml"
    skill.write_text(skill.read_text(encoding="utf-8").replace(
        "{en: Hire an Assistant, ja: アシスタントを雇う}", "{ja: アシスタントを雇う}"), encoding="utf-8")
    po = root / "locale" / "en" / "LC_MESSAGES" / "cards.po"
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgstr "Hire an Assistant"', 'msgstr "Hire a Helping Hand"'), encoding="utf-8")
    game = load_game(root, discover()["comic-creator"]).game

    sources = face_sources(with_catalog_texts(game, "en"), "en", tmp_path)  # as products pass it
    front = sources.fragments[sources.front_page["hire-an-assistant"]]
    assert "Hire a Helping Hand" in front
    card = next(c for c in game.cards() if c.id == "hire-an-assistant")
    assert card.data["name"] == {"ja": "アシスタントを雇う"}          # lint still sees the YAML
    assert with_catalog_texts(game, "ja") is game                   # the source language: as written


def test_the_build_hands_render_the_game_with_catalog_texts(tmp_path, monkeypatch):
    root = tmp_path / "cards" / "comic-creator"
    shutil.copytree(REPO / "cards" / "comic-creator", root)
    skill = root / "skill.yaml"
    skill.write_text(skill.read_text(encoding="utf-8").replace(
        "{en: Hire an Assistant, ja: アシスタントを雇う}", "{ja: アシスタントを雇う}"), encoding="utf-8")
    game = load_game(root, discover()["comic-creator"]).game
    seen = {}

    def render(printed, lang, *args, **kwargs):
        seen[lang] = next(c for c in printed.cards() if c.id == "hire-an-assistant").data["name"]
        return "faces"

    monkeypatch.setattr(card_faces_module, "render_card_faces", render)
    options = BuildOptions(root=tmp_path, out=tmp_path / "out")
    assert card_faces_module.card_faces(game, "en", options) == "faces"
    assert seen["en"] == {"ja": "アシスタントを雇う", "en": "Hire an Assistant"}  # from cards.po
