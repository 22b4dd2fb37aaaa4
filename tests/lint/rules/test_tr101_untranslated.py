from tests.conftest import i18n_game, lint_root


def test_a_complete_catalog_has_nothing_untranslated(tmp_path):
    assert [p for p in lint_root(i18n_game(tmp_path)) if p.code.startswith("TR")] == []


def test_an_empty_translation_is_reported_at_its_msgid_line(tmp_path):
    root = i18n_game(tmp_path, "fail_untranslated_rules.po")
    [problem] = [p for p in lint_root(root) if p.code == "TR101"]
    assert problem.path == root / "locale" / "en" / "LC_MESSAGES" / "rules.po"
    assert (problem.line, problem.severity.value) == (31, "warning")
    assert "untranslated en text (from rules/rules.md:5)" in problem.message


def test_a_broken_catalog_is_reported_at_the_line_babel_stopped(tmp_path):
    root = i18n_game(tmp_path)
    po = root / "locale" / "en" / "LC_MESSAGES" / "rules.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Overview"', 'msgstr "Overview"\ngarbage'),
                  encoding="utf-8")
    problems = [p for p in lint_root(root) if p.code.startswith("TR")]
    assert [(p.code, p.path, p.line) for p in problems] == [("TR100", po, 22)]
