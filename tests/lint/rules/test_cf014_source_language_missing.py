"""CF014 source-language-missing: a text that lost its source-language text, planted into
a copy of each shipped game and of a new workspace game, is one error at its key, and the
only Problem: the catalogs do not report its old entry as gone (TR104)."""

from __future__ import annotations

import pytest

from cardforge.problem import Problem
from tests.lint.planting import GAMES, REPO, col_of, copy_game, line_of, lint, new_game, plant

# game → (file, text removed, the key reported (its line: the first after ``after``), after, card,
#         the field in the message, the languages left)
PLANTED = {
    "comic-creator": ("experience.yaml", "{en: First One-Shot, ja: 初めての読み切り}",
                      "{en: First One-Shot}", "name:", "name: {en: First One-Shot}", "first-one-shot",
                      "name", "en"),
    "dice-girls": ("idols.yaml", "{ja: 歌川ことは, en: Kotoha Utagawa}", "{en: Kotoha Utagawa}",
                   "name:", "name: {en: Kotoha Utagawa}", "utagawa-kotoha", "name", "en"),
    "dice-tuners": ("hero.yaml", '        en: "When you lose a duel, draw 1 Strategy card."\n', "",
                    "text:", "id: spark-plug-kid", "spark-plug-kid", "skill.text", "ja"),
    "dixe-on-card": ("bestiaire.yaml", '      fr: "Quand son personnage tombe, empruntez un DiXe',
                     "      xx: DELETE", "text:", "id: mr-blaireau", "mr-blaireau", "text", "en"),
    "writers-battle": ("characters.yaml", "        ja: 相手の裏向きのフォアシャドウを1枚選び、"
                       "こっそり見る。\n", "", "text:", "id: detective-kirishima",
                       "detective-kirishima", "ability.text", "en"),
}


def only(problems: list[Problem]) -> list[tuple[str, str, str, int, int, str | None]]:
    return [(p.code, p.severity.value, p.path.name, p.line, p.col, p.card) for p in problems]


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_shipped_game_has_its_source_language(game):
    assert [p for p in lint(REPO / "cards" / game) if p.code == "CF014"] == []


@pytest.mark.parametrize("game", sorted(PLANTED))
def test_a_text_without_its_source_language_is_one_error_at_its_key(tmp_path, game):
    file, old, new, key, after, card, field, has = PLANTED[game]
    folder = copy_game(tmp_path, game)
    path = folder / file
    if new == "      xx: DELETE":  # a whole line, up to its end
        text = path.read_text(encoding="utf-8")
        start = text.index(old)
        old = text[start:text.index("\n", start) + 1]
        new = ""
    plant(path, old, new)
    line = line_of(path, key, after=after)
    problems = lint(folder)
    assert only(problems) == [("CF014", "error", file, line, col_of(path, line, key), card)]
    source = {"dice-tuners": "en", "dixe-on-card": "fr"}.get(game, "ja")
    assert problems[0].message == (f"card {card!r}: {field} has no {source} text, the game's "
                                   f"source language (it has {has})")
    assert problems[0].hint and f"write its {source} text first" in problems[0].hint


def test_a_workspace_game_gets_it_for_a_card_and_for_game_yaml(tmp_path):
    folder = new_game(tmp_path)
    manifest, monsters = folder / "game.yaml", folder / "monsters.yaml"
    plant(manifest, "name: {en: Treasures, fr: Trésors}", "name: {fr: Trésors}")
    plant(monsters, 'text: {en: "When you hire it, take 1 :coin: from the bank.",\n           fr:',
          "text: {fr:")
    problems = lint(folder)
    deck_line = line_of(manifest, "name: {fr: Trésors}")
    card_line = line_of(monsters, "text: {fr:")
    assert only(problems) == [
        ("CF014", "error", "game.yaml", deck_line, col_of(manifest, deck_line, "name:"), None),
        ("CF014", "error", "monsters.yaml", card_line, col_of(monsters, card_line, "text:"), "will-o-wisp")]
    assert problems[0].message.startswith("game.yaml decks.treasures.name has no en text")
    assert problems[1].message.startswith("card 'will-o-wisp': text has no en text")


def test_lint_ignore_silences_it_on_the_card(tmp_path):
    folder = copy_game(tmp_path, "dice-girls")
    plant(folder / "idols.yaml", "name: {ja: 歌川ことは, en: Kotoha Utagawa}",
          "name: {en: Kotoha Utagawa}\n    lint-ignore: [CF014]")
    assert lint(folder) == []
