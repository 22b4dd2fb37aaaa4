"""`cardforge lint` through the parse cache: a second lint of an unchanged large card file
reads it back instead of parsing it, and reports every Problem at the same place."""

from __future__ import annotations

import re

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.loading import parse_cache
from cardforge.loading import yaml_source as source
from cardforge.loading.document import Document
from tests.lint.planting import line_of, lint, new_game, plant

EXTRA = 400  # copies of a monster: the file grows past parse_cache.MIN_BYTES


def big_monsters(folder):
    monsters = folder / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    def imp(n: int, name: str) -> str:
        return (f"  - id: imp-{n:03d}\n    name: {{en: '{name}', fr: Diablotin {n}}}\n    cost: 3\n"
                f"    attack: 2\n    defence: 2\n    kind: spirit\n    keywords: [flying]\n"
                f"    text: {{en: \"When you hire it, take 1 :coin: from the bank.\"}}\n")

    copies = "".join(imp(n, f"Imp {n}") for n in range(EXTRA)) + imp(7, "Twin")
    monsters.write_text(text + copies, encoding="utf-8")
    assert monsters.stat().st_size >= parse_cache.MIN_BYTES
    return monsters


def where(problems):
    return sorted((p.code, p.path.name, p.line, p.col, p.message) for p in problems)


def test_a_second_lint_reads_the_file_back_and_reports_the_same_places(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    folder = new_game(tmp_path)
    monsters = big_monsters(folder)
    first = lint(folder)
    twin = line_of(monsters, "id: imp-007", after="id: imp-399")
    assert ("CF005", "monsters.yaml", twin) in {(p.code, p.path.name, p.line) for p in first}
    assert len(list((folder.parents[1] / ".cardforge-cache" / "parsed").glob("*.json"))) == 1

    parse = source._parse

    def refuse(text, path):
        assert path != monsters, "the big file was parsed again"
        return parse(text, path)

    monkeypatch.setattr(source, "_parse", refuse)
    assert where(lint(folder)) == where(first)


def test_a_lint_decodes_a_kept_files_places_only_when_it_reports_in_that_file(tmp_path, monkeypatch):
    """The source map of a file read back is decoded when a Problem there asks for a place,
    not before: a lint with nothing to say about the file (ids unique, catalogs up to
    date, every cost readable) decodes none of it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    folder = new_game(tmp_path)
    monsters = big_monsters(folder)
    plant(monsters, "id: imp-007\n    name: {en: 'Twin', fr: Diablotin 7}",
          "id: imp-twin\n    name: {en: 'Twin', fr: Jumeau}")
    game_yaml = folder / "game.yaml"  # the deck's count right, or CF006 names the file's lines
    game_yaml.write_text(re.sub(r"(monsters:\n(?:    .*\n)*?    count: )\d+", rf"\g<1>{EXTRA + 11}",
                                game_yaml.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    lint(folder)  # parses and keeps the file
    result = CliRunner().invoke(main, ["i18n", "update", "-w", str(folder.parents[1])])
    assert result.exit_code == 0, result.output
    decoded = []
    real = Document.source_tree

    def spy(doc):
        if doc.tree is None and doc.tree_json is not None:
            decoded.append(doc.path.name)
        return real(doc)

    monkeypatch.setattr(Document, "source_tree", spy)
    assert not [p for p in lint(folder) if p.path == monsters]
    assert decoded == []
    plant(monsters, "id: imp-twin", "id: imp-007")   # a duplicate id: now a place is needed
    lint(folder)   # parses the edited file (its tree is made, not decoded), keeps it
    problems = lint(folder)
    assert decoded == ["monsters.yaml"]
    assert ("CF005", line_of(monsters, "id: imp-007", after="id: imp-399")) in {
        (p.code, p.line) for p in problems if p.path == monsters}
