"""CF022 rulebook coverage: every game declares its rulebook's outline in game.yaml
(`rulebook: sections:`) and every `#` section of its booklet names the outline sections it
covers with [[covers:]]. The shipped games are clean; a planted uncovered section is
reported at its line in game.yaml, a booklet section citing none at its heading, an unknown
id at its directive; a workspace game gets the same check."""

from __future__ import annotations

import pytest

from cardforge.problem import Severity
from tests.lint.planting import GAMES, copy_game, found, line_of, lint, new_game, plant


@pytest.mark.parametrize("game", GAMES)
def test_each_shipped_game_declares_an_outline_its_booklet_covers(tmp_path, game):
    folder = copy_game(tmp_path, game)
    assert "rulebook:" in (folder / "game.yaml").read_text(encoding="utf-8")
    assert found(lint(folder), "CF022") == []


def test_a_planted_uncovered_section_is_reported_at_its_line(tmp_path):
    folder = copy_game(tmp_path, "dixe-on-card")
    manifest = folder / "game.yaml"
    plant(manifest, "    - {id: special-cases, title: Details and special cases}\n",
          "    - {id: special-cases, title: Details and special cases}\n"
          "    - {id: variants, title: Variants}\n")
    line = line_of(manifest, "id: variants")
    problems = [p for p in lint(folder) if p.code == "CF022"]
    assert [(p.severity, p.path.name, p.line) for p in problems] == [
        (Severity.ERROR, "game.yaml", line)]
    assert "'variants' (Variants) is covered by no booklet section" in problems[0].message
    assert "[[covers: variants]]" in problems[0].hint


def test_a_section_no_longer_cited_is_uncovered(tmp_path):
    """Dice Tuners' three-player duels, cited by one booklet section only: take the
    citation away and the outline's entry is reported."""
    folder = copy_game(tmp_path, "dice-tuners")
    plant(folder / "rules" / "rules.md", "[[covers: three-players]]\n", "[[covers: duel]]\n")
    problems = [p for p in lint(folder) if p.code == "CF022"]
    assert [(p.path.name, p.line) for p in problems] == [
        ("game.yaml", line_of(folder / "game.yaml", "id: three-players"))]


def test_a_booklet_section_citing_none_and_an_unknown_id(tmp_path):
    folder = copy_game(tmp_path, "writers-battle")
    rules = folder / "rules" / "rules.md"
    plant(rules, "# ページ\n\n[[covers: pages]]\n", "# ページ\n\n")
    plant(rules, "[[covers: down-phase]]", "[[covers: down-phase, draw-phase]]")
    problems = sorted((p for p in lint(folder) if p.code == "CF022"), key=lambda p: (p.path.name, p.line))
    assert [(p.path.name, p.line) for p in problems] == [
        ("game.yaml", line_of(folder / "game.yaml", "id: pages,")),
        ("rules.md", line_of(rules, "# ページ")),
        ("rules.md", line_of(rules, "draw-phase")),
    ]
    assert "names no rulebook section it covers" in problems[1].message
    assert "'draw-phase', which is not a section of the rulebook outline" in problems[2].message


def test_a_workspace_game_with_its_own_outline_is_checked(tmp_path):
    folder = new_game(tmp_path)
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + "\nrulebook:\n  source: our-rules.txt\n  sections:\n"
                          "    - {id: setup, title: Setting up}\n    - {id: turn, title: A turn}\n",
                        encoding="utf-8")
    rules = folder / "rules" / "rules.md"
    plant(rules, "## Setting up\n", "## Setting up\n\n[[covers: setup]]\n")
    problems = [p for p in lint(folder) if p.code == "CF022"]
    assert [(p.path.name, p.line) for p in problems] == [("game.yaml", line_of(manifest, "id: turn"))]


def test_covers_without_an_outline_is_an_error_at_the_directive(tmp_path):
    folder = new_game(tmp_path)
    rules = folder / "rules" / "rules.md"
    plant(rules, "## Setting up\n", "## Setting up\n\n[[covers: setup]]\n")
    problems = [p for p in lint(folder) if p.code == "CF022"]
    assert [(p.path.name, p.line) for p in problems] == [("rules.md", line_of(rules, "[[covers: setup]]"))]
    assert "declares no rulebook outline" in problems[0].message
