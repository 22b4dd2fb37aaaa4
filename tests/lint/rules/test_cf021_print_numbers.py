"""CF021 print numbers: game.yaml's `print:` copies counts and `boards:` sizes, planted
wrong in copies of the games that write them, reported at their value's line and column.
The shipped games lint clean."""

from __future__ import annotations

from tests.lint.planting import col_of, copy_game, found, line_of, lint, plant


def test_a_copies_count_reading_a_missing_fact_is_reported_at_it(tmp_path):
    folder = copy_game(tmp_path, "dice-tuners")
    manifest = folder / "game.yaml"
    plant(manifest, '"players.max + facts.dice_per_colour_extra"', '"players.max + facts.extra_dice"')
    line = line_of(manifest, "facts.extra_dice")
    assert found(lint(folder), "CF021") == [("error", "game.yaml", line,
                                             col_of(manifest, line, '"players.max'), None)]


def test_a_copies_count_out_of_range_and_a_board_too_wide_are_both_reported(tmp_path):
    folder = copy_game(tmp_path, "writers-battle")
    manifest = folder / "game.yaml"
    plant(manifest, "columns * facts.map.square.width", "columns * 1000")
    plant(manifest, "\nboards:\n", '\nprint:\n  cards: {copies: "players.max * 100"}\nboards:\n')
    problems = [p for p in lint(folder) if p.code == "CF021"]
    copies, width = line_of(manifest, "players.max * 100"), line_of(manifest, "columns * 1000")
    assert [(p.line, p.col) for p in problems] == [
        (copies, col_of(manifest, copies, '"')), (width, col_of(manifest, width, '"facts.map.columns'))]
    assert "print.cards.copies is 200, not a whole number from 1 to 50" in problems[0].message
    assert "boards.map.width is 5000" in problems[1].message


def test_the_shipped_games_that_print_copies_or_boards_are_clean(tmp_path):
    for game in ("dice-tuners", "dixe-on-card", "writers-battle"):
        assert found(lint(copy_game(tmp_path / game, game)), "CF021") == []
