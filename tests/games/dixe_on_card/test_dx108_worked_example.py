"""DX108 worked example: the rulebook's worked examples (game.yaml facts.worked_examples)
replayed on the shipped cards, and each of the three contradictions issue 39 found planted
back (the old data) and reported at its example."""

from __future__ import annotations

import pytest

from cardforge.games.dixe_on_card.rules.dx108_worked_example import outcome
from tests.lint.planting import copy_game, found, line_of, lint, plant


def test_the_shipped_cards_agree_with_every_worked_example(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    assert found(lint(folder), "DX108") == []


@pytest.mark.parametrize(("file", "old", "new", "example"), [
    # 4.2: the old second combination of Arkan Sonney held a pi, which the throw's pi fills
    ("bestiaire.yaml", "- [skull, smiley, bomb, aum]", "- [bomb, bomb, pi, aum]", "section: \"4.2\""),
    # 4.6: with one backup slot, Hanuman's DiXe on slot 1 would have one step left, not two
    ("bestiaire.yaml", "what: no-character, slots: 2}", "what: no-character, slots: 1}",
     "section: \"4.6\""),
])
def test_the_old_data_contradicts_its_example(tmp_path, file, old, new, example):
    folder = copy_game(tmp_path, "dixe-on-card")
    plant(folder / file, old, new)
    problems = [p for p in lint(folder) if p.code == "DX108"]
    lines = {p.line for p in problems}
    assert line_of(folder / "game.yaml", example) in lines
    assert all(p.path.name == "game.yaml" and p.hint for p in problems)


def test_outcomes_count_jokers_as_any_missing_symbol():
    combo = ["skull", "smiley", "bomb", "aum"]
    assert outcome(combo, ["character", "skull", "smiley"], ["yin-yang", "pi", "eight"]) == "misses"
    assert outcome(combo, ["character", "skull", "smiley"], ["aum"]) == "completes"
    assert outcome(combo, ["skull"], ["character"]) == "continues"
    assert outcome(combo, ["pi"], ["aum"]) is None  # a pi cannot be on this combination
    assert outcome(["pi", "pi", "eight"], [], ["character", "yin-yang"]) == "continues"


def test_an_example_naming_no_card_is_reported(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    plant(folder / "game.yaml", "card: zonbi, on_slot: 0", "card: zombi, on_slot: 0")
    problems = [p for p in lint(folder) if p.code == "DX108"]
    assert [p.line for p in problems] == [line_of(folder / "game.yaml", "card: zombi")]
    assert "'zombi'" in problems[0].message
