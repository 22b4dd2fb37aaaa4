"""BK101: a rules file that cannot be used as written is a located error, never a crash or
silently lost text; links and images are judged at their file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.booklet.rules_markdown import load_rules, parse_rules
from cardforge.boundary import trust
from cardforge.errors import DataError
from tests.conftest import i18n_game, lint_root

RULES = ("rules", "rules.md")
PO = ("locale", "en", "LC_MESSAGES", "rules.po")


def _bk(problems):
    return [(p.code, p.path.name, p.line, p.col) for p in problems if p.code in ("BK101", "CF000")]


def _nested(depth: int) -> str:
    return "".join("  " * level + f"- level {level}\n" for level in range(depth)) + "\nThe end.\n"


def test_nesting_up_to_the_limit_keeps_every_block():
    blocks = parse_rules(_nested(trust.MAX_MARKDOWN_NESTING), Path("r.md"))
    assert len(blocks) == trust.MAX_MARKDOWN_NESTING + 1
    assert blocks[-1].text == "The end." and blocks[-1].location.line == trust.MAX_MARKDOWN_NESTING + 2


def test_nesting_past_the_limit_is_refused_at_its_line():
    text = "# Title\n\n" + _nested(trust.MAX_MARKDOWN_NESTING + 1)
    with pytest.raises(trust.Refused) as caught:
        parse_rules(text, Path("r.md"))
    assert caught.value.line == 3 + trust.MAX_MARKDOWN_NESTING
    with pytest.raises(trust.Refused):
        parse_rules("> " * 100_000 + "deep\n", Path("r.md"))


def test_a_non_utf8_rules_file_is_located_and_a_bom_is_accepted(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*RULES)
    text = path.read_bytes()
    path.write_bytes(b"\xef\xbb\xbf" + text)
    assert _bk(lint_root(root)) == []
    path.write_bytes(text + b"\nCaf\xe9\n")
    line = text.count(b"\n") + 2
    assert _bk(lint_root(root)) == [("BK101", "rules.md", line, 4)]
    with pytest.raises(DataError) as caught:
        load_rules(root)
    assert f"rules.md:{line}:4: BK101 is not UTF-8" in caught.value.format_message()


def test_a_folder_named_rules_md_is_one_error_however_many_rules_read_it(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*RULES)
    path.unlink()
    path.mkdir()
    problems = lint_root(root)
    assert _bk(problems) == [("BK101", "rules.md", 1, 1)]
    assert [p.severity.value for p in problems if p.code == "BK101"] == ["error"]


def test_a_code_block_would_be_lost_and_is_reported(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*RULES)
    lines = path.read_text(encoding="utf-8").splitlines()
    added = ["", "# Code", "", "    indented text", "", "```", "fenced", "```", ""]
    path.write_text("\n".join([*lines, *added]), encoding="utf-8")
    assert _bk(lint_root(root)) == [("BK101", "rules.md", len(lines) + 4, 1),
                                    ("BK101", "rules.md", len(lines) + 6, 1)]


@pytest.mark.parametrize("markdown, refused", [
    ("[site](https://example.com) [mail](mailto:a@example.com) [up](#rules)", None),
    ("![setup](rules/setup.png)", None),
    ("![setup](https://example.com/setup.png)", "https://example.com/setup.png"),
    ("![setup](data:image/png;base64,AAAA)", "data:image/png;base64,AAAA"),
    ("![setup](/etc/hostname)", "/etc/hostname"),
    ("![setup](../../outside.png)", "../../outside.png"),
    ("![setup](rules/missing.png)", "rules/missing.png"),
    ("[passwords](file:///etc/passwd)", "file:///etc/passwd"),
    ("[run](javascript:alert(1))", "javascript:alert(1)"),
    ("[local](other.md)", "other.md"),
])
def test_links_and_images_are_judged_at_their_line_and_column(tmp_path, markdown, refused):
    root = i18n_game(tmp_path)
    (root / "rules" / "setup.png").write_bytes(b"\x89PNG")
    (tmp_path / "outside.png").write_bytes(b"\x89PNG")
    path = root.joinpath(*RULES)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*lines, "", "A paragraph", f"with {markdown} in it.", ""]), encoding="utf-8")
    with trust.confined(tmp_path / "cards"):
        found = _bk(lint_root(root))
    if refused is None:
        assert found == []
    else:
        assert found == [("BK101", "rules.md", len(lines) + 3, 1 + len("with ") + markdown.index(refused))]


def test_a_refused_link_in_a_translation_is_reported_at_its_msgstr_line(tmp_path):
    root = i18n_game(tmp_path)
    path = root.joinpath(*PO)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('msgstr "Overview"', 'msgstr "[Overview](file:///etc/passwd)"'),
                    encoding="utf-8")
    problems = [p for p in lint_root(root) if p.code == "BK101"]
    assert [(p.path.name, p.line) for p in problems] == [("rules.po", 21)]
    assert "(in the en translation)" in problems[0].message
