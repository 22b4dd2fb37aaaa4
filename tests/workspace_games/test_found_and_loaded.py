"""A cards/<id>/ folder no installed pack claims is a workspace game: found, its spec made
from game.yaml, loaded with its cards."""

from cardforge.model.game_packs import discover
from cardforge.model.workspace_game import WorkspaceGameSpec, workspace_spec
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import GAME, make_workspace


def test_the_folder_is_found_as_a_workspace_game_named_by_game_yaml(tmp_path):
    folder = make_workspace(tmp_path, "ok_monsters.yaml")
    [(spec, found)] = find_game_dirs(tmp_path / "cards", discover())
    assert found == folder and isinstance(spec, WorkspaceGameSpec)
    assert (spec.id, spec.name("en"), spec.name("fr")) == (GAME, "Goblin Market", "Marché des gobelins")
    assert spec.products == ("cards",)
    assert (spec.rules, spec.face_context, spec.back_context, spec.stats, spec.dice, spec.icons_dir) == \
        (None,) * 6


def test_it_loads_with_its_cards_in_their_decks(tmp_path):
    make_workspace(tmp_path, "ok_monsters.yaml", "ok_wares.yaml")
    [(spec, folder)] = find_game_dirs(tmp_path / "cards", {})
    loaded = load_game(folder, spec)
    assert loaded.problems == []
    assert {deck: [c.id for c in d.cards] for deck, d in loaded.game.decks.items()} == \
        {"monsters": ["bog-hag"], "wares": ["cursed-crown"]}
    assert loaded.game.decks["monsters"].cards[0].data["price"] == "X=X Y=Y"


def test_rules_markdown_adds_the_booklet_products(tmp_path):
    folder = make_workspace(tmp_path)
    (folder / "rules").mkdir()
    (folder / "rules" / "rules.md").write_text("# Goblin Market\n\nHire monsters.\n", encoding="utf-8")
    assert workspace_spec(folder).products == ("cards", "rules", "rulesheet")
