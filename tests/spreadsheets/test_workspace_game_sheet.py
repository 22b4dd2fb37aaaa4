"""A workspace-defined game whose game.yaml names a workbook sheet for a deck: validated by
the schema made from its fields, reported in A1 terms by every report format, built into
cards; an ODS file reads like the XLSX."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pypdfium2
import xlsxwriter
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.spreadsheet import load_sheet
from tests.workspace_games.conftest import SCENARIOS, make_workspace

HEADERS = ["id", "name.en", "cost", "attack", "element", "keywords[]", "price", "text.en"]
BOG_HAG = ["bog-hag", "Bog Hag", 3, 2, "water", "venom", "X=X Y=Y", "Pay :die-6: to poison."]


def _game(root: Path, element: str = "water") -> Path:
    folder = make_workspace(root, "ok_wares.yaml")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace(
        "    template: {front: monster.html.j2}\n",
        "    template: {front: monster.html.j2}\n    sheet: {file: monsters.xlsx, name: Monsters}\n"),
        encoding="utf-8")
    book = xlsxwriter.Workbook(folder / "monsters.xlsx")
    book.add_worksheet("Notes").write_string(0, 0, "designer's notes: not cards")
    sheet = book.add_worksheet("Monsters")
    sheet.write_row(0, 0, HEADERS)
    sheet.write_row(1, 0, [*BOG_HAG[:4], element, *BOG_HAG[5:]])
    book.close()
    return folder


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_named_sheet_lints_and_builds(tmp_path):
    _game(tmp_path)
    lint = _run("lint", "-w", str(tmp_path))
    assert lint.exit_code == 0, lint.output
    out = tmp_path / "built"
    build = _run("build", "--paper", "a4", "--product", "cards", "--quiet", "--jobs", "1",
                 "--out", str(out), "-w", str(tmp_path))
    assert build.exit_code == 0, build.output
    [pdf] = (out / "goblin-market").glob("*cards*.pdf")
    document = pypdfium2.PdfDocument(pdf)
    text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    document.close()
    assert "Bog Hag" in text and "Cursed Crown" in text


def test_bad_enum_value_is_named_by_cell_in_every_format(tmp_path):
    _game(tmp_path, element="fyre")
    text = _run("lint", "-w", str(tmp_path))
    assert text.exit_code == 1
    assert "monsters.xlsx:2:5: CF003 monsters.xlsx Monsters!E2: element:" in text.output
    assert "did you mean 'fire'?" in text.output
    github = _run("lint", "--format", "github", "-w", str(tmp_path)).output
    assert "file=cards/goblin-market/monsters.xlsx,line=2,col=5" in github
    sarif = json.loads(_run("lint", "--format", "sarif", "-w", str(tmp_path)).stdout)
    [result, note] = sarif["runs"][0]["results"]
    assert note["ruleId"] == "CF099"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (2, 5)
    assert "Monsters!E2" in result["message"]["text"]


def _ods(path: Path, rows: list[list[object]]) -> Path:
    """A minimal ODS file: rows of text and float cells."""
    def cell(value: object) -> str:
        if isinstance(value, (int, float)):
            kind = f'office:value-type="float" office:value="{value}"'
        else:
            kind = 'office:value-type="string"'
        return f"<table:table-cell {kind}><text:p>{value}</text:p></table:table-cell>"
    body = "".join("<table:table-row>" + "".join(cell(v) for v in row) + "</table:table-row>" for row in rows)
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="Monsters">{body}</table:table>'
        '</office:spreadsheet></office:body></office:document-content>')
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        '</manifest:manifest>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content)
    return path


def test_ods_reads_like_the_yaml(tmp_path):
    from cardforge.loading.yaml_source import load_yaml

    ods = _ods(tmp_path / "monsters.ods", [["deck", "monsters"], HEADERS, BOG_HAG])
    doc = load_sheet(ods)
    assert doc.left_out == []
    assert doc.sheet == "Monsters"
    assert doc.data == load_yaml(SCENARIOS / "ok_monsters.yaml").data
    assert type(doc.data["cards"][0]["cost"]) is int


def test_ods_error_text_is_an_error_at_its_cell(tmp_path):
    ods = _ods(tmp_path / "monsters.ods", [["deck", "monsters"], HEADERS,
                                          [*BOG_HAG[:2], "Err:502", *BOG_HAG[3:]]])
    doc = load_sheet(ods)
    assert doc.data["cards"] == []
    [problem] = doc.left_out
    assert (problem.line, problem.col) == (3, 3)
    assert problem.message.startswith("monsters.ods Monsters!C3: ")
