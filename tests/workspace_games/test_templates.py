"""Which template draws a face: the deck's game.yaml `template:` first, then
front-<deck>.html.j2, then front.html.j2; a third-party pack's templates_dir is searched
after the workspace's templates and before the built-in ones."""

import shutil

from cardforge.boundary import trust
from cardforge.boundary.resources import template_search_path, templates_dir
from cardforge.model.game_packs import GameSpec
from cardforge.render.face_sources import deck_templates, face_sources
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import GAME, SCENARIOS, make_workspace


def _game(tmp_path, spec=None):
    [(found, folder)] = find_game_dirs(tmp_path / "cards", {GAME: spec} if spec else {})
    loaded = load_game(folder, found)
    assert loaded.problems == []
    return loaded.game


def test_the_deck_template_comes_first(tmp_path):
    make_workspace(tmp_path, "ok_monsters.yaml", "ok_wares.yaml")
    game = _game(tmp_path)
    assert deck_templates(game.decks["monsters"], "front") == \
        ["monster.html.j2", "front-monsters.html.j2", "front.html.j2"]
    assert deck_templates(game.decks["wares"], "back") == ["back-wares.html.j2", "back.html.j2"]
    sources = face_sources(game, "en", tmp_path)
    monster = sources.fragments[sources.front_page["bog-hag"]]
    ware = sources.fragments[sources.front_page["cursed-crown"]]
    assert "gm-monster" in monster and "Bog Hag" in monster
    assert "gm-ware" in ware and "gm-monster" not in ware


def test_a_pack_template_folder_sits_between_the_workspace_and_the_built_in_ones(tmp_path):
    pack = tmp_path / "site-packages" / "goblin_pack" / "templates"
    shutil.copytree(SCENARIOS / "templates", pack)
    (tmp_path / "templates" / "_base").mkdir(parents=True)
    path = template_search_path(tmp_path, GAME, pack)
    assert path == [tmp_path / "templates" / "_base", pack, templates_dir() / "_base"]


def test_a_pack_draws_faces_from_its_own_templates_unless_the_workspace_has_one(tmp_path):
    pack = tmp_path / "site-packages" / "goblin_pack" / "templates"  # outside the workspace
    shutil.copytree(SCENARIOS / "templates", pack)
    workspace = tmp_path / "ws"
    folder = make_workspace(workspace, templates=False)
    (folder / "wares.yaml").write_text(
        "deck: wares\ncards:\n  - {id: cursed-crown, name: {en: Cursed Crown}}\n", encoding="utf-8")
    spec = GameSpec(id=GAME, names={"en": "Goblin Market"}, schema="card.schema.json",
                    templates_dir=pack)
    with trust.confined(workspace):  # the installed pack's own folder is read like built-in data
        game = _game(workspace, spec)
        assert "gm-ware" in face_sources(game, "en", workspace).fragments[0]
        own = workspace / "templates" / GAME
        own.mkdir(parents=True)
        (own / "front.html.j2").write_text('<div class="mine">{{ t(card.data.name) }}</div>',
                                           encoding="utf-8")
        assert face_sources(game, "en", workspace).fragments[0].startswith('<div class="mine">Cursed Crown')
