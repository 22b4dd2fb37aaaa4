"""A card file naming a deck game.yaml does not declare is one CF003 at `deck:`, the
declared decks suggested (the schema's enum and the loader do not both report it)."""

from tests.workspace_games.conftest import lint_workspace, make_workspace


def test_an_undeclared_deck_is_reported_once(tmp_path):
    folder = make_workspace(tmp_path)
    (folder / "bazaar.yaml").write_text("deck: bazaar\ncards:\n  - {id: a, name: {en: A}}\n",
                                        encoding="utf-8")
    [problem, note] = lint_workspace(tmp_path)
    assert note.code == "CF099"  # the rules the left-out card kept from running
    assert (problem.code, problem.line, problem.col) == ("CF003", 1, 7)
    assert problem.message == 'deck: "bazaar" is not one of "monsters", "wares"'
