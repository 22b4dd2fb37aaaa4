"""`cardforge new --one-language`: the sample game in English alone, linting clean."""

from __future__ import annotations

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.loading.yaml_source import loads


def test_one_language_writes_english_alone_and_lints_clean(tmp_path):
    made = CliRunner().invoke(main, ["new", "goblin-market", "--one-language", "-w", str(tmp_path)])
    assert made.exit_code == 0, made.output
    game = tmp_path / "cards" / "goblin-market"
    manifest = loads((game / "game.yaml").read_text(encoding="utf-8"), game / "game.yaml").data
    assert manifest["languages"] == ["en"] and manifest["name"] == {"en": "Goblin Market"}
    for path in game.glob("*.yaml"):
        assert "fr:" not in path.read_text(encoding="utf-8"), path
    assert not (game / "locale" / "fr").exists()
    lint = CliRunner().invoke(main, ["lint", "-w", str(tmp_path)])
    assert lint.exit_code == 0 and lint.stdout == "", lint.output


def test_one_language_is_for_a_new_game_only(tmp_path):
    run = CliRunner().invoke(main, ["new", "--from", "dice-girls", "--one-language", "-w", str(tmp_path)])
    assert run.exit_code == 2 and "--one-language goes with a new game" in run.output
    assert not (tmp_path / "cards").exists()
