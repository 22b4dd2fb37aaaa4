"""The product table (cardforge/products/product_registry.py ``PRODUCTS``) and the paper table
(cardforge/model/paper_units.py ``PAPER``) are the one source of what `cardforge build` offers:
the help texts are made from them, and the options, defaults and schemas that name a product,
a profile output or a paper are compared with them here. Each test would fail when a product
or paper is added to a table and not to the derived place (or the reverse).

Docs and the card size presets: tests/test_registry_docs.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import click
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.model.game_packs import lazy
from cardforge.model.paper_units import PAPER, PAPER_LABELS, paper_labels
from cardforge.products import product_help
from cardforge.products.product_builder import folder, output_path
from cardforge.products.product_options import PAPERS
from cardforge.products.product_registry import PRODUCTS, Product, card_exports
from cardforge.workspace.print_profiles import OUTPUTS, Profile, load_profile

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
STICKERS = Product("stickers", lazy("nowhere.at_all:build"), "sticker sheets of the icons",
                   ("<game>-stickers-<lang>-<paper>.pdf",))
"""A product that is not in the table (its builder is never called)."""


def build_option(name: str) -> click.Option:
    return next(p for p in main.commands["build"].params if p.name == name)


def build_help() -> str:
    result = CliRunner().invoke(main, ["build", "--help"], terminal_width=120)
    assert result.exit_code == 0, result.output
    return result.output


def listed_outputs(text: str) -> dict[str, list[str]]:
    """The listing at the end of `cardforge build --help`, parsed: product → its names."""
    listing = text[text.index("Products, written in out/<game>/"):text.index("Options:")]
    products: dict[str, list[str]] = {}
    for line in listing.splitlines():
        if match := re.fullmatch(r"\s+(<game>\S*)", line):
            products[list(products)[-1]].append(match[1])
        elif match := re.fullmatch(r"\s+([a-z]+) {2,}\S.*", line):
            products[match[1]] = []
    return products


def test_build_help_lists_every_product_and_what_it_writes():
    listed = listed_outputs(build_help())
    assert listed == {name: list(product.writes) for name, product in PRODUCTS.items()}
    assert list(listed)[-len(card_exports()):] == card_exports()  # the exports last, on their own


def test_product_option_help_names_every_product_and_each_export_with_its_summary():
    text = build_option("product").help
    assert text == product_help.product_option_help()
    listing = text.removeprefix("Only this product: ").split("  [default")[0]
    own, exports = listing.split(", or a card export: ")
    assert own.split(", ") == [name for name in PRODUCTS if name not in card_exports()]
    assert re.findall(r"(\w+) \(", exports) == card_exports()
    for name in card_exports():
        assert f"{name} ({PRODUCTS[name].summary})" in exports


@pytest.mark.parametrize("card_export", [False, True])
def test_a_product_added_to_the_table_is_in_both_help_texts(card_export):
    added = Product(**{**STICKERS.__dict__, "card_export": card_export})
    table = {**PRODUCTS, "stickers": added}
    option = product_help.product_option_help(table)
    own, exports = option.split(", or a card export: ")
    assert ("stickers (sticker sheets of the icons)" in exports) is card_export
    assert ("stickers" in own) is not card_export
    assert listed_outputs(product_help.outputs_listing(table) + "\nOptions:")["stickers"] == [
        "<game>-stickers-<lang>-<paper>.pdf"]
    assert "stickers" not in product_help.product_option_help()  # the default is the real table


def test_every_name_a_product_writes_is_the_one_output_path_makes():
    """Each pattern names, under ``out/<game>/``, ``folder``'s ``<game>-<product>-<lang>``
    (a folder, or with ``.pdf``) or ``output_path``'s ``<game>-<product>-<lang>-<variant>``;
    a product a print-shop profile makes may carry the profile's id in its name's place."""
    options, game = SimpleNamespace(out=Path("out")), SimpleNamespace(id="<game>")
    for name, product in PRODUCTS.items():
        slots = [name, "<profile>"] if product.profile_output else [name]
        for written in product.writes:
            top = written.split("/")[0]
            assert any(top in (folder(options, game, slot, "<lang>").name,
                               folder(options, game, slot, "<lang>").with_suffix(".pdf").name)
                       or top.startswith(output_path(options, game, slot, "<lang>", "").name)
                       for slot in slots), (name, written)


def test_profile_outputs_are_the_products_profiles_make():
    made = [product.profile_output for product in PRODUCTS.values() if product.profile_output]
    assert sorted(OUTPUTS) == sorted(made)
    profile = json.loads((SCHEMAS / "profile.schema.json").read_text(encoding="utf-8"))
    assert sorted(profile["properties"]["output"]["enum"]) == sorted(made)


def test_paper_choices_and_defaults_are_the_paper_table():
    assert list(build_option("paper").type.choices) == [*PAPER, "all"]
    assert " and ".join(PAPER) in build_option("paper").help
    assert PAPERS == tuple(PAPER) == Profile(id="x", path=Path("x.toml"), name="x", output="sheets").papers
    assert load_profile(REPO / "profiles" / "tgc-poker.toml").papers == tuple(PAPER)  # names none


def test_every_paper_has_a_label_and_help_spells_papers_from_the_table():
    """The saddle-stitch help names the papers from PAPER_LABELS; no help hand-writes them."""
    assert list(PAPER_LABELS) == list(PAPER)
    assert paper_labels() in build_option("imposition").help
    from cardforge import cli

    written = [name for name, command in cli.main.commands.items() if paper_labels() in (command.help or "")]
    assert written == []  # a docstring says "the sheets of --paper", not the papers by name


def test_every_schema_enum_of_papers_is_the_paper_table():
    enums = [enum for path in sorted(SCHEMAS.glob("*.schema.json"))
             for enum in _enums(json.loads(path.read_text(encoding="utf-8"))) if set(enum) & set(PAPER)]
    assert len(enums) >= 2  # config.schema.json's paper, profile.schema.json's papers
    assert all(enum == list(PAPER) for enum in enums), enums


def _enums(node: object) -> list[list[object]]:
    """Every ``enum`` list anywhere in a schema."""
    if isinstance(node, dict):
        own = [node["enum"]] if isinstance(node.get("enum"), list) else []
        return own + [enum for value in node.values() for enum in _enums(value)]
    if isinstance(node, list):
        return [enum for value in node for enum in _enums(value)]
    return []


def test_every_product_a_game_or_game_yaml_names_is_in_the_table():
    from cardforge.model import print_copies, workspace_game
    from cardforge.model.game_packs import discover

    named = {pack: set(spec.products) for pack, spec in discover().items()}
    named["workspace games' booklets"] = set(workspace_game.BOOKLET_PRODUCTS)
    assert {where: names - set(PRODUCTS) for where, names in named.items() if names - set(PRODUCTS)} == {}
    game = json.loads((SCHEMAS / "game.schema.json").read_text(encoding="utf-8"))
    assert list(game["properties"]["print"]["properties"]) == list(print_copies.PRODUCTS)
    assert set(print_copies.PRODUCTS) <= set(PRODUCTS) - set(card_exports())


def test_cards_a_sheet_the_build_help_quotes_are_the_layouts():
    from cardforge.model.card_geometry import CardGeometry
    from cardforge.model.card_sizes import preset_size
    from cardforge.render.impose.slot_grid import layout_grid

    quoted = re.findall(r"\((\d+) ([a-z-]+) cards on (\w+)\)", " ".join(build_help().split()))
    assert quoted
    for count, preset, paper in quoted:
        card = CardGeometry(*preset_size(preset), 3.0, 4.0)
        assert layout_grid(card, paper.lower()).per_sheet == int(count)
