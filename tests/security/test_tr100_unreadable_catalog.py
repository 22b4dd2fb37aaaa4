"""TR100: a catalog that cannot be read or parsed is one located error at the file; the lint
engine reports a file a rule could not read at that file, once; floods are capped."""

from __future__ import annotations

import os
import types

import pytest

from cardforge.boundary import trust
from cardforge.errors import DataError
from cardforge.i18n import po_files as po
from cardforge.i18n.translations import Translations
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import Rule, all_rules, from_module
from cardforge.problem import Severity
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import Config
from tests.conftest import GENERIC, i18n_game, lint_root

PO = ("locale", "en", "LC_MESSAGES", "rules.po")


def _tr(problems):
    return [(p.code, p.path.name, p.line, p.severity.value) for p in problems
            if p.code.startswith(("TR", "BK", "CF000"))]


def test_a_folder_named_like_a_catalog_is_one_error_at_it(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    path.unlink()
    path.mkdir()
    problems = lint_root(root)
    assert _tr(problems) == [("TR100", "rules.po", 1, "error")]
    assert "is a folder" in problems[0].message


def test_utf16_is_refused_and_a_byte_order_mark_is_accepted(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    text = path.read_text(encoding="utf-8")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert _tr(lint_root(root)) == []
    path.write_bytes(text.encode("utf-16"))
    [problem] = [p for p in lint_root(root) if p.code == "TR100"]
    assert "UTF-16" in problem.message and problem.hint


def test_non_utf8_is_located_at_its_line(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    path.write_bytes(path.read_bytes().replace(b'msgstr "Overview"', b'msgstr "Ov\xe9rview"'))
    [problem] = [p for p in lint_root(root) if p.code == "TR100"]
    assert (problem.line, problem.col) == (21, 11)  # msgstr "Ov|é


@pytest.mark.parametrize("header, entry, words", [
    ("nplurals=100000000000; plural=(n != 1);", 'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\n',
     "plural forms"),
    ("nplurals=x; plural=(n != 1);", "", "invalid literal"),
    ("nplurals=2; plural=(n != 1);", 'msgid "a"\nmsgid_plural "as"\nmsgstr[x] "x"\n', "invalid literal"),
])
def test_a_header_or_entry_babel_chokes_on_is_tr100_not_a_crash(tmp_path, header, entry, words):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    text = path.read_text(encoding="utf-8").replace("nplurals=2; plural=(n != 1);", header)
    path.write_text(text + "\n" + entry, encoding="utf-8")
    problems = lint_root(root)
    assert [p.code for p in problems if p.code in ("TR100", "CF000")] == ["TR100"]
    assert words in next(p.message for p in problems if p.code == "TR100")


def test_an_unknown_charset_in_the_header_reads_as_utf8(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    path.write_text(path.read_text(encoding="utf-8").replace("charset=utf-8", "charset=KOI9"),
                    encoding="utf-8")
    assert _tr(lint_root(root)) == []


def test_too_many_entries_are_refused_before_babel_reads_them(tmp_path, monkeypatch):
    monkeypatch.setattr(trust, "MAX_PO_ENTRIES", 40)
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    head = path.read_text(encoding="utf-8")
    extra = "".join(f'\nmsgid "t{i}"\nmsgstr "x"\n' for i in range(36))
    path.write_text(head + extra, encoding="utf-8")  # 4 + 36 + the header: 41 msgids
    first_line = len(head.splitlines())
    [problem] = [p for p in lint_root(root) if p.code.startswith("TR")]
    assert (problem.code, problem.line) == ("TR100", first_line + 36 * 3 - 1)
    assert "more than 40 entries" in problem.message
    monkeypatch.setattr(trust, "MAX_PO_ENTRIES", 41)
    assert not [p for p in lint_root(root) if p.code == "TR100"]


def test_a_flood_of_entries_is_capped_per_file_and_says_how_many_more(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    path.write_text(path.read_text(encoding="utf-8")
                    + "".join(f'\nmsgid "t{i}"\nmsgstr ""\n' for i in range(350)), encoding="utf-8")
    problems = [p for p in lint_root(root) if p.code == "TR101"]
    assert len(problems) == 100
    assert problems[-1].message.endswith("... and 250 more in this file")
    assert not any("more in this file" in p.message for p in problems[:-1])


def test_an_extra_catalog_a_build_would_read_is_checked_too(tmp_path):
    root = i18n_game(tmp_path)
    extra = root / "locale" / "en" / "LC_MESSAGES" / "extra.po"
    extra.write_text('msgid "a"\nmsgstr "b"\ngarbage\n', encoding="utf-8")
    assert [(p.code, p.path.name, p.line) for p in lint_root(root) if p.code == "TR100"] == [
        ("TR100", "extra.po", 3)]
    with pytest.raises(DataError) as caught:
        Translations.load(root, "en", "ja")
    assert "extra.po:3:1: TR100" in caught.value.format_message()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_catalog_is_reported_at_it(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    path.chmod(0)
    try:
        assert _tr(lint_root(root)) == [("TR100", "rules.po", 1, "error")]
    finally:
        path.chmod(0o644)


def _rules(*checks) -> dict[str, Rule]:
    """Every rule of the generic pack, and one warning-level rule ZZ10<n> of it per check
    function."""
    modules = []
    for number, body in enumerate(checks, start=1):
        module = types.ModuleType(f"zz10{number}", "A test rule.\n\nPassing:: x\n\nFailing:: y\n")
        module.CODE, module.NAME, module.SCOPE, module.SEVERITY = f"ZZ10{number}", "t", "game", "warning"
        module.check = body
        modules.append(module)
    return {**all_rules([GENERIC]), **{m.CODE: from_module(m, GENERIC.id) for m in modules}}


def _lint(root, rules):
    return lint_game(load_game(root, GENERIC), rules, Config(root=root.parents[1]))


def test_a_refusal_inside_any_rule_is_an_error_at_the_refused_file_once(tmp_path):
    root = i18n_game(tmp_path)
    bad = root / "icons" / "x.svg"

    def refuse(game, _):
        yield from ()
        raise trust.Refused(bad, "is a folder, not a file", "remove it")

    problems = _lint(root, _rules(refuse, refuse))
    assert [(p.code, p.line, p.severity) for p in problems if p.path == bad] == [
        ("ZZ101", 1, Severity.ERROR)]
    assert not [p for p in problems if p.code == "CF000"]


def test_a_data_error_inside_a_rule_adds_its_located_problems_once(tmp_path):
    root = i18n_game(tmp_path)

    def unreadable(game, _):
        po.read_catalog(root / "locale" / "en" / "LC_MESSAGES" / "missing.po", "en")
        yield from ()

    problems = _lint(root, _rules(unreadable, unreadable))
    assert [(p.code, p.path.name) for p in problems if p.path.name == "missing.po"] == [
        ("TR100", "missing.po")]


def test_a_real_rule_bug_is_still_cf000(tmp_path):
    root = i18n_game(tmp_path)

    def broken(game, _):
        yield from ()
        raise KeyError("oops")

    [bug] = [p for p in _lint(root, _rules(broken)) if p.code == "CF000"]
    assert bug.path.name == "game.yaml" and "ZZ101" in bug.message


def test_read_catalog_raises_a_located_data_error(tmp_path):
    path = tmp_path / "x.po"
    path.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "c"\nnonsense\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        po.read_catalog(path, "en")
    [problem] = caught.value.problems
    assert (problem.code, problem.line) == ("TR100", 5)

