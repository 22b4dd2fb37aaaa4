"""Rules Markdown → blocks with their lines; placeholders filled from game.yaml or located."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardforge.booklet.placeholders import PlaceholderError, fill, values
from cardforge.booklet.rules_markdown import load_rules, parse_rules
from cardforge.model.game_packs import discover
from cardforge.problem import Location
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(discover())


def test_blocks_carry_kind_line_and_joined_text():
    text = "# Title\n\nFirst line\nsecond line.\n\n1. one\n2. two\n\n[[examples: a, b]]\n"
    blocks = parse_rules(text, Path("r.md"))
    assert [(b.kind, b.location.line) for b in blocks] == [
        ("heading", 1), ("paragraph", 3), ("item", 6), ("item", 7), ("directive", 9)]
    assert blocks[1].text == "First line second line."
    assert blocks[2].ordered and blocks[2].list_id == blocks[3].list_id
    assert blocks[4].text == "examples" and blocks[4].args == ("a", "b")


def test_japanese_lines_join_without_a_space():
    assert parse_rules("ダイスを\n振ります。\n", Path("r.md"))[0].text == "ダイスを振ります。"


def _game(game_id: str):
    return load_game(REPO / "cards" / game_id, discover()[game_id]).game


def test_placeholders_come_from_facts_info_and_computed_counts():
    game = _game("comic-creator")
    namespace = values(game)
    where = Location(Path("r.md"), 1, 1)
    text = "{vp_goal} VP, {players.min}-{players.max}, {cards.skill} skill, {dice.supply.green}"
    facts = game.facts
    assert fill(text, namespace, "en", where) == (
        f"{facts['vp_goal']} VP, {game.info['players']['min']}-{game.info['players']['max']}, "
        f"{game.decks['skill'].size} skill, {facts['dice']['supply']['green']}")
    assert fill("{name}", namespace, "ja", where) == game.info["name"]["ja"]
    assert fill("{{literal}}", namespace, "en", where) == "{literal}"


def test_an_unknown_placeholder_is_located_at_its_column(tmp_path):
    game = _game("comic-creator")
    lines = ["# Goal", "", "Reach {vp_goal} or {vp_gaol} VP."]
    with pytest.raises(PlaceholderError) as caught:
        fill(lines[2], values(game), "en", Location(tmp_path / "r.md", 3, 1), lines)
    assert caught.value.location.line == 3 and caught.value.location.col == lines[2].index("{vp_gaol}") + 1
    assert "vp_goal" in caught.value.hint  # the known names are listed


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_rules_and_every_placeholder_fills(game_id):
    game = _game(game_id)
    blocks = load_rules(game.root)
    assert any(b.kind == "heading" for b in blocks)
    for block in blocks:
        if block.translatable:
            for lang in game.languages:
                fill(block.text, values(game), lang, block.location)


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_type_no_numbers(game_id):
    """Numbers that are facts come from game.yaml: the Markdown has no digits outside
    placeholders (list markers aside)."""
    for block in load_rules(REPO / "cards" / game_id):
        bare = re.sub(r"\{[^}]*\}", "", block.text)
        assert not re.search(r"[0-9０-９]", bare), f"{block.location}: {block.text}"


def test_how_a_goal_is_reached_is_printed_from_the_fact_in_each_language():
    """Comic Creator's `vp_goal_reached: at-least` prints as each language words it, and a
    change of the fact changes the wording (CF017 reads the same fact)."""
    game = _game("comic-creator")
    namespace = values(game)
    where = Location(Path("r.md"), 1, 1)
    assert game.facts["vp_goal_reached"] == "at-least"
    assert fill("{vp_goal_reached} {vp_goal} VP", namespace, "en", where) == "at least 15 VP"
    assert fill("{vp_goal}VP{vp_goal_reached}", namespace, "ja", where) == "15VP以上"
    assert fill("{vp_goal_reached} {vp_goal} PV", namespace, "fr", where) == "au moins 15 PV"
    namespace["vp_goal_reached"] = "more-than"
    assert fill("{vp_goal_reached} {vp_goal} VP", namespace, "en", where) == "more than 15 VP"
    assert fill("{vp_goal}VP{vp_goal_reached}", namespace, "ja", where) == "15VP超"


def test_comic_creators_goal_wording_is_not_typed_by_hand():
    """The rules and their English catalog name the fact instead of typing "以上"/"or more"."""
    folder = REPO / "cards" / "comic-creator"
    texts = [block.text for block in load_rules(folder) if "{vp_goal}" in block.text]
    assert len(texts) == 2 and all("{vp_goal}VP{vp_goal_reached}" in text for text in texts)
    catalog = (folder / "locale" / "en" / "LC_MESSAGES" / "rules.po").read_text(encoding="utf-8")
    assert "or more" not in catalog and catalog.count("{vp_goal_reached} {vp_goal} VP") == 2
