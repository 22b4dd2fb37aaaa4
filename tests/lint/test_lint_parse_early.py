"""``cardforge lint`` starts the child parsing the big card files before it imports the
modules that load games (cardforge.workspace.parse_ahead.early): the report is the one a lint
without that child gives, errors in the child's files included, at the same places."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.workspace import parse_ahead
from tests.workspace_games.conftest import make_workspace


@pytest.fixture
def big_game(tmp_path: Path, monkeypatch) -> Path:
    """A workspace whose game has two big card files, the last with a duplicate id and a
    cost no die pays; the user's cache (the signing key) outside the workspace."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    root = tmp_path / "ws"
    folder = make_workspace(root, "ok_monsters.yaml")
    card = (folder / "ok_monsters.yaml").read_text(encoding="utf-8").split("cards:\n", 1)[1]
    for part in ("one", "two"):
        copies = [card.replace("id: bog-hag", f"id: {part}-{n:04d}") for n in range(600)]
        if part == "two":
            copies.append(card.replace("id: bog-hag", "id: two-0007"))
        (folder / f"big-{part}.yaml").write_text("deck: monsters\ncards:\n" + "".join(copies),
                                                 encoding="utf-8")
    return root


def _report(root: Path) -> tuple[int, list[tuple[str, str, int, int]]]:
    done = CliRunner().invoke(main, ["lint", "-w", str(root), "--format", "json"])
    problems = json.loads(done.stdout)
    return done.exit_code, sorted((p["code"], Path(p["path"]).name, p["line"], p["col"])
                                  for p in problems)


@pytest.mark.linux_fast_path  # the early parse is a forked child
def test_a_lint_with_its_files_parsed_early_reports_what_one_without_does(big_game, monkeypatch):
    started: list[parse_ahead.Ahead] = []
    real = parse_ahead.early

    def recorded(*args, **kwargs):
        started.append(real(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(parse_ahead, "early", recorded)
    early = _report(big_game)
    assert started and {p.name for p in started[0].paths} >= {"big-two.yaml"}
    assert started[0].pending is not None
    shutil.rmtree(big_game / ".cardforge-cache")  # the second lint parses every file again
    monkeypatch.setattr(parse_ahead, "early", lambda *args, **kwargs: parse_ahead.Ahead())
    alone = _report(big_game)
    assert early == alone
    assert early[0] == 1 and any(code == "CF005" and name == "big-two.yaml" for code, name, _, _ in early[1])
