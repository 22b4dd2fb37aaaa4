"""A workspace game whose game.yaml is broken is still found, and loading it reports the
problem at its line instead of crashing; a folder or id that cannot be the game's id is
reported at game.yaml."""

from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import GAME, lint_workspace, make_workspace


def test_unreadable_yaml_is_a_located_cf001(tmp_path):
    folder = make_workspace(tmp_path, "ok_monsters.yaml", game="fail_broken.game.yaml")
    [(spec, found)] = find_game_dirs(tmp_path / "cards", {})
    assert (spec.id, dict(spec.names), found) == (GAME, {}, folder)
    loaded = load_game(found, spec)
    assert loaded.game is None
    [problem] = loaded.problems
    assert (problem.code, problem.path.name, problem.line) == ("CF001", "game.yaml", 3)


def test_an_id_that_is_not_the_folder_name_is_cf003_at_the_id(tmp_path):
    folder = make_workspace(tmp_path, "ok_monsters.yaml")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("id: goblin-market", "id: goblin-bazaar"),
                                      encoding="utf-8")
    [problem, note] = lint_workspace(tmp_path)
    assert note.code == "CF099"  # the rules the left-out card kept from running
    assert (problem.code, problem.line, problem.col) == ("CF003", 2, 5)
    assert "'goblin-bazaar' is not the game's folder name 'goblin-market'" in problem.message
    assert "rename the folder" in problem.hint
