"""Every kind of file lint or build reads reports a planted mistake at that file and line:
card YAML, a CSV and an XLSX sheet, game.yaml, a translation catalog, the rules Markdown,
an SVG icon and cardforge.toml (lint); a template, style.css, CSS in a template's <style>
block or read through an @import, and a print profile (build, which reads them; lint
--layout for the CSS too), in the game `cardforge new` writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main

GAME = "goblin-market"


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("scaffold")
    made = CliRunner().invoke(main, ["new", GAME, "-w", str(root)])
    assert made.exit_code == 0, made.output
    assert CliRunner().invoke(main, ["lint", "-w", str(root)]).exit_code == 0
    return root


def _copy(scaffold: Path, tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(scaffold, tmp_path / "ws")
    return tmp_path / "ws"


def _plant(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path`` by ``new`` (``old`` empty: append ``new`` as a
    line); the line it is on."""
    text = path.read_text(encoding="utf-8")
    if not old:
        text = text.rstrip("\n") + "\n"
        path.write_text(text + new + "\n", encoding="utf-8")
        return text.count("\n") + 1
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text.count("\n", 0, at) + 1


KINDS = [  # (file, text replaced, by, code)
    (f"cards/{GAME}/monsters.yaml", "cost: ", "cost: lots #", "CF003"),
    (f"cards/{GAME}/game.yaml", "players: {min: 2", "players: {min: two", "CF003"),
    (f"cards/{GAME}/locale/fr/LC_MESSAGES/cards.po", "", 'msgid "no msgstr after this"', "TR100"),
    (f"cards/{GAME}/rules/rules.md", "", "```", "BK101"),
]


@pytest.mark.parametrize(("name", "old", "new", "code"), KINDS, ids=[k[0].rsplit("/", 1)[1] for k in KINDS])
def test_a_planted_mistake_is_at_its_file_and_line(scaffold, tmp_path, name, old, new, code):
    root = _copy(scaffold, tmp_path)
    at = _plant(root / name, old, new)
    run = CliRunner().invoke(main, ["lint", "-w", str(root)])
    assert run.exit_code == 1, run.output
    assert f"{name}:{at}:" in run.stdout and f" {code} " in run.stdout, run.stdout


def test_a_csv_sheet_mistake_is_at_its_line_and_cell(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    game = root / "cards" / GAME
    (game / "monsters.yaml").unlink()
    (game / "treasures.yaml").unlink()
    (game / "extra.csv").write_text('deck,monsters\nid,name.en,cost\nimp,"Imp\nthe small",two\n',
                                    encoding="utf-8")
    run = CliRunner().invoke(main, ["lint", "--select", "CF003", "-w", str(root)])
    assert f"cards/{GAME}/extra.csv:4:12: CF003 extra.csv extra!C3: cost:" in run.stdout, run.stdout


def test_a_cardforge_toml_mistake_is_at_its_line(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    at = _plant(root / "cardforge.toml", 'duplex = "long"', 'duplex = "sideways"')
    run = CliRunner().invoke(main, ["lint", "-w", str(root)])
    assert run.exit_code == 2
    assert f"{root / 'cardforge.toml'}:{at}:" in run.output, run.output


def test_an_xlsx_sheet_mistake_is_at_its_row_and_cell(scaffold, tmp_path):
    import xlsxwriter

    root = _copy(scaffold, tmp_path)
    game = root / "cards" / GAME
    (game / "monsters.yaml").unlink()
    book = xlsxwriter.Workbook(game / "extra.xlsx")
    page = book.add_worksheet("Imps")
    for r, row in enumerate([["deck", "monsters"], ["id", "name.en", "cost"], ["imp", "Imp", "two"]]):
        for c, value in enumerate(row):
            page.write(r, c, value)
    book.close()
    run = CliRunner().invoke(main, ["lint", "--select", "CF003", "-w", str(root)])
    assert f"cards/{GAME}/extra.xlsx:3:3: CF003 extra.xlsx Imps!C3: cost:" in run.stdout, run.stdout


def test_an_svg_icon_mistake_is_at_its_line(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    icon = root / "templates" / GAME / "icons" / "coin.svg"
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
                    '  <circle cx="5" cy="5" r="4"\n</svg>\n', encoding="utf-8")
    run = CliRunner().invoke(main, ["lint", "-w", str(root)])
    assert run.exit_code == 1
    assert f"templates/{GAME}/icons/coin.svg:3:1: CF009 not a valid SVG file" in run.stdout, run.stdout


def _build(root: Path, *options: str) -> str:
    """What a failing `cardforge build` of the copied workspace prints."""
    run = CliRunner().invoke(main, ["build", GAME, *options, "-w", str(root)])
    assert run.exit_code != 0, run.output
    return run.output


def test_a_template_mistake_is_at_its_line(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    template = root / "templates" / GAME / "front.html.j2"
    at = _plant(template, '<header class="wg-head">', '<header class="wg-head">{% if %}')
    assert f"{template}:{at}: template syntax error" in _build(root)


def test_a_style_css_mistake_is_at_its_line_and_column(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    style = root / "templates" / GAME / "style.css"
    at = _plant(style, "", ".wg-planted { color:   bluee; }")
    assert f"{style}:{at}:15: ignored `color:   bluee`, invalid value." in _build(root)


def test_css_in_a_template_style_block_is_at_the_template_s_line(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    template = root / "templates" / GAME / "front.html.j2"
    at = _plant(template, '<header class="wg-head">',
                '<style>.wg-head { colour-x: 1; color: grene; }</style>\n<header class="wg-head">')
    out = _build(root)
    assert f"{template}:{at}:19: ignored `colour-x: 1`, unknown property." in out, out
    assert f"{template}:{at}:32: ignored `color: grene`, invalid value." in out, out
    assert "fix the CSS at the places named above" in out


def test_css_read_through_an_import_is_at_the_imported_file_s_line(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    extra = root / "templates" / GAME / "extra.css"
    extra.write_text("/* extra */\n.wg-x {\n  margin: 3 pigs;\n}\n", encoding="utf-8")
    _plant(root / "templates" / GAME / "front.html.j2", '<header class="wg-head">',
           f'<style>@import "../../templates/{GAME}/extra.css";</style>\n<header class="wg-head">')
    assert f"{extra}:3:3: ignored `margin: 3 pigs`, invalid value." in _build(root)


def test_an_import_in_style_css_is_at_its_line(scaffold, tmp_path):
    """print.css comes first in a face's stylesheet, so style.css's @import is ignored:
    said at the @import, not at the joined document's line."""
    root = _copy(scaffold, tmp_path)
    style = root / "templates" / GAME / "style.css"
    (style.parent / "extra.css").write_text(".wg-x { margin: 0; }\n", encoding="utf-8")
    style.write_text("@import url(extra.css);\n" + style.read_text(encoding="utf-8"), encoding="utf-8")
    assert f"{style}:1:1: @import of extra.css ignored" in _build(root)


def test_a_print_profile_mistake_is_at_its_line(scaffold, tmp_path):
    root = _copy(scaffold, tmp_path)
    (root / "profiles").mkdir()
    profile = root / "profiles" / "shop.toml"
    profile.write_text('# a shop\nname = "Shop"\noutput = "jpg"\n', encoding="utf-8")
    assert f"{profile}:3:1: output: 'jpg' is not one of" in _build(root, "--profile", "shop")


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_lint_layout_names_the_template_holding_a_css_mistake(scaffold, tmp_path, monkeypatch, start):
    """TR105, which lays faces out, puts the failure at the first file and line the
    render error names, not at game.yaml; also where layout workers are spawned (Windows,
    macOS), which have not read the stylesheets to trace the warning themselves."""
    if start == "spawn":
        from cardforge.proc import forked

        monkeypatch.setattr(forked, "fork_is_safe", lambda: False)
    root = _copy(scaffold, tmp_path)
    template = root / "templates" / GAME / "front.html.j2"
    at = _plant(template, '<header class="wg-head">',
                '<style>.wg-head { color: grene; }</style>\n<header class="wg-head">')
    run = CliRunner().invoke(main, ["lint", "--layout", "--select", "TR105", "-w", str(root)])
    expected = f"templates/{GAME}/front.html.j2:{at}:19: TR105 cannot lay out the en faces"
    assert expected in run.stdout, run.stdout
