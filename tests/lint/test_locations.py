"""Every Problem at the line of the value to change: the cases that used to point at the
card's first line (its ``- id:``) although one value of it is to blame. (TR105's are in
tests/lint/rules/test_tr105_text_overflow.py, CF013's and CF014's beside their rules.)"""

from __future__ import annotations

from tests.lint.planting import col_of, copy_game, found, line_of, lint, new_game, plant


def test_a_cost_curve_power_value_that_is_no_number_is_reported_at_the_value(tmp_path):
    folder = new_game(tmp_path)
    plant(folder / "game.yaml", 'power: [{strength: "attack + defence"}, keywords]',
          'power: [{strength: "attack + defence"}, keywords, text]')
    monsters = folder / "monsters.yaml"
    line = line_of(monsters, "text: {en:", after="id: will-o-wisp")
    problems = lint(folder)
    assert found(problems, "CF011") == [("warning", "monsters.yaml", line,
                                         col_of(monsters, line, "{en:"), "will-o-wisp")]
    assert "power 'text' of card 'will-o-wisp' is a mapping" in problems[0].message


def test_one_foreshadow_too_many_is_reported_at_its_quantity_when_copies_make_it(tmp_path):
    folder = copy_game(tmp_path, "writers-battle")
    foreshadows = folder / "foreshadows.yaml"
    plant(foreshadows, "  - id: you-are-the-culprit\n    faction: mystery\n",
          "  - id: you-are-the-culprit\n    faction: mystery\n    quantity: 2\n")
    line = line_of(foreshadows, "quantity: 2")
    assert found(lint(folder), "WB104") == [("error", "foreshadows.yaml", line,
                                             col_of(foreshadows, line, "2"), "you-are-the-culprit")]
