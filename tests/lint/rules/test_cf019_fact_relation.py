"""CF019 fact relation: the relations among facts each game.yaml writes under `relations:`.

One contradiction is planted into a copy of each of the five built-in games and of the
workspace game `cardforge new` writes, and reported at the blamed fact's line and column in
game.yaml. The writers' battle case is the retired pack rule WB106's test, moved over: the
same four facts, now relations written as data. The shipped games lint clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.problem import Severity
from tests.lint.planting import GAMES, REPO, col_of, copy_game, found, line_of, lint, new_game, plant

# game → (what to replace, by what, the text of the blamed line, the blamed value on it)
PLANTED = {
    "comic-creator": ("faces: [1, 2, 3, 4, 5, 6]", "faces: [1, 2, 3, 4, 5]",  # five faces: 1 has no 6
                      "faces: [1, 2, 3, 4, 5]", "[1, 2, 3, 4, 5]"),
    "dice-girls": ("cards_played: 5 ", "cards_played: 7 ", "cards_played: 7", "7"),
    "dice-tuners": ("dice_aside: 3 ", "dice_aside: 2 ", "dice_aside: 2", "2"),
    "dixe-on-card": ("cards_to_win: 5 ", "cards_to_win: 7 ", "cards_to_win: 7", "7"),
    "writers-battle": ("    limit: 6", "    limit: 3", "start: 4 ", "4"),  # 4 dealt over a limit of 3
}


@pytest.mark.parametrize("game", GAMES)
def test_a_contradiction_planted_in_each_game_is_reported_at_the_blamed_fact(tmp_path, game):
    folder = copy_game(tmp_path, game)
    manifest = folder / "game.yaml"
    old, new, line_text, value = PLANTED[game]
    plant(manifest, old, new)
    line = line_of(manifest, line_text)
    assert found(lint(folder), "CF019") == [("error", "game.yaml", line, col_of(manifest, line, value), None)]


def test_the_retired_page_facts_rule_is_now_four_relations(tmp_path):
    """WB106's test: a page price and a move over the page maximum, a start outside
    min..max, a starting hand over the limit; each at its value."""
    folder = copy_game(tmp_path, "writers-battle")
    manifest = folder / "game.yaml"
    plant(manifest, "start: 3 ", "start: 10 ")
    plant(manifest, "move_cost: 1 ", "move_cost: 9 ")
    plant(manifest, "start: 4 ", "start: 7 ")
    plant(manifest, "page_price: 8\n", "page_price: 9\n")
    problems = [p for p in lint(folder) if p.code == "CF019"]
    where = [(p.line, p.col) for p in problems]
    expected = [(line_of(manifest, text), col_of(manifest, line_of(manifest, text), value))
                for text, value in (("start: 10", "10"), ("move_cost: 9", "9"), ("start: 7", "7"),
                                    ("page_price: 9", "9"))]
    assert where == expected
    messages = " | ".join(p.message for p in problems)
    assert "(facts.ending_points.page_price is 9)" in messages
    assert "(facts.pages.move_cost is 9)" in messages
    assert "pages.start is outside pages.min..max (facts.pages.start is 10)" in messages
    assert "the starting hand is over hand.limit (facts.hand.start is 7)" in messages
    assert all(p.severity is Severity.ERROR and p.hint for p in problems)


def test_a_die_whose_opposite_faces_no_longer_sum_as_declared(tmp_path):
    folder = copy_game(tmp_path, "dice-girls")
    manifest = folder / "game.yaml"
    plant(manifest, "opposite_sum: 7}", "opposite_sum: 8}")
    line = line_of(manifest, "die: {faces:")
    problems = [p for p in lint(folder) if p.code == "CF019"]
    assert [(p.line, p.col) for p in problems] == [(line, col_of(manifest, line, "[1, 2"))]
    assert "opposite faces must add up to die.opposite_sum" in problems[0].message


def test_the_workspace_game_gets_its_relations_too(tmp_path):
    folder = new_game(tmp_path)
    manifest = folder / "game.yaml"
    plant(manifest, "market_size: 4 ", "market_size: 11 ")
    line = line_of(manifest, "market_size: 11")
    problems = [p for p in lint(folder) if p.code == "CF019"]
    assert [(p.severity, p.path.name, p.line, p.col) for p in problems] == [
        (Severity.ERROR, "game.yaml", line, col_of(manifest, line, "11"))]
    assert "(facts.market_size is 11)" in problems[0].message


def _relations(tmp_path: Path, relations: str, game: str = "dixe-on-card") -> tuple[Path, list]:
    """A copy of ``game`` whose game.yaml ends with ``relations`` (a YAML list, replacing the
    shipped one); its CF019 Problems."""
    folder = copy_game(tmp_path, game)
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text[:text.index("\nrelations:")] + "\nrelations:\n" + relations, encoding="utf-8")
    return manifest, [p for p in lint(folder) if p.code == "CF019"]


def test_relations_see_the_dice_files_and_the_decks(tmp_path):
    manifest, problems = _relations(tmp_path, (
        '  - expect: "dice.all(d, size(d.faces) == facts.faces_per_die)"\n'
        "    at: facts.faces_per_die\n"
        "    message: a DiXe has another number of faces\n"
        '  - expect: "decks.all(d, decks[d].size == facts.cards_per_player) && decks.crypte.count == null"\n'
        "    at: facts.cards_per_player\n"
        "    message: a set is not one player's cards\n"))
    assert problems == []
    manifest, problems = _relations(tmp_path / "again", (
        '  - expect: "dice.all(d, size(d.faces) == 5)"\n'
        "    at: facts.faces_per_die\n"
        "    message: a DiXe has another number of faces\n"
        "    severity: warning\n"))
    line = line_of(manifest, "faces_per_die: 6")
    assert [(p.severity, p.line, p.col) for p in problems] == [
        (Severity.WARNING, line, col_of(manifest, line, "6"))]


def test_a_relation_that_cannot_work_is_reported_at_its_expect_or_at(tmp_path):
    manifest, problems = _relations(tmp_path, (
        '  - expect: "facts.cards_to_win <=> facts.cards_per_player"\n'   # not CEL
        "    at: facts.cards_to_win\n"
        "    message: m1\n"
        '  - expect: "facts.cards_to_win <= 6"\n'
        "    at: facts.cards_to_wim\n"                                    # no such fact
        "    message: m2\n"
        '  - expect: "fact.cards_to_win <= 6"\n'                        # no such variable
        "    at: facts.cards_to_win\n"
        "    message: m3\n"
        '  - expect: "facts.cards_to_win + 1"\n'                        # not a condition
        "    at: facts.cards_to_win\n"
        "    message: m4\n"
        '  - expect: "facts.no_such_fact > 1"\n'                        # cannot be evaluated
        "    at: facts.cards_to_win\n"
        "    message: m5\n"))
    first = line_of(manifest, "<=>")
    assert [(p.line, p.col) for p in problems] == [
        (first, col_of(manifest, first, "> facts")),
        (line_of(manifest, "cards_to_wim"), col_of(manifest, line_of(manifest, "cards_to_wim"), "facts.")),
        (line_of(manifest, "fact.cards"), col_of(manifest, line_of(manifest, "fact.cards"), "fact.")),
        (line_of(manifest, "+ 1"), col_of(manifest, line_of(manifest, "+ 1"), "facts")),
        (line_of(manifest, "no_such_fact"), col_of(manifest, line_of(manifest, "no_such_fact"), "facts"))]
    assert "relation 1: not a CEL expression" in problems[0].message
    assert problems[1].hint == "did you mean facts.cards_to_win?"
    assert problems[2].message == "relation 3 reads 'fact', which it does not get"
    assert problems[2].hint == "did you mean 'facts'?"
    assert "gives 6, not true or false" in problems[3].message
    assert "relation 5 cannot be evaluated" in problems[4].message
    assert all(p.severity is Severity.ERROR for p in problems)


@pytest.mark.parametrize("game", GAMES)
def test_each_shipped_game_writes_relations_that_hold(game):
    text = (REPO / "cards" / game / "game.yaml").read_text(encoding="utf-8")
    assert "\nrelations:\n" in text
    assert found(lint(REPO / "cards" / game), "CF019") == []
