"""CF013 duplicate-name: a card named like another in one language, planted into a copy of
each shipped game and of a new workspace game, is an error at the later card's name in
that language (or at its catalog translation), naming the first card."""

from __future__ import annotations

import pytest

from cardforge.lint.data_shape_rules.cf013_duplicate_name import normalised
from cardforge.problem import Severity
from tests.lint.planting import GAMES, col_of, copy_game, found, line_of, lint, new_game, plant

# game → (file, the planted card's name line as shipped, as planted, the value planted,
#         the card, the card whose name it takes, that card's name line in the message)
PLANTED = {
    "comic-creator": ("skill.yaml", "{en: Pull an All-Nighter, ja: 徹夜で仕上げる}",
                      "{en: hire an  ASSISTANT, ja: 徹夜で仕上げる}", "hire an  ASSISTANT",
                      "all-nighter", "hire-an-assistant", "skill.yaml:9"),
    "dice-girls": ("idols.yaml", "{ja: 歌川ことは, en: Kotoha Utagawa}",
                   "{ja: 天音みらい, en: Kotoha Utagawa}", "天音みらい",
                   "utagawa-kotoha", "amane-mirai", "idols.yaml:12"),
    # a Strategy card named like a hero: another deck is no excuse
    "dice-tuners": ("strategy.yaml", "{en: Slipstream, ja: スリップストリーム}",
                    "{en: spark plug  KID, ja: スリップストリーム}", "spark plug  KID",
                    "slipstream", "spark-plug-kid", "hero.yaml:18"),
    "dixe-on-card": ("bestiaire.yaml", "{fr: Hanuman, en: Hanuman}",
                     "{fr: CRÂNE  yorick, en: Hanuman}", "CRÂNE  yorick", "hanuman",
                     "crane-yorick", "crypte.yaml:7"),
    "writers-battle": ("characters.yaml", '{ja: 助手 小町, en: "Komachi, the Assistant"}',
                       '{ja: 助手 小町, en: "kirishima,   great detective"}',
                       '"kirishima,   great detective"', "assistant-komachi",
                       "detective-kirishima", "characters.yaml:11"),
}


def test_names_are_compared_as_a_player_reads_them():
    assert normalised("  Fire\u3000 BALL ") == normalised("ｆｉｒｅ ball") == "fire ball"
    assert normalised("Fireball") != normalised("Fire ball")


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_game_has_no_two_cards_of_one_name(game):
    from tests.lint.planting import REPO  # the shipped copy, unchanged
    assert found(lint(REPO / "cards" / game), "CF013") == []


@pytest.mark.parametrize("game", sorted(PLANTED))
def test_a_planted_duplicate_name_is_an_error_at_the_later_name(tmp_path, game):
    file, shipped, planted, value, card, other, other_at = PLANTED[game]
    folder = copy_game(tmp_path, game)
    path = folder / file
    plant(path, shipped, planted)
    line = line_of(path, planted)
    problems = lint(folder)
    assert found(problems, "CF013") == [("error", file, line, col_of(path, line, value), card)]
    [problem] = [p for p in problems if p.code == "CF013"]
    assert f"card {card!r} has the same" in problem.message
    assert f"as card {other!r} ({other_at})" in problem.message
    assert problem.hint and "rename one of them" in problem.hint


def test_a_workspace_game_gets_it_across_decks_and_lint_ignore_silences_it(tmp_path):
    folder = new_game(tmp_path)
    treasures = folder / "treasures.yaml"
    planted = "name: {en: cave  RAT, fr: Pièces d'or}"
    plant(treasures, "name: {en: Gold Coins, fr: Pièces d'or}", planted)
    line = line_of(treasures, planted)
    problems = [p for p in lint(folder) if p.code == "CF013"]
    assert found(problems, "CF013") == [("error", "treasures.yaml", line,
                                         col_of(treasures, line, "cave  RAT"), "gold-coins")]
    assert "as card 'cave-rat' (monsters.yaml:9)" in problems[0].message
    plant(treasures, planted, planted + "\n    lint-ignore: [CF013]")
    assert found(lint(folder), "CF013") == []


def test_a_name_a_catalog_translates_like_another_is_reported_at_its_msgstr(tmp_path):
    folder = new_game(tmp_path)
    plant(folder / "monsters.yaml", "name: {en: Bat Swarm, fr: Nuée de chauves-souris}",
          "name: {en: Bat Swarm}")
    po = folder / "locale" / "fr" / "LC_MESSAGES" / "cards.po"
    plant(po, 'msgstr "Nuée de chauves-souris"', 'msgstr "Rat des Cavernes"')
    problems = [p for p in lint(folder) if p.code == "CF013"]
    line = line_of(po, 'msgstr "Rat des Cavernes"')
    assert found(problems, "CF013") == [("error", "cards.po", line, 1, "bat-swarm")]
    assert "same fr name as card 'cave-rat' (monsters.yaml:9)" in problems[0].message


def test_every_later_card_names_the_first(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    crypte = folder / "crypte.yaml"
    plant(crypte, "{fr: Zonbi, en: Zonbi}", "{fr: Zonbi, en: Skull Yorick}")
    plant(crypte, "{fr: Oni, en: Oni}", "{fr: Oni, en: skull yorick}")
    problems = [p for p in lint(folder) if p.code == "CF013"]
    assert [(p.line, p.card, p.severity) for p in problems] == [
        (line_of(crypte, "Zonbi, en: Skull"), "zonbi", Severity.ERROR),
        (line_of(crypte, "Oni, en: skull"), "oni", Severity.ERROR)]
    assert all("as card 'crane-yorick' (crypte.yaml:7)" in p.message for p in problems)
