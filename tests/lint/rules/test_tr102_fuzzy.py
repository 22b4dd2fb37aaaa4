from tests.conftest import i18n_game, lint_root


def test_a_fuzzy_entry_is_reported_at_its_msgid_line_with_its_source(tmp_path):
    root = i18n_game(tmp_path, "fail_fuzzy_rules.po")
    [problem] = [p for p in lint_root(root) if p.code == "TR102"]
    assert problem.path == root / "locale" / "en" / "LC_MESSAGES" / "rules.po"
    assert problem.line == 33
    assert "fuzzy en translation" in problem.message and "rules/rules.md:5" in problem.message


def test_an_untranslated_entry_is_not_also_fuzzy(tmp_path):
    root = i18n_game(tmp_path, "fail_untranslated_rules.po")
    assert [p for p in lint_root(root) if p.code == "TR102"] == []
