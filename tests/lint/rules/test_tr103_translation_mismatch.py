from tests.conftest import i18n_game, lint_root


def test_a_planted_number_and_a_typed_placeholder_are_caught_at_the_msgstr_lines(tmp_path):
    root = i18n_game(tmp_path, "fail_number_mismatch_rules.po")
    problems = [p for p in lint_root(root) if p.code == "TR103"]
    po = root / "locale" / "en" / "LC_MESSAGES" / "rules.po"
    assert [(p.path, p.line) for p in problems] == [(po, 27), (po, 32)]
    placeholder, number = (p.message for p in problems)
    assert "placeholder {vp_goal}: 1 in the source, 0 in the translation" in placeholder
    assert "number 15: 0 in the source, 1 in the translation" in placeholder
    assert "rules/rules.md:5" in number
    assert "number 5: 1 in the source, 0 in the translation" in number
    assert "number 6: 0 in the source, 1 in the translation" in number
    assert all(p.severity.value == "error" for p in problems)


def test_an_inline_yaml_translation_is_checked_at_its_own_line(tmp_path):
    root = i18n_game(tmp_path)
    cards = root / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Draw two cards.", "Draw three cards."),
                     encoding="utf-8")
    problems = [p for p in lint_root(root) if p.code == "TR103"]
    assert [(p.path.name, p.line, p.col) for p in problems] == [("cards.yaml", 8, 33)]
    assert "number 2: 1 in the source, 0 in the translation" in problems[0].message


def test_spelled_numbers_articles_and_reordered_markup_are_not_mismatches(tmp_path):
    from cardforge.i18n.translation_checks import differences

    assert differences("カードを2枚引く。", "Draw two cards.") == []
    assert differences("Un brelan", "Three of a kind") == []       # spelled on both sides
    assert differences("敵1人を選ぶ。", "Choose an enemy.") == []     # 1 is an article
    assert differences("**白**と:white:", ":white: and **white**") == []
    assert differences("`X=X`", "X=X") == ["markup `: 2 in the source, 0 in the translation"]
