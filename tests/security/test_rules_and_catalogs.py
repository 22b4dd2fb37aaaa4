"""Attacks through rules Markdown and PO catalogs: each is planted in a temporary DiXe on Card
workspace (French rules, English catalogs) and the real ``lint`` / ``build`` run as a process.
Each ends in a Problem at the planted file (and line), exit 1, no traceback, no canary byte
anywhere, no file outside out/ and the cache, and no booklet half-written; and nothing is left
out of a booklet in silence."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pypdfium2

from cardforge.boundary import trust

from .conftest import Attack, run_contained

BOOKLET = ("build", "--product", "rules", "--lang", "en")
LC_MESSAGES = ("locale", "en", "LC_MESSAGES")

PLANTS: dict[str, Callable[[Path, Attack], None]] = {
    "outside": lambda path, attack: path.symlink_to(attack.canary),
    "fifo": lambda path, attack: os.mkfifo(path),
    "folder": lambda path, attack: path.mkdir(),
    "latin1": lambda path, attack: path.write_bytes(b"Caf\xe9\n"),
    "utf16": lambda path, attack: path.write_bytes("texte\n".encode("utf-16")),
}
"""Unusable files by kind of attack: what each writes at ``path``."""

REASONS = {"outside": "is outside the workspace", "fifo": "is not a regular file",
           "folder": "is a folder", "latin1": "is not UTF-8", "utf16": "is UTF-16"}


def _with_bom(path: Path) -> None:
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())


def _once(output: str, where: str, code: str) -> str:
    """The one report line naming ``where`` (a ``file:line:col`` tail), which must carry ``code``."""
    found = [line for line in output.splitlines() if f"{where}: " in line and "hint:" not in line]
    assert len(found) == 1, (where, output[-3000:])
    assert f"{where}: {code} " in found[0], found[0]
    return found[0]


def _no_booklet(attack: Attack) -> None:
    out = attack.ws / "out"
    assert not (out.exists() and list(out.rglob("*.pdf")))


def _booklet_text(attack: Attack) -> str:
    [pdf] = (attack.ws / "out").rglob("*-rules-en.pdf")
    document = pypdfium2.PdfDocument(pdf)
    try:
        return " ".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def _append_rules(attack: Attack, text: str) -> int:
    """Append ``text`` to rules/rules.md (its example cards left out, for speed); returns the
    line the appended text starts on."""
    path = attack.root / "rules" / "rules.md"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if not line.startswith("[[examples")]
    path.write_text("\n".join([*lines, "", text]), encoding="utf-8")
    return len(lines) + 2


# ---- unusable files ------------------------------------------------------------------------

def test_every_unusable_rules_file_is_one_error_at_its_own_path(attack):
    _with_bom(attack.root / "rules" / "rules.md")  # a byte-order mark is fine
    for kind, plant in PLANTS.items():
        plant(attack.root / "rules" / f"{kind}.md", attack)
    run = run_contained(attack, "lint")
    assert run.code == 1
    for kind in PLANTS:
        where = f"rules/{kind}.md:1:4" if kind == "latin1" else f"rules/{kind}.md:1:1"
        assert REASONS[kind] in _once(run.output, where, "BK101")
    assert "rules/rules.md:1:1: BK101" not in run.output


def test_every_unusable_catalog_is_one_error_at_its_own_path(attack):
    folder = attack.root.joinpath(*LC_MESSAGES)
    _with_bom(folder / "rules.po")  # a byte-order mark is fine
    (folder / "cards.po").unlink()
    PLANTS["outside"](folder / "cards.po", attack)
    for kind, plant in PLANTS.items():
        if kind != "outside":
            plant(folder / f"{kind}.po", attack)
    run = run_contained(attack, "lint")
    assert run.code == 1
    assert REASONS["outside"] in _once(run.output, "LC_MESSAGES/cards.po:1:1", "TR100")
    for kind in PLANTS:
        if kind != "outside":
            where = f"LC_MESSAGES/{kind}.po:1:4" if kind == "latin1" else f"LC_MESSAGES/{kind}.po:1:1"
            assert REASONS[kind] in _once(run.output, where, "TR100")
    assert "rules.po:" not in run.output


def test_symlink_loops_are_located_errors(attack):
    (attack.root / "rules" / "loop.md").symlink_to("loop.md")
    (attack.root.joinpath(*LC_MESSAGES) / "loop.po").symlink_to("loop.po")
    run = run_contained(attack, "lint")
    assert run.code == 1
    assert "symlink loop" in _once(run.output, "rules/loop.md:1:1", "BK101")
    assert "symlink loop" in _once(run.output, "LC_MESSAGES/loop.po:1:1", "TR100")


def test_build_stops_at_the_same_located_errors_and_writes_no_booklet(attack):
    (attack.root / "rules" / "extra.md").mkdir()
    rules_po = attack.root.joinpath(*LC_MESSAGES, "rules.po")
    rules_po.write_bytes(rules_po.read_text(encoding="utf-8").encode("utf-16"))
    run = run_contained(attack, *BOOKLET)
    assert run.code == 1
    assert "is a folder" in _once(run.output, "rules/extra.md:1:1", "BK101")
    assert "is UTF-16" in _once(run.output, "LC_MESSAGES/rules.po:1:1", "TR100")
    _no_booklet(attack)


# ---- nesting: nothing dropped in silence ----------------------------------------------------

def _nested(depth: int) -> str:
    return "".join("  " * level + f"- niveau {level}\n" for level in range(depth))


def test_a_list_nested_ten_deep_keeps_the_rest_of_the_rulebook(attack):
    # the section says which rulebook section it covers, so CF022 has nothing to say of it
    start = _append_rules(attack, "# Listes\n\n[[covers: special-cases]]\n\n" + _nested(10)
                          + "\nParagraphe TÉMOIN après la liste.\n")
    marker = start + 4 + 10 + 1
    run = run_contained(attack, "lint")
    assert run.code == 0, run.output[-3000:]
    _once(run.output, f"rules/rules.md:{marker}:1", "TR104")  # lint reads the paragraph after it
    run = run_contained(attack, *BOOKLET)
    assert run.code == 0, run.output[-3000:]
    text = _booklet_text(attack)
    assert "niveau 9" in text and "TÉMOIN" in text


def test_a_list_nested_forty_deep_is_an_error_at_its_line(attack):
    start = _append_rules(attack, "# Listes\n\n" + _nested(40) + "\nParagraphe après la liste.\n")
    where = f"rules/rules.md:{start + 2 + trust.MAX_MARKDOWN_NESTING}:1"
    for args in (("lint",), BOOKLET):
        run = run_contained(attack, *args)
        assert run.code == 1
        assert "nest more than 30 levels" in _once(run.output, where, "BK101")
    _no_booklet(attack)


# ---- a huge catalog -------------------------------------------------------------------------

def test_a_catalog_just_over_the_entry_limit_is_one_quick_located_error(attack):
    path = attack.root.joinpath(*LC_MESSAGES, "cards.po")
    head = path.read_text(encoding="utf-8")
    with path.open("a", encoding="utf-8") as handle:
        handle.write("".join(f'\nmsgid "t{i}"\nmsgstr ""\n' for i in range(trust.MAX_PO_ENTRIES + 1)))
    entries = head.count("\nmsgid ") + head.startswith("msgid ")
    line = len(head.splitlines()) + 3 * (trust.MAX_PO_ENTRIES - entries) + 2
    run = run_contained(attack, "lint", memory_gib=1.5)
    assert run.code == 1
    assert "more than 200,000 entries" in _once(run.output, f"LC_MESSAGES/cards.po:{line}:1", "TR100")
    assert len(run.output.splitlines()) < 20


# ---- URLs -----------------------------------------------------------------------------------

def test_refused_urls_name_the_rules_file_line_and_column(attack):
    start = _append_rules(attack, "Voir ![plan](http://example.com/plan.png) ici,\n"
                                  "et ![secret](../../../secret.txt) là,\n"
                                  "puis [mots de passe](file:///etc/passwd).\n")
    expected = [(f"rules/rules.md:{start}:14", "http URLs are not fetched"),
                (f"rules/rules.md:{start + 1}:14", "is outside the workspace"),
                (f"rules/rules.md:{start + 2}:22", "link to 'file:///etc/passwd' is not allowed")]
    for args in (("lint",), BOOKLET):
        run = run_contained(attack, *args)
        assert run.code == 1
        for where, words in expected:
            assert words in _once(run.output, where, "BK101")
    _no_booklet(attack)


# ---- i18n update writes only inside the workspace --------------------------------------------

def test_i18n_update_does_not_write_through_a_linked_locale_folder(attack):
    elsewhere = attack.outside / "elsewhere"
    elsewhere.mkdir()
    folder = attack.root.joinpath(*LC_MESSAGES)
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()
    folder.symlink_to(elsewhere)
    run = run_contained(attack, "i18n", "update")
    assert run.code == 1
    assert "is outside the workspace" in _once(run.output, "LC_MESSAGES/rules.po:1:1", "TR100")
    assert not list(elsewhere.iterdir())
