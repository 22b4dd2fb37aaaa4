"""CF025 declared size: every list game.yaml's `sizes:` names has the declared number of
items. DiXe on Card declares its combinations and its DiXes' faces (the retired pack rule
DX102 and DX104's face count, moved over), Dice Girls its pick orders; a workspace game
declares its own, in YAML and in a CSV sheet (at the cell's physical line). Declarations
that cannot work are reported in game.yaml. The shipped games are clean."""

from __future__ import annotations

import shutil

import pytest

from cardforge.problem import Severity
from tests.conftest import FIXTURES
from tests.lint.planting import GAMES, col_of, copy_game, found, line_of, lint, new_game, plant

HERE = FIXTURES / "declared-sizes"


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_have_their_declared_sizes(tmp_path, game):
    assert found(lint(copy_game(tmp_path, game)), "CF025") == []


def test_a_dixe_card_with_two_combinations_is_reported_at_its_combinations(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    shutil.copy(FIXTURES / "dixe-on-card" / "fail_two_combinations.yaml", folder / "crypte.yaml")
    problems = [p for p in lint(folder) if p.code == "CF025"]
    assert found(problems, "CF025") == [("error", "crypte.yaml", 17, 5, "bay")]
    assert problems[0].message == ("card 'bay': combinations has 2 items; game.yaml says 3 "
                                   "(facts.combinations_per_card)")


def test_a_dixe_with_five_faces_is_reported_at_its_faces(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    shutil.copy(FIXTURES / "dixe-on-card" / "fail_dice.yaml", folder / "dice.yaml")
    problems = [p for p in lint(folder) if p.code == "CF025"]
    dice = folder / "dice.yaml"
    line = line_of(dice, "id: ash")
    assert found(problems, "CF025") == [("error", "dice.yaml", line, col_of(dice, line, "faces:"), None)]
    assert problems[0].message == "die 'ash': faces has 5 items; game.yaml says 6 (facts.faces_per_die)"


def test_a_short_dice_girls_pick_order_is_reported_at_it(tmp_path):
    folder = copy_game(tmp_path, "dice-girls")
    manifest = folder / "game.yaml"
    plant(manifest, "{players: 3, order: [1, 2, 3, 3, 2, 1]}", "{players: 3, order: [1, 2, 3, 3, 2]}")
    line = line_of(manifest, "{players: 3, order:")
    problems = [p for p in lint(folder) if p.code == "CF025"]
    assert found(problems, "CF025") == [("error", "game.yaml", line, col_of(manifest, line, "order:"), None)]
    assert problems[0].message.startswith("facts.rochester_draft.pick_order.1.order: order has 5 "
                                          "items; game.yaml says 6 (owner.players")
    assert "players × revealed_per_player" in problems[0].hint


def _declared(tmp_path, declarations: str):
    """The new workspace game with a die, pick orders and the ``sizes:`` of the fixture
    ``declarations`` planted in its game.yaml; returns (folder, game.yaml)."""
    folder = new_game(tmp_path)
    manifest = folder / "game.yaml"
    plant(manifest, "\nfacts:\n", "\nfacts:\n  die: {sides: 6, faces: [1, 2, 3, 4, 5]}\n"
          "  picks:\n    - {players: 2, order: [1, 2, 2, 1]}\n    - {players: 3, order: [1, 2, 3]}\n")
    with manifest.open("a", encoding="utf-8") as out:
        out.write("\n" + (HERE / declarations).read_text(encoding="utf-8"))
    return folder, manifest


def test_a_workspace_game_gets_its_declared_sizes(tmp_path):
    folder, manifest = _declared(tmp_path, "fail_die_sides_mismatch.yaml")
    monsters = folder / "monsters.yaml"  # its wyvern has two keywords
    problems = [p for p in lint(folder) if p.code == "CF025"]
    faces = line_of(manifest, "die: {sides: 6")
    picks = line_of(manifest, "{players: 3, order: [1, 2, 3]}")
    keywords = line_of(monsters, "keywords: [flying, venom]")
    assert found(problems, "CF025") == [
        ("error", "game.yaml", faces, col_of(manifest, faces, "faces:"), None),
        ("error", "game.yaml", picks, col_of(manifest, picks, "order:"), None),
        ("error", "monsters.yaml", keywords, 5, "wyvern"),
    ]
    assert [p.message for p in problems] == [
        "facts.die.faces: faces has 5 items; game.yaml says 6 (facts.die.sides)",
        "facts.picks.1.order: order has 3 items; game.yaml says 6 (owner.players * 2)",
        "card 'wyvern': keywords has 2 items; game.yaml says 1",
    ]
    assert problems[2].hint == "a monster has at most one keyword"


def test_a_list_in_a_csv_sheet_is_reported_at_its_cell(tmp_path):
    folder, manifest = _declared(tmp_path, "fail_die_sides_mismatch.yaml")
    plant(manifest, "  monsters:\n    name: {en: Monsters, fr: Monstres}\n",
          "  monsters:\n    name: {en: Monsters, fr: Monstres}\n    sheet: {file: monsters.csv}\n")
    (folder / "monsters.yaml").unlink()
    sheet = folder / "monsters.csv"
    sheet.write_text(
        'id,name.en,name.fr,quantity,cost,attack,defence,kind,keywords[],text.en\n'
        'cave-rat,Cave Rat,Rat,2,1,1,1,beast,,"Squeaks.\nTwice."\n'
        'bat-swarm,Bat Swarm,Nuée,8,2,2,1,beast,flying|venom,\n', encoding="utf-8")
    problems = [p for p in lint(folder) if p.code == "CF025" and p.path.name == "monsters.csv"]
    # line 4: the cave rat's text cell holds a line break
    assert [(p.line, p.col, p.cell, p.card) for p in problems] == [(4, 40, "monsters!I3", "bat-swarm")]
    assert problems[0].message.endswith("card 'bat-swarm': keywords has 2 items; game.yaml says 1")


def test_declarations_that_cannot_work_are_reported_at_them(tmp_path):
    folder, manifest = _declared(tmp_path, "fail_declaration_broken.yaml")
    problems = [p for p in lint(folder) if p.code == "CF025"]
    start = line_of(manifest, "sizes:")
    where = [(p.line - start, p.col, p.message) for p in problems]
    assert where == [
        (1, 11, "size 1: 'facts.dice.faces' names no list in game.yaml"),
        (4, 11, "size 2: deck 'wizards' is not declared in game.yaml"),
        (7, 12, "size 3 `count` cannot be evaluated: no such member in mapping: 'side'"),
        (9, 29, "size 4 `count`: not a CEL expression: cannot read it here ('facts.die.sides +')"),
        (11, 13, "size 5 `count` gives 'six', not a whole number"),
    ]
    assert problems[1].hint == "decks: monsters, treasures"
    assert all(p.severity is Severity.ERROR and p.path.name == "game.yaml" for p in problems)
