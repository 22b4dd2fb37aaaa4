"""`cardforge i18n update` extracts a sheet's texts like a YAML file's, each message
referenced at the sheet's row; translations in extra columns are just more fields."""

from __future__ import annotations

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.spreadsheet import load_sheet
from tests.spreadsheets.test_identical_builds import _workspace


def test_i18n_update_takes_texts_from_a_sheet_at_their_rows(tmp_path):
    workspace = _workspace(tmp_path, "dice-girls", "xlsx")
    sheet = workspace / "cards" / "dice-girls" / "idols.xlsx"
    doc = load_sheet(sheet)
    first = doc.data["cards"][0]
    run = CliRunner().invoke(main, ["i18n", "update", "dice-girls", "-w", str(workspace)])
    assert run.exit_code == 0, run.output
    pot = (workspace / "cards" / "dice-girls" / "locale" / "cards.pot").read_text(encoding="utf-8")
    row = doc.locate("cards", 0, "name", "ja").line
    assert row == 3
    entry = pot.split(f"#: idols.xlsx:{row}\n", 1)[1].split("\n\n", 1)[0]
    assert f'msgid "{first["name"]["ja"]}"' in entry
    assert "idols.yaml" not in pot
    lint = CliRunner().invoke(main, ["lint", "-w", str(workspace)])
    assert lint.exit_code == 0, lint.output
