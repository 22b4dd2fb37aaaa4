"""Every kind of file lint reads reports a planted mistake at that file and line: card
YAML, a CSV sheet, game.yaml, a translation catalog, the rules Markdown and cardforge.toml,
in the game `cardforge new` writes."""

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
