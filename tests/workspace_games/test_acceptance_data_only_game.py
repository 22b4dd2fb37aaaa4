"""Acceptance of issue 14, scenario 3, end to end: "a workspace game with only data (no Python
anywhere in the workspace) defines at least four field types, two expression rules and a
balance declaration, and everything works for it": `i18n update`, the rule booklet and the
quick reference, the png and tts exports, `explain`, `stats` and `schema`, each the
`cardforge` process run in the workspace `cardforge new goblin-market` made (conftest.py).
Exports are written under their own --out folder of the built workspace, at a low --dpi."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pypdfium2
import pytest
import yaml
from jsonschema import Draft202012Validator
from PIL import Image

from cardforge.model.card_sizes import preset_size
from tests.workspace_games.conftest import GAME, cardforge, copied

GAME_DIR = f"cards/{GAME}"
POINTS_PER_MM = 72 / 25.4
A4_MM, A5_MM = (210, 297), (148, 210)
DPI = 60


def load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def game_yaml(root: Path) -> dict:
    return load(root / GAME_DIR / "game.yaml")


def card_files(root: Path) -> dict[str, dict]:
    """The game's card files by name (every YAML file of the game but game.yaml)."""
    return {p.name: load(p) for p in sorted((root / GAME_DIR).glob("*.yaml")) if p.name != "game.yaml"}


def cards(root: Path) -> list[dict]:
    return [c for data in card_files(root).values() for c in data["cards"]]


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def built_alone(root: Path, out: str, *args: str) -> Path:
    """Run `cardforge build goblin-market ARGS --lang en --out OUT -q` in ``root`` (a folder
    of its own, so what is there is what this build wrote); return ``root/OUT/goblin-market``."""
    run = cardforge(root, "build", GAME, *args, "--lang", "en", "--out", out, "-q")
    assert run.code == 0, run.output
    folder = root / out / GAME
    assert folder.is_dir(), run.output
    return folder


def page_sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    document = pypdfium2.PdfDocument(pdf)
    return [tuple(x / POINTS_PER_MM for x in document[i].get_size()) for i in range(len(document))]


def test_the_new_game_is_only_data_with_four_field_types_two_expression_rules_and_a_balance(
        new_workspace):
    code = [p.relative_to(new_workspace).as_posix() for p in new_workspace.rglob("*")
            if p.suffix in (".py", ".pyc", ".pyi") or p.name == "__pycache__"]
    assert code == []
    info = game_yaml(new_workspace)
    types = {field["type"] for deck in info["decks"].values() for field in deck["fields"].values()}
    assert len(types) >= 4, types
    assert len([rule for rule in info["lint"] if rule.get("expect")]) >= 2
    assert info["balance"] and all(entry["deck"] in info["decks"] for entry in info["balance"])


def test_i18n_update_finds_every_catalog_up_to_date(new_workspace, tmp_path):
    root = copied(new_workspace, tmp_path)
    info = game_yaml(root)
    catalogs = {f"{GAME_DIR}/locale/{lang}/LC_MESSAGES/{domain}.po"
                for lang in info["languages"] if lang != info["source_language"]
                for domain in ("cards", "rules")}
    locale = root / GAME_DIR / "locale"
    before = {name: (locale / name).read_bytes() for name in files_under(locale)}
    run = cardforge(root, "i18n", "update", GAME)
    assert run.code == 0, run.output
    assert "0 catalog file(s) written" in run.output
    assert all((root / catalog).is_file() for catalog in catalogs)
    assert {name: (locale / name).read_bytes() for name in files_under(locale)} == before


def test_product_rules_writes_the_a5_booklet_alone(built_workspace):
    folder = built_alone(built_workspace.root, "only-rules", "--product", "rules")
    assert files_under(folder) == {f"{GAME}-rules-en.pdf"}
    sizes = page_sizes_mm(folder / f"{GAME}-rules-en.pdf")
    assert len(sizes) >= 3  # cover, contents, the rules
    assert all(size == pytest.approx(A5_MM, abs=0.5) for size in sizes)


def test_product_rulesheet_writes_the_quick_reference_with_every_section(built_workspace):
    folder = built_alone(built_workspace.root, "only-rulesheet", "--product", "rulesheet",
                         "--paper", "a4")
    assert files_under(folder) == {f"{GAME}-rulesheet-en.pdf"}
    pdf = folder / f"{GAME}-rulesheet-en.pdf"
    sizes = page_sizes_mm(pdf)
    assert 1 <= len(sizes) <= 2 and all(size == pytest.approx(A4_MM, abs=0.5) for size in sizes)
    rules = (built_workspace.root / GAME_DIR / "rules" / "rules.md").read_text(encoding="utf-8")
    document = pypdfium2.PdfDocument(pdf)
    text = " ".join(" ".join(document[i].get_textpage().get_text_range().split())
                    for i in range(len(document)))
    for heading in re.findall(r"^## (.+)$", rules, re.MULTILINE):
        assert heading in text


def test_product_png_writes_every_card_and_back_at_trim_plus_bleed(built_workspace):
    folder = built_alone(built_workspace.root, "only-png", "--product", "png", "--dpi", str(DPI))
    images = folder / f"{GAME}-png-en"
    expected = {f"back-{deck}.png" for deck in game_yaml(built_workspace.root)["decks"]}
    for card in cards(built_workspace.root):
        copies = card.get("quantity", 1)
        expected |= {f"{card['id']}.png"} if copies == 1 else \
            {f"{card['id']}-{n}.png" for n in range(1, copies + 1)}
    assert files_under(images) == expected
    card = game_yaml(built_workspace.root)["card"]
    width, height = preset_size(card["size"])
    size = tuple(math.floor((mm + 2 * card["bleed"]) / 25.4 * DPI + 0.5) for mm in (width, height))
    for name in sorted(expected):
        with Image.open(images / name) as image:
            assert (image.format, image.size) == ("PNG", size), name


def test_product_tts_writes_a_saved_object_holding_every_card_by_name(built_workspace):
    folder = built_alone(built_workspace.root, "only-tts", "--product", "tts", "--dpi", str(DPI))
    saved = json.loads((folder / f"{GAME}-tts-en" / f"{GAME}.json").read_text(encoding="utf-8"))
    decks = saved["ObjectStates"]
    deck_names = [deck["name"]["en"] for deck in game_yaml(built_workspace.root)["decks"].values()]
    assert sorted(d["Nickname"] for d in decks) == sorted(deck_names)
    held = Counter(c["Nickname"] for deck in decks for c in deck["ContainedObjects"])
    assert held == Counter({c["name"]["en"]: c.get("quantity", 1) for c in cards(built_workspace.root)})
    urls = {url for deck in decks for sheet in deck["CustomDeck"].values()
            for url in (sheet["FaceURL"], sheet["BackURL"])}
    assert urls and all(Path(unquote(urlparse(url).path)).is_file() for url in urls)


def test_explain_prints_the_rule_written_in_game_yaml(new_workspace):
    rule = next(r for r in game_yaml(new_workspace)["lint"] if r["code"] == "GM101")
    run = cardforge(new_workspace, "explain", "GM101")
    assert run.code == 0, run.output
    assert rule["message"] in run.stdout and rule["expect"] in run.stdout and rule["hint"] in run.stdout


def test_stats_prints_the_cost_curve_weights_and_r2(new_workspace):
    run = cardforge(new_workspace, "stats", GAME)
    assert run.code == 0, run.output
    weights = dict(re.findall(r"^(\S+)\s+(-?\d+\.\d\d)$", run.stdout, re.MULTILINE))
    # the curve monsters.yaml states: (attack + defence) / 2, plus 1 a keyword
    assert weights == {"intercept": "0.00", "strength": "0.50", "keywords=flying": "1.00",
                       "keywords=guard": "1.00", "keywords=venom": "1.00"}
    assert re.search(r"^R² 1\.00 over 8 cards", run.stdout, re.MULTILINE), run.stdout


@pytest.fixture(scope="module")
def card_schema(built_workspace) -> Draft202012Validator:
    """`cardforge schema goblin-market` run in the built workspace: a validator of the schema
    it wrote."""
    run = cardforge(built_workspace.root, "schema", GAME)
    assert run.code == 0, run.output
    written = built_workspace.root / "out" / "schemas" / f"{GAME}.schema.json"
    assert f"out/schemas/{GAME}.schema.json" in run.stdout.splitlines()
    schema = json.loads(written.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_schema_writes_a_schema_the_sample_card_files_fit(built_workspace, card_schema):
    files = card_files(built_workspace.root)
    assert len(files) >= 2
    for name, data in files.items():
        assert [error.message for error in card_schema.iter_errors(data)] == [], name


def test_the_written_schema_rejects_a_misspelt_field(built_workspace, card_schema):
    data = card_files(built_workspace.root)["monsters.yaml"]
    data["cards"][0]["atack"] = 3
    assert [error.json_path for error in card_schema.iter_errors(data)] == ["$.cards[0]"]
