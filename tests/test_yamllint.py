"""yamllint, with the settings shipped at the repository root (``.yamllint``) and written
into a new workspace by `cardforge new`, finds nothing in the shipped card files nor in the
sample game: what a designer runs (`yamllint cards/`) is clean from the start."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from yamllint import config as yamllint_config
from yamllint import linter as yamllint_linter

from cardforge.cli import main
from cardforge.scaffold.sample_game import FILES, YAMLLINT

REPO = Path(__file__).resolve().parents[1]


def problems(config_path: Path, folder: Path) -> list[str]:
    """Every yamllint problem in the YAML files under ``folder``, as ``file:line:col rule``."""
    config = yamllint_config.YamlLintConfig(file=str(config_path))
    found = []
    for path in sorted(folder.rglob("*.yaml")):
        for problem in yamllint_linter.run(path.read_text(encoding="utf-8"), config, str(path)):
            found.append(f"{path.relative_to(folder)}:{problem.line}:{problem.column} {problem.rule}")
    return found


def test_the_shipped_card_files_pass_yamllint():
    assert sorted(REPO.glob("cards/*/*.yaml")), "no card files found"
    assert problems(REPO / ".yamllint", REPO / "cards") == []


def test_the_settings_find_what_they_should(tmp_path):
    """Not a blank config: trailing spaces, a duplicate key, loose spacing, a sequence
    indented unlike the others and a missing final newline are found."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("deck: a  \ncards:\n  - id: x\n    id: y\n    name: {en:  X}\n"
                   "    art:\n        - a.png\nmarks:\n- one", encoding="utf-8")
    assert problems(REPO / ".yamllint", tmp_path) == [
        "bad.yaml:1:8 trailing-spaces", "bad.yaml:4:5 key-duplicates", "bad.yaml:5:16 colons",
        "bad.yaml:7:9 indentation", "bad.yaml:9:1 indentation", "bad.yaml:9:6 new-line-at-end-of-file"]


def test_a_new_workspace_gets_the_same_settings_and_its_sample_game_passes(tmp_path):
    assert (FILES / YAMLLINT).read_bytes() == (REPO / ".yamllint").read_bytes()
    result = CliRunner().invoke(main, ["new", "goblin-market", "-w", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert ".yamllint" in result.output.splitlines()
    assert (tmp_path / ".yamllint").read_bytes() == (REPO / ".yamllint").read_bytes()
    assert problems(tmp_path / ".yamllint", tmp_path / "cards") == []


def test_new_keeps_a_yamllint_file_the_workspace_has(tmp_path):
    (tmp_path / ".yamllint").write_text("extends: relaxed\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["new", "goblin-market", "-w", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / ".yamllint").read_text(encoding="utf-8") == "extends: relaxed\n"
