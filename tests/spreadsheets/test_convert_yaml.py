"""`cardforge convert --to yaml`: the card file starts with the `$schema` line its game's
files read, and text of several lines is a block scalar, as a designer writes it."""

from __future__ import annotations

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.loading.yaml_source import loads
from tests.workspace_games.conftest import make_workspace


def test_yaml_has_the_schema_line_and_block_scalars(tmp_path):
    folder = make_workspace(tmp_path)
    (folder / "extra.csv").write_text('deck,monsters\nid,name.en,cost,text.en\n'
                                      'imp,Imp,2,"Flies.\n\nCannot block."\nrat,Rat,1,Bites.\n',
                                      encoding="utf-8")
    run = CliRunner().invoke(main, ["convert", str(folder / "extra.csv"), "--to", "yaml",
                                    "-w", str(tmp_path)])
    assert run.exit_code == 0, run.output
    written = (tmp_path / "out" / "convert" / "extra.yaml").read_text(encoding="utf-8")
    lines = written.splitlines()
    assert lines[0] == "# yaml-language-server: $schema=../../out/schemas/goblin-market.schema.json"
    assert "    en: |-\n      Flies.\n\n      Cannot block.\n" in written
    assert "text: {en: Bites.}" in written
    data = loads(written, tmp_path / "extra.yaml").data
    assert data["cards"][0]["text"]["en"] == "Flies.\n\nCannot block."


def test_a_file_outside_a_game_folder_gets_no_schema_line(tmp_path):
    source = tmp_path / "loose.csv"
    source.write_text("deck,monsters\nid,name.en\nimp,Imp\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["convert", str(source), "--to", "yaml", "-w", str(tmp_path)])
    assert run.exit_code == 0, run.output
    written = (tmp_path / "out" / "convert" / "loose.yaml").read_text(encoding="utf-8")
    assert written.startswith("# converted from loose.csv")
