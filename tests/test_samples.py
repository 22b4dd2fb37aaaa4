"""The shipped sample games must stay clean: `cardforge lint cards/` exits 0."""

from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main

REPO = Path(__file__).resolve().parents[1]


def test_shipped_cards_lint_clean_with_no_warnings():
    result = CliRunner().invoke(main, ["lint", "--strict", "-w", str(REPO), str(REPO / "cards")])
    assert result.exit_code == 0, result.output
    assert "cardforge lint: clean" in result.output


def test_lint_exit_codes_for_errors_and_usage(tmp_path):
    game = tmp_path / "cards" / "comic-creator"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text((REPO / "cards/comic-creator/game.yaml").read_text(encoding="utf-8"))
    (game / "bad.yaml").write_text("deck: skill\ncards:\n  - id: x\n    name: {en: X}\n    cost: RUN7\n"
                                   "    abilities: [{kind: flip}]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["lint", "-w", str(tmp_path), "--format", "json"])
    assert result.exit_code == 1
    assert '"code": "CF016"' in result.output  # RUN7 on six-sided dice
    usage = CliRunner().invoke(main, ["lint", "--format", "xml"])
    assert usage.exit_code == 2
    missing = CliRunner().invoke(main, ["lint", "-w", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "no game found" in missing.output
