"""Changing the sources without `cardforge i18n update`: what lint says, per language."""

import shutil

from cardforge.commands.i18n_command import needs, update_game
from cardforge.i18n import game_catalogs as catalogs
from cardforge.i18n.catalog_state import state
from cardforge.workspace.game_loading import load_game
from tests.conftest import GENERIC, i18n_game, lint_root


def po(root, lang, domain="rules"):
    return root / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def with_french(tmp_path):
    """The fixture game with a third language whose catalogs copy the English ones."""
    root = i18n_game(tmp_path)
    game_yaml = root / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("[ja, en]", "[ja, en, fr]"),
                         encoding="utf-8")
    shutil.copytree(root / "locale" / "en", root / "locale" / "fr")
    for domain in ("rules", "cards"):
        path = po(root, "fr", domain)
        path.write_text(path.read_text(encoding="utf-8").replace("Language: en", "Language: fr"),
                        encoding="utf-8")
    return root


def update(root):
    """Run the update; return what `cardforge i18n update` prints for each file written."""
    return [f"{p.path.relative_to(root)} ({needs(p)})" for p in update_game(root, GENERIC)]


def test_up_to_date_catalogs_report_nothing(tmp_path):
    assert [p for p in lint_root(with_french(tmp_path)) if p.code == "TR104"] == []


def test_a_changed_paragraph_is_reported_as_fuzzy_to_be_in_every_other_language(tmp_path):
    root = with_french(tmp_path)
    rules = root / "rules" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("手札は5枚まで", "手札は6枚まで"),
                     encoding="utf-8")
    problems = [p for p in lint_root(root) if p.code == "TR104"]
    assert [(p.path, p.line) for p in problems] == [(po(root, "en"), 31), (po(root, "fr"), 31)]
    assert all("source text changed (rules/rules.md:5)" in p.message and "will be fuzzy" in p.message
               for p in problems)

    update(root)   # now the entries are fuzzy, with the old text kept for the translator
    fuzzy = [p for p in lint_root(root) if p.code in ("TR102", "TR104")]
    line = po(root, "en").read_text(encoding="utf-8").splitlines().index('msgid "手札は6枚までです。"') + 1
    assert [(p.code, p.path, p.line) for p in fuzzy] == [("TR102", po(root, "en"), line),
                                                         ("TR102", po(root, "fr"), line)]
    assert '#| msgid "手札は5枚までです。"' in po(root, "fr").read_text(encoding="utf-8")


def test_new_gone_and_inline_changes_are_each_reported_where_they_are(tmp_path):
    root = i18n_game(tmp_path)
    rules = root / "rules" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "- **白ダイス**を振ります。\n", "\nまったく別の段落です。\n"), encoding="utf-8")
    cards = root / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("en: Deadline}", "en: The Deadline}"),
                     encoding="utf-8")
    problems = sorted((p.path.name, p.line, p.message) for p in lint_root(root) if p.code == "TR104")
    assert [(name, line) for name, line, _ in problems] == [
        ("cards.po", 36), ("rules.md", 7), ("rules.po", 36)]
    inline, new, gone = (message for _, _, message in problems)
    assert "en text written at cards.yaml:7 differs" in inline
    assert "new text not yet in the en catalog" in new
    assert "no longer in the sources (was rules/rules.md:6)" in gone


def test_a_language_without_catalogs_is_reported_at_languages(tmp_path):
    root = with_french(tmp_path)
    shutil.rmtree(root / "locale" / "fr")
    problems = [p for p in lint_root(root) if p.code == "TR104"]
    assert [(p.path.name, p.line) for p in problems] == [("game.yaml", 5), ("game.yaml", 5)]
    assert "no rules catalog for fr" in problems[0].message


def test_update_is_idempotent_and_says_what_each_file_needs(tmp_path):
    root = with_french(tmp_path)
    shutil.rmtree(root / "locale")
    first = update(root)
    assert "locale/fr/LC_MESSAGES/rules.po (fr, 4 untranslated, 0 fuzzy of 4)" in first
    assert "locale/en/LC_MESSAGES/cards.po (en, 1 untranslated, 0 fuzzy of 5)" in first
    assert "locale/rules.pot (template, 4 texts)" in first
    before = {p: p.read_bytes() for p in (root / "locale").rglob("*.po*")}
    assert len(before) == 6
    assert update(root) == []
    assert {p: p.read_bytes() for p in (root / "locale").rglob("*.po*")} == before


def tr104(root):
    return [(p.path, p.line, p.message) for p in lint_root(root) if p.code == "TR104"]


def test_catalogs_holding_every_text_are_compared_without_a_merge_as_a_merge_would(tmp_path, monkeypatch):
    root = with_french(tmp_path)
    cards = root / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8")
                     .replace("en: Deadline}", "en: The Deadline, fr: Échéance}"), encoding="utf-8")
    fr = po(root, "fr", "cards")   # a fuzzy entry and a translation the YAML repeats exactly
    fr.write_text(fr.read_text(encoding="utf-8").replace(
        '#: cards.yaml:4\nmsgid "集中線"', '#: cards.yaml:4\n#, fuzzy\nmsgid "集中線"').replace(
        'msgstr "Deadline"', 'msgstr "Échéance"'), encoding="utf-8")

    def no_merge(*_):
        raise AssertionError("merged, though every text has its entry")

    monkeypatch.setattr(catalogs, "merge", no_merge)
    quick = tr104(root)
    monkeypatch.undo()
    monkeypatch.setattr(catalogs.Planned, "same_texts", property(lambda _: False))
    assert tr104(root) == quick   # what Babel's merge makes of the same catalogs
    assert [(path, line) for path, line, _ in quick] == [(po(root, "en", "cards"), 36)]
    assert "the en text written at cards.yaml:7 differs" in quick[0][2]


def test_a_catalog_missing_a_text_or_holding_another_is_merged(tmp_path):
    root = with_french(tmp_path)
    planned = {(p.lang, p.domain): p for p in state(load_game(root, GENERIC).game).planned}
    assert planned["fr", "cards"].same_texts and planned["en", "rules"].same_texts
    assert not planned[None, "cards"].same_texts   # the template is always made anew
    en = po(root, "en", "cards")
    en.write_text(en.read_text(encoding="utf-8").replace('msgid "締め切り"', 'msgid "締め切り!"'),
                  encoding="utf-8")
    planned = {(p.lang, p.domain): p for p in state(load_game(root, GENERIC).game).planned}
    assert not planned["en", "cards"].same_texts and planned["fr", "cards"].same_texts


def test_a_new_card_text_is_reported_at_its_key_in_yaml(tmp_path):
    from tests.lint.planting import col_of, line_of, lint, new_game, plant

    folder = new_game(tmp_path)
    monsters = folder / "monsters.yaml"
    plant(monsters, "    kind: beast\n\n  - id: bat-swarm",
          "    kind: beast\n    text:\n      en: \"Squeaks twice.\"\n\n  - id: bat-swarm")
    line = line_of(monsters, 'en: "Squeaks twice."')
    problems = [p for p in lint(folder) if p.code == "TR104" and p.path == monsters]
    assert [(p.line, p.col) for p in problems] == [(line, col_of(monsters, line, "en:"))]
    assert problems[0].message.startswith("new text not yet in the fr catalog")


def test_a_new_card_text_in_a_sheet_is_reported_at_its_cell_not_the_id(tmp_path):
    """The text cell (J3) at its physical line (5: the row above holds two line breaks) and
    column, not the id column."""
    from tests.lint.planting import lint, new_game, plant

    folder = new_game(tmp_path)
    plant(folder / "game.yaml", "  monsters:\n    name: {en: Monsters, fr: Monstres}\n",
          "  monsters:\n    name: {en: Monsters, fr: Monstres}\n    sheet: {file: monsters.csv}\n")
    (folder / "monsters.yaml").unlink()
    sheet = folder / "monsters.csv"
    sheet.write_text(
        'id,name.en,name.fr,quantity,cost,attack,defence,kind,keywords[],text.en,text.fr\n'
        'cave-rat,Cave Rat,Rat,2,1,1,1,beast,,"When you hire it,\ntake 1 :coin: from the bank.",'
        '"Quand vous l\'engagez,\nprenez 1 :coin: à la banque."\n'
        'bat-swarm,Bat Swarm,Nuée,8,2,2,1,beast,flying,Squeaks twice.,\n', encoding="utf-8")
    problems = [p for p in lint(folder) if p.code == "TR104" and p.path == sheet]
    column = 'bat-swarm,Bat Swarm,Nuée,8,2,2,1,beast,flying,'.__len__() + 1
    assert [(p.line, p.col, p.cell) for p in problems] == [(5, column, "monsters!J3")]
    assert "new text not yet in the fr catalog" in problems[0].message
