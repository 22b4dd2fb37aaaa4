"""``cardforge new``: a workspace game as data that lints clean and builds at once; refusals
that write nothing; ``--from`` copies of built-in games."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pypdfium2
import pytest
import yaml
from babel.messages.pofile import read_po
from click.testing import CliRunner
from referencing import Registry, Resource

from cardforge.boundary.resources import cards_dir, schemas_dir, templates_dir
from cardforge.cli import main
from cardforge.scaffold.sample_game import RESERVED_PREFIXES, code_prefix, rules_translations

GAME = "goblin-market"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def new_game(workspace: Path, *args: str) -> str:
    result = run("new", GAME, "-w", str(workspace), *args)
    assert result.exit_code == 0, result.output
    return result.output


def load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    """One new game, shared by the tests that only read it."""
    folder = tmp_path_factory.mktemp("ws")
    new_game(folder)
    return folder


def test_writes_a_game_its_templates_rules_catalogs_and_configuration(workspace):
    game = workspace / "cards" / GAME
    assert files_under(game) >= {"game.yaml", "monsters.yaml", "treasures.yaml", "rules/rules.md",
                                 "locale/rules.pot", "locale/cards.pot",
                                 "locale/fr/LC_MESSAGES/rules.po", "locale/fr/LC_MESSAGES/cards.po"}
    assert files_under(workspace / "templates" / GAME) >= {
        "front.html.j2", "back.html.j2", "style.css", "icons/coin.svg"}
    config = tomllib.loads((workspace / "cardforge.toml").read_text(encoding="utf-8"))
    jsonschema.validate(config, json.loads((schemas_dir() / "config.schema.json").read_text()))
    for path in (game / "game.yaml", game / "monsters.yaml", game / "treasures.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "%%" not in text
        schema = "game" if path.name == "game.yaml" else GAME
        first = f"# yaml-language-server: $schema=../../out/schemas/{schema}.schema.json"
        assert text.splitlines()[0] == first


def test_game_yaml_declares_fields_lint_rules_balance_and_facts_and_fits_its_schema(workspace):
    info = load(workspace / "cards" / GAME / "game.yaml")
    registry = Registry().with_resources(
        (name, Resource.from_contents(json.loads((schemas_dir() / name).read_text())))
        for name in ("card.schema.json", "game.schema.json"))
    schema = json.loads((schemas_dir() / "game.schema.json").read_text())
    assert list(jsonschema.Draft202012Validator(schema, registry=registry).iter_errors(info)) == []
    assert info["id"] == GAME and info["name"] == {"en": "Goblin Market", "fr": "Goblin Market"}
    assert info["languages"] == ["en", "fr"] and info["source_language"] == "en"
    assert set(info["decks"]) == {"monsters", "treasures"}
    types = {f["type"] for deck in info["decks"].values() for f in deck["fields"].values()}
    assert types >= {"integer", "enum", "keywords", "localized", "boolean"}
    rules = {(r["code"], r.get("each", "card")) for r in info["lint"]}
    assert rules == {("GM101", "card"), ("GM102", "deck")}
    assert info["balance"] == [{"deck": "monsters", "cost": "cost",
                                "power": [{"strength": "attack + defence"}, "keywords"]}]
    assert all(isinstance(info["facts"][k], int) for k in ("market_size", "points_to_win"))


def test_sample_cards_are_in_both_languages_and_costs_follow_the_stated_curve(workspace):
    game = workspace / "cards" / GAME
    monsters = load(game / "monsters.yaml")["cards"]
    treasures = load(game / "treasures.yaml")["cards"]
    assert 6 <= len(monsters) <= 8 and 3 <= len(treasures) <= 4
    for card in monsters + treasures:
        assert set(card["name"]) == {"en", "fr"}
        assert set(card.get("text", {"en": 1, "fr": 1})) == {"en", "fr"}
    for m in monsters:  # the curve game.yaml's balance comment states, so CF011 has nothing to say
        assert m["cost"] == (m["attack"] + m["defence"]) / 2 + len(m.get("keywords", [])), m["id"]
    assert any(":coin:" in card.get("text", {}).get("en", "") for card in monsters + treasures)


def test_rules_use_facts_and_the_french_catalogs_are_complete(workspace):
    game = workspace / "cards" / GAME
    assert "{points_to_win}" in (game / "rules" / "rules.md").read_text(encoding="utf-8")
    for domain in ("rules", "cards"):
        with open(game / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po", "rb") as handle:
            messages = [m for m in read_po(handle) if m.id]
        assert messages and all(m.string and not m.fuzzy for m in messages), domain
    rules_po = game / "locale" / "fr" / "LC_MESSAGES" / "rules.po"
    assert "Mise en place" in rules_po.read_text(encoding="utf-8")
    update = run("i18n", "update", "-w", str(workspace))
    assert update.exit_code == 0 and "0 catalog file(s) written" in update.output


def test_every_sample_rules_text_has_its_french_translation():
    table = rules_translations("fr")
    assert len(table) > 10 and all(table.values())
    assert rules_translations("xx") == {}


def test_lint_is_clean_and_the_build_prints_the_sample_cards(workspace):
    lint = run("lint", "-w", str(workspace), "--strict")
    assert lint.exit_code == 0, lint.output
    build = run("build", GAME, "-w", str(workspace), "--paper", "a4", "--product", "cards", "-q")
    assert build.exit_code == 0, build.output
    out = workspace / "out" / GAME
    for pdf, name in ((f"{GAME}-cards-en-a4.pdf", "Stone Sentinel"), (f"{GAME}-cards-fr-a4.pdf", "Vouivre")):
        document = pypdfium2.PdfDocument(out / pdf)
        text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
        assert name in text and "Goblin Market" in text  # a front, and a back


def test_the_balance_check_points_at_the_one_monster_whose_cost_is_off(tmp_path):
    new_game(tmp_path)
    monsters = tmp_path / "cards" / GAME / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    viper = text.index("id: marsh-viper")
    monsters.write_text(text[:viper] + text[viper:].replace("cost: 3", "cost: 5", 1), encoding="utf-8")
    line = text[:viper].count("\n") + 3
    result = run("lint", "-w", str(tmp_path))
    reported = [row for row in result.output.splitlines() if " CF011 " in row]
    assert reported == [row for row in reported if row.startswith(f"cards/{GAME}/monsters.yaml:{line}:")]
    assert len(reported) == 1, result.output


def test_prints_every_file_written_and_what_to_run_next(tmp_path):
    output = new_game(tmp_path, "--name", "Goblin: the Market")
    assert "cards/goblin-market/game.yaml" in output and "templates/goblin-market/icons/coin.svg" in output
    assert "cards/goblin-market/locale/fr/LC_MESSAGES/rules.po" in output
    assert "cardforge build goblin-market" in output
    assert load(tmp_path / "cards" / GAME / "game.yaml")["name"]["en"] == "Goblin: the Market"


def test_keeps_the_configuration_the_workspace_has(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.cardforge]\npaper = "a4"\n', encoding="utf-8")
    new_game(tmp_path)
    assert not (tmp_path / "cardforge.toml").exists()


@pytest.mark.parametrize("game_id", ["Goblin", "goblin_market", "goblin market", "goblin--market", "goblin-",
                                     "a" * 65, "../escape"])
def test_refuses_an_id_that_is_not_one(tmp_path, game_id):
    result = run("new", game_id, "-w", str(tmp_path))
    assert result.exit_code == 2 and "cannot be a game id" in result.output and "hint:" in result.output
    assert list(tmp_path.iterdir()) == []


def test_refuses_an_installed_pack_id_pointing_at_from(tmp_path):
    result = run("new", "dice-girls", "-w", str(tmp_path))
    assert result.exit_code == 2 and "--from dice-girls" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("folder", ["cards", "templates"])
def test_refuses_a_game_whose_folder_is_there_and_writes_nothing(tmp_path, folder):
    (tmp_path / folder / GAME).mkdir(parents=True)
    result = run("new", GAME, "-w", str(tmp_path))
    assert result.exit_code == 2 and f"{folder}/{GAME} already exists" in result.output
    assert files_under(tmp_path) == set()


def test_refuses_to_write_through_a_link_out_of_the_workspace(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "templates").symlink_to(outside)
    result = run("new", GAME, "-w", str(workspace))
    assert result.exit_code == 2 and "outside the workspace" in result.output
    assert files_under(tmp_path) == set()


def test_a_failure_after_writing_takes_everything_back(tmp_path, monkeypatch):
    from cardforge.commands import new_command as command

    def broken(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(command, "make_catalogs", broken)
    result = run("new", GAME, "-w", str(tmp_path))
    assert result.exit_code == 2 and "No space left" in result.output and "Traceback" not in result.output
    assert files_under(tmp_path) == set() and list(tmp_path.iterdir()) == []


def test_needs_an_id_or_from(tmp_path):
    result = run("new", "-w", str(tmp_path))
    assert result.exit_code == 2 and "cardforge new goblin-market" in result.output


def test_lint_code_prefix_comes_from_the_id_and_avoids_codes_in_use():
    taken = set(RESERVED_PREFIXES)
    assert code_prefix("goblin-market", taken) == "GM"
    assert code_prefix("my-big-card-game", taken) == "MBC"
    assert code_prefix("dungeon", taken) == "DU"
    assert code_prefix("dice-girls-two", taken) == "DI"  # not DGT: ignore = ["DG"] would catch it
    assert code_prefix("x", taken) == code_prefix("42", taken) == "WG"
    assert code_prefix("goblin-market", taken | {"GM"}) == "GO"


def test_a_second_game_gets_a_prefix_of_its_own(tmp_path):
    new_game(tmp_path)
    result = run("new", "great-mages", "-w", str(tmp_path))
    assert result.exit_code == 0, result.output
    codes = [r["code"] for r in load(tmp_path / "cards" / "great-mages" / "game.yaml")["lint"]]
    assert codes == ["GR101", "GR102"]
    assert run("lint", "-w", str(tmp_path)).exit_code == 0


def test_from_copies_a_built_in_game_under_its_own_id(tmp_path):
    result = run("new", "--from", "dice-girls", "-w", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "still provides its rules and face data" in result.output
    source = cards_dir() / "dice-girls"
    copied = tmp_path / "cards" / "dice-girls"
    assert files_under(copied) == files_under(source) >= {"game.yaml", "rules/rules.md",
                                                           "locale/en/LC_MESSAGES/rules.po"}
    for name in files_under(source):
        original, copy = (source / name).read_bytes(), (copied / name).read_bytes()
        if name.endswith(".yaml"):  # the editor's schema is where `cardforge schema` writes it
            original = original.replace(b"$schema=../../schemas/", b"$schema=../../out/schemas/", 1)
        assert copy == original, name
    assert (copied / "idols.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../out/schemas/dice-girls.schema.json\n")
    assert files_under(tmp_path / "templates" / "dice-girls") == files_under(templates_dir() / "dice-girls")
    assert run("lint", "-w", str(tmp_path)).exit_code == 0


def test_from_refuses_another_id_an_unknown_game_and_a_copy_already_there(tmp_path):
    other = run("new", "my-girls", "--from", "dice-girls", "-w", str(tmp_path))
    assert other.exit_code == 2 and "keeps its id" in other.output
    unknown = run("new", "--from", "no-such-game", "-w", str(tmp_path))
    assert unknown.exit_code == 2 and "no built-in game 'no-such-game'" in unknown.output
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "cards" / "dice-girls").mkdir(parents=True)
    again = run("new", "--from", "dice-girls", "-w", str(tmp_path))
    assert again.exit_code == 2 and "already exists" in again.output


def test_help_explains_the_command():
    result = run("new", "--help")
    assert result.exit_code == 0
    assert "--from" in result.output and "--workspace" in result.output and "data only" in result.output


def test_games_lists_a_new_workspace_game_after_the_installed_packs(tmp_path):
    from click.testing import CliRunner

    from cardforge.cli import main

    runner = CliRunner()
    assert runner.invoke(main, ["new", "goblin-market", "-w", str(tmp_path)]).exit_code == 0
    listed = runner.invoke(main, ["games", "-w", str(tmp_path)])
    assert listed.exit_code == 0, listed.output
    installed, ours = listed.output.split("defined in this workspace")
    assert "comic-creator" in installed and "goblin-market" not in installed
    line = next(line for line in ours.splitlines() if line.startswith("goblin-market"))
    assert "monsters, treasures" in line and "GM101–GM102" in line
